import DetentLua
import DetentScripting
import DetentJSON

/// `detent config`: the effective settings, one key a line in detent.toml's own spelling,
/// each with where its value came from (built-in, `FILE:line`, flag, environment), as `git
/// config --list --show-origin` shows them; or the same as JSON for tools.
public struct ConfigListing {
    /// One leaf setting.
    public struct Entry: Equatable {
        public var key: String
        public var value: ConfigValue
        public var origin: ConfigOrigin?
    }

    public let configuration: DetentConfiguration
    /// `package.path` and `package.cpath` as a spec of `detent run` gets them, with what
    /// they came from.
    public let packagePath: (value: String, origin: ConfigOrigin)
    public let packageCPath: (value: String, origin: ConfigOrigin)

    /// `environment`: the process's variables (LUA_PATH_5_4 and friends are read from it).
    public init(_ configuration: DetentConfiguration, environment: [String: String]) {
        self.configuration = configuration
        let inherited = ConfigListing.luaDefaults()
        func effective(_ entries: [String], _ variables: [String], inherited: String) -> (String, ConfigOrigin) {
            let variable = variables.first { environment[$0] != nil }
            let origin = ConfigOrigin(kind: variable == nil ? .builtIn : .environment,
                                      name: variable.map { "\($0) after [lua] entries" } ?? "Lua's default after [lua] entries",
                                      writtenKey: "")
            return ((entries + [inherited]).filter { !$0.isEmpty }.joined(separator: ";"), origin)
        }
        packagePath = effective(configuration.lua.path, ["LUA_PATH_5_4", "LUA_PATH"], inherited: inherited.path)
        packageCPath = effective(configuration.lua.cpath, ["LUA_CPATH_5_4", "LUA_CPATH"], inherited: inherited.cpath)
    }

    /// Every leaf of the tree, sorted by key (devices in their order), then the derived
    /// search paths.
    public var entries: [Entry] {
        var result: [Entry] = []
        let tree = configuration.source.tree
        func walk(_ key: String, _ value: ConfigValue) {
            switch value {
            case let .table(fields):
                for name in fields.keys.sorted() { walk(key.isEmpty ? name : key + "." + name, fields[name]!) }
            case let .array(items) where !items.isEmpty && items.allSatisfy({ if case .table = $0 { return true } else { return false } }):
                for (i, item) in items.enumerated() { walk("\(key)[\(i + 1)]", item) }
            default:
                result.append(Entry(key: key, value: value, origin: tree.origins.origin(of: key)))
            }
        }
        // Sections in detent.toml's order (run, limits, plugins, lua, device, engine, daemon).
        let order = BuiltInConfig.projectSections
        for name in tree.table.keys.sorted(by: { (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1) }) {
            walk(name, tree.table[name]!)
        }
        if configuration.lua.standardLibrary == nil {
            // Unset: each command's own (shown so that nobody has to guess).
            let index = (result.lastIndex { $0.key.hasPrefix("lua.") }).map { $0 + 1 } ?? result.count
            result.insert(Entry(key: "lua.stdlib", value: .string("(unset: full for run and console, sandboxed for daemon)"),
                                origin: ConfigOrigin(kind: .builtIn, name: "config/runner.toml", writtenKey: "lua.stdlib")), at: index)
        }
        let index = (result.lastIndex { $0.key.hasPrefix("lua.") }).map { $0 + 1 } ?? result.count
        result.insert(contentsOf: [Entry(key: "lua.package_path", value: .string(packagePath.value), origin: packagePath.origin),
                                   Entry(key: "lua.package_cpath", value: .string(packageCPath.value), origin: packageCPath.origin)],
                      at: index)
        return result
    }

    /// `key = value  # origin`, aligned, after a header naming the project file and folder.
    public var text: String {
        let source = configuration.source
        var out = "# project file: \(source.projectFile ?? "none (built-in defaults; `detent init` writes one)")\n"
        out += "# project folder: \(source.projectRoot)\n"
        if let folder = source.folder { out += "# config folder: \(folder)\n" }
        let lines = entries.map { ("\($0.key) = \(ConfigListing.toml($0.value))", $0.origin?.description ?? "") }
        let width = min(lines.map(\.0.count).max() ?? 0, 72)
        for (setting, origin) in lines {
            out += setting + String(repeating: " ", count: max(width - setting.count, 0)) + "  # " + origin + "\n"
        }
        return out
    }

    /// `{"project_file", "project_root", "config_folder", "settings": [{key, value, origin}]}`.
    public var json: JSONValue {
        let source = configuration.source
        let settings: [JSONValue] = entries.map { entry in
            var origin: JSONValue = .null
            if let o = entry.origin {
                origin = .object([("kind", .string(o.kind.rawValue)), ("name", .string(o.name)), ("line", .int(o.line)),
                                  ("description", .string(o.description))])
            }
            return .object([("key", .string(entry.key)), ("value", ConfigListing.json(entry.value)), ("origin", origin)])
        }
        return .object([("project_file", .string(source.projectFile)), ("project_root", .string(source.projectRoot)),
                        ("config_folder", .string(source.folder)), ("settings", .array(settings))])
    }

    /// Lua's own `package.path` and `package.cpath` (from LUA_PATH_5_4 / LUA_PATH or the
    /// compiled-in default), as the package library computes them.
    static func luaDefaults() -> (path: String, cpath: String) {
        let lua = LuaState(libraries: .all)
        lua.getGlobal("package")
        lua.rawGet(field: "path", inTableAt: -1)
        let path = lua.string(at: -1) ?? ""
        lua.pop()
        lua.rawGet(field: "cpath", inTableAt: -1)
        let cpath = lua.string(at: -1) ?? ""
        lua.pop(2)
        return (path, cpath)
    }

    static func toml(_ value: ConfigValue) -> String {
        switch value {
        case let .integer(i): return String(i)
        case let .number(d): return NumberRule.format(d)
        case let .string(s): return JSONValue.string(s).text
        case let .boolean(b): return b ? "true" : "false"
        case let .array(items): return "[" + items.map(toml).joined(separator: ", ") + "]"
        case let .table(fields): return "{ " + fields.keys.sorted().map { "\($0) = \(toml(fields[$0]!))" }.joined(separator: ", ") + " }"
        case let .other(typeName): return "(\(typeName))"
        }
    }

    static func json(_ value: ConfigValue) -> JSONValue {
        switch value {
        case let .integer(i): return .int(i)
        case let .number(d): return .double(d)
        case let .string(s): return .string(s)
        case let .boolean(b): return .bool(b)
        case let .array(items): return .array(items.map(json))
        case let .table(fields): return .object(fields.keys.sorted().map { ($0, json(fields[$0]!)) })
        case let .other(typeName): return .string("(\(typeName))")
        }
    }
}
