import DetentLua
import DetentPlatform

/// The whole configuration as one table, in detent.toml's shape — `[run]`, `[limits]`,
/// `[plugins]`, `[lua]` at the top, `[[device]]` entries, `[engine.*]` and `[daemon.*]` —
/// built by laying files over each other, each key remembering the file and line it came
/// from. The built-in files come first and hold every key; a config folder's files and the
/// project file override only what they set.
public struct ConfigTree: Equatable, Sendable {
    public private(set) var table: [String: ConfigValue] = [:]
    public private(set) var origins = ConfigOrigins()

    public init() {}

    /// How `[[device]]` entries of a layer join those below.
    enum Devices {
        /// The layer's list replaces the one below (a folder's devices.toml is the whole list).
        case replace
        /// Each entry replaces the one of the same name, or is added (detent.toml's extra devices).
        case byName
    }

    /// Keys whose values are paths (or lists of paths, or `?` templates): resolved when their
    /// file is laid, against the `base` the caller gives — the project file's folder for
    /// detent.toml and the built-in files, the working folder for a --config folder's files
    /// (as they always were: such a folder is often a copy of config/ beside the specs).
    static let pathKeys = ["run.scenarios", "run.helper", "plugins.paths", "lua.path", "lua.cpath", "daemon.socket.path"]

    /// The built-in files laid, their relative paths resolved against `base` (the project
    /// folder): what every other layer goes over.
    static func builtIn(base: String) throws -> ConfigTree {
        var tree = ConfigTree()
        for file in BuiltInConfig.files {
            try tree.lay(text: file.text, file: "config/" + file.name, kind: .builtIn, prefix: file.prefix, allowed: file.allowed,
                         base: base, devices: .replace)
        }
        return tree
    }

    /// Lays one file's text, whose top level sits at `prefix` in the tree ("" for
    /// runner.toml and detent.toml, "engine" for engine.toml, "daemon" for daemon.toml).
    /// `allowed` are the file's valid top-level keys; `base` is the absolute folder its
    /// relative paths are resolved against.
    mutating func lay(text: String, file: String, kind: ConfigOrigin.Kind, prefix: String, allowed: [String],
                      base: String, devices: Devices) throws {
        let parsed = try ConfigReader.parse(file: file, text: text)
        // A folder's devices.toml is the whole list: one that lists none is a mistake, not "no change".
        if devices == .replace, allowed == ["device"], parsed.table["device"] == nil {
            throw ConfigError(file: file, "lists no device (expected [[device]] entries; a config folder's devices.toml replaces the built-in list)")
        }
        let layerOrigins = ConfigOrigins(file: file, kind: kind, lines: parsed.lines, prefix: prefix)
        var layer = prefix.isEmpty ? parsed.table : [prefix: .table(parsed.table)]
        let reader = ConfigReader(tree: ConfigTree(table: layer, origins: layerOrigins), fallbackFile: file)
        try (prefix.isEmpty ? reader : try reader.table(prefix)).rejectUnknownKeys(allowed)
        for key in ConfigTree.pathKeys { ConfigTree.resolvePaths(at: key.split(separator: ".").map(String.init)[...], in: &layer, base: base) }
        lay(layer, origins: layerOrigins, devices: devices)
    }

    /// Lays values read from another format (a `.busted` file): `values` in detent.toml's
    /// shape, `writtenKeys` their spelling in `file` (which has no lines to name), relative
    /// paths resolved against `base`.
    mutating func lay(values: [String: ConfigValue], file: String, writtenKeys: [String: String], base: String) {
        var layer = values
        for key in ConfigTree.pathKeys { ConfigTree.resolvePaths(at: key.split(separator: ".").map(String.init)[...], in: &layer, base: base) }
        var layerOrigins = ConfigOrigins()
        for (key, written) in writtenKeys { layerOrigins[key] = ConfigOrigin(kind: .file, name: file, writtenKey: written) }
        lay(layer, origins: layerOrigins, devices: .replace)
    }

    /// Lays one value set by a flag or the environment.
    mutating func set(_ key: String, to value: ConfigValue, origin: ConfigOrigin) {
        var layer: [String: ConfigValue] = [:]
        let parts = key.split(separator: ".").map(String.init)
        var nested = value
        for part in parts.dropFirst().reversed() { nested = .table([part: nested]) }
        layer[parts[0]] = nested
        var layerOrigins = ConfigOrigins()
        layerOrigins[key] = origin
        lay(layer, origins: layerOrigins, devices: .replace)
    }

    private init(table: [String: ConfigValue], origins: ConfigOrigins) {
        self.table = table
        self.origins = origins
    }

