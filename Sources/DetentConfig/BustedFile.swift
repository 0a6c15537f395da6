import DetentLua
import DetentPlatform
import FoundationEssentials

/// A project's `.busted` file, read as busted reads it (issue 27 §2): Lua code returning a
/// table of tasks, of which `default` (or the one `detent run --run NAME` names) is merged
/// over `_all`. Its keys become a configuration layer under detent.toml's, in detent.toml's
/// spelling — `ROOT` → `run.scenarios`, `pattern`/`exclude-pattern` → `run.pattern` /
/// `run.exclude_pattern`, `lpath`/`cpath` → `lua.path`/`lua.cpath`, `tags`/`exclude-tags`,
/// `helper`, `shuffle`, `seed`, `verbose`, and `output` where a Detent format matches — so
/// detent.toml wins where both set a key, and `detent config` shows which file set it. With
/// no `ROOT`, the specs are busted's default, `spec`. A key
/// Detent does not use is named once in a notice rather than ignored in silence.
package struct BustedFile {
    static let fileName = ".busted"
    /// busted's ROOT when none is given: what `busted` with no arguments runs.
    package static let defaultRoot = "spec"

    /// The layer (detent.toml's shape) and the notices for the keys Detent does not use.
    var layer: [String: ConfigValue] = [:]
    /// detent.toml key → the key as .busted spells it.
    var writtenKeys: [String: String] = [:]
    var notices: [String] = []

    /// busted's output handlers that are Detent formats.
    static let outputs = ["TAP": "tap", "tap": "tap", "junit": "junit", "json": "json", "utfTerminal": "console",
                          "plainTerminal": "console"]

    /// Evaluates `text` (the file `file`, as shown) and reads task `task`.
    init(text: String, file: String, task: String) throws {
        let lua = LuaState(libraries: .safe)
        lua.instructionBudget = 10_000_000
        lua.memoryCap = 16 << 20
        let entries: [String]
        do {
            try lua.load(BustedFile.flatten, chunkName: "=(detent .busted reader)")
            try lua.load(text, chunkName: file)
            lua.push(task)
            try lua.call(argumentCount: 2, resultCount: 1)
            entries = (1...max(lua.rawLength(at: -1), 1)).compactMap { i -> String? in
                guard lua.rawLength(at: -1) >= i else { return nil }
                _ = lua.rawGet(index: i, inTableAt: -1)
                defer { lua.pop() }
                return lua.string(at: -1)
            }
        } catch let error as LuaError {
            // "FILE:LINE: message" from Lua, or the reader's own sentence.
            let message = error.message
            if message.hasPrefix(file + ":") {
                let rest = message.dropFirst(file.count + 1)
                if let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]) {
                    throw ConfigError(file: file, line: line, String(rest[rest.index(after: colon)...]).trimmingSpaces())
                }
            }
            throw ConfigError(file: file, message)
        }
        for entry in entries {
            let parts = entry.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
            try read(key: parts[0], kind: parts[1], values: Array(parts.dropFirst(2)), file: file, task: task)
        }
        // busted runs spec/ when the task names no ROOT; so does `detent run` in its project.
        if writtenKeys["run.scenarios"] == nil {
            set("run.scenarios", .array([.string(BustedFile.defaultRoot)]), from: "ROOT (busted's default)")
        }
    }

    private mutating func set(_ key: String, _ value: ConfigValue, from written: String) {
        let parts = key.split(separator: ".").map(String.init)
        var section: [String: ConfigValue] = [:]
        if case let .table(existing)? = layer[parts[0]] { section = existing }
        section[parts[1]] = value
        layer[parts[0]] = .table(section)
        writtenKeys[key] = written
    }

    private mutating func read(key: String, kind: String, values: [String], file: String, task: String) throws {
        func list() -> [ConfigValue] { values.filter { !$0.isEmpty }.map(ConfigValue.string) }
        func commaList() -> [ConfigValue] {
            values.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.map(ConfigValue.string)
        }
        func problem(_ expected: String) -> ConfigError {
            ConfigError(file: file, "'\(key)' of task '\(task)' must be \(expected), found a \(kind == "list" ? "table" : kind)")
        }
        switch key {
        case "ROOT":
            set("run.scenarios", .array(list()), from: key)
        case "pattern", "exclude-pattern":
            set(key == "pattern" ? "run.pattern" : "run.exclude_pattern", .array(list()), from: key)
        case "lpath", "cpath":
            guard kind == "string" else { throw problem("a string of ';'-separated templates") }
            let templates = values[0].split(separator: ";").map(String.init).filter { !$0.isEmpty }
            set(key == "lpath" ? "lua.path" : "lua.cpath", .array(templates.map(ConfigValue.string)), from: key)
        case "tags", "exclude-tags":
            set(key == "tags" ? "run.tags" : "run.exclude_tags", .array(commaList()), from: key)
        case "helper":
            guard kind == "string" else { throw problem("a file name") }
            set("run.helper", .string(values[0]), from: key)
        case "shuffle", "verbose":
            guard kind == "boolean" else { throw problem("true or false") }
            set("run." + key, .boolean(values[0] == "true"), from: key)
        case "seed":
            guard kind == "number", let seed = Int64(values[0]) else { throw problem("a whole number") }
            set("run.seed", .integer(seed), from: key)
        case "output":
            guard kind == "string", let format = BustedFile.outputs[values[0]] else {
                notices.append("\(file): output '\(values.first ?? "")' of task '\(task)' has no Detent format (console, tap, junit, json); the console is used")
                return
            }
            set("run.output", .string(format), from: key)
        default:
            notices.append("\(file): '\(key)' of task '\(task)' is not used by Detent")
        }
    }

    /// Runs the file's chunk, merges task `task` over `_all` and returns its keys flattened:
    /// `key \1 type \1 value` (a list: `key \1 list \1 v1 \1 v2 …`), sorted.
    private static var flatten: String { String(decoding: PackageResources.busted_file_lua, as: UTF8.self) }
}