    private mutating func lay(_ layer: [String: ConfigValue], origins layerOrigins: ConfigOrigins, devices: Devices) {
        for (key, value) in layer {
            if key == "device", devices == .byName, case let .array(entries) = value, case let .array(existing)? = table[key] {
                table[key] = .array(merged(devices: entries, over: existing, layerOrigins: layerOrigins))
            } else {
                table[key] = merged(value, over: table[key], key: key, layerOrigins: layerOrigins)
            }
        }
    }

    /// Keys of an engine section that give one setting in different ways: the spring as one
    /// `spring` in any dialect, or as its three numbers. A layer that writes a key of one
    /// spelling replaces the other spelling below it whole (a project's `spring = "smooth"`
    /// over the built-in `spring_stiffness`), so that only a layer that writes both holds both
    /// — which the section's loader refuses, naming the two.
    static let alternativeSpellings: [Set<String>] = [["spring"], ["spring_mass", "spring_stiffness", "spring_damping_ratio"]]

    /// Engine keys whose table is one value: a layer's replaces the one below whole instead of
    /// merging with it key by key (a project's `spring = { duration = 0.4 }` over a folder's
    /// `spring = { stiffness = 300 }` would otherwise mix two dialects).
    static let wholeValues: Set<String> = ["spring"]

    /// The keys of `base` that a layer writing `written` in the same engine table replaces.
    static func keysReplaced(by written: Set<String>, in key: String) -> Set<String> {
        guard key.hasPrefix("engine.") else { return [] }
        var replaced = written.intersection(wholeValues)
        for spelling in alternativeSpellings where !spelling.isDisjoint(with: written) {
            for other in alternativeSpellings where other != spelling { replaced.formUnion(other.subtracting(written)) }
        }
        return replaced
    }

    /// `value` over `base`: tables merge key by key; anything else replaces, with its origins.
    private mutating func merged(_ value: ConfigValue, over base: ConfigValue?, key: String, layerOrigins: ConfigOrigins) -> ConfigValue {
        if case let .table(over) = value, case var .table(result)? = base {
            for name in ConfigTree.keysReplaced(by: Set(over.keys), in: key) where result[name] != nil {
                origins.remove(key + "." + name, children: result[name]!.holdsValues)
                result[name] = nil
            }
            for (name, sub) in over {
                result[name] = merged(sub, over: result[name], key: key + "." + name, layerOrigins: layerOrigins)
            }
            if let origin = layerOrigins[key] { origins[key] = origin }
            return .table(result)
        }
        if let base { origins.remove(key, children: base.holdsValues) }
        origins.copy(key, from: layerOrigins, to: key, children: value.holdsValues)
        return value
    }

    /// detent.toml's `[[device]]` entries over the list below: same name replaces, else added.
    private mutating func merged(devices entries: [ConfigValue], over existing: [ConfigValue], layerOrigins: ConfigOrigins) -> [ConfigValue] {
        var result = existing
        func name(_ value: ConfigValue) -> String? {
            if case let .table(fields) = value, case let .string(name)? = fields["name"] { return name }
            return nil
        }
        for (j, entry) in entries.enumerated() {
            let index = name(entry).flatMap { wanted in result.firstIndex { name($0) == wanted } } ?? result.count
            if index == result.count { result.append(entry) } else { result[index] = entry }
            let target = "device[\(index + 1)]"
            origins.remove(target, children: true)
            origins.copy("device[\(j + 1)]", from: layerOrigins, to: target, children: true)
        }
        return result
    }

    /// Makes the relative paths at `key` in `table` absolute against `base`: a string or a
    /// list of strings (anything else is left for the loaders to refuse).
    private static func resolvePaths(at key: ArraySlice<String>, in table: inout [String: ConfigValue], base: String) {
        guard let first = key.first, let value = table[first] else { return }
        if key.count > 1 {
            guard case var .table(sub) = value else { return }
            resolvePaths(at: key.dropFirst(), in: &sub, base: base)
            table[first] = .table(sub)
            return
        }
        func resolved(_ item: ConfigValue) -> ConfigValue {
            guard case let .string(path) = item, !path.isEmpty else { return item }
            return .string(PathText.absolute(path, base: base))
        }
        switch value {
        case .string: table[first] = resolved(value)
        case let .array(items): table[first] = .array(items.map(resolved))
        default: break
        }
    }
}

extension ConfigValue {
    /// Whether keys below this one can have origins of their own (a table or an array).
    fileprivate var holdsValues: Bool {
        switch self {
        case .table, .array: return true
        default: return false
        }
    }
}
