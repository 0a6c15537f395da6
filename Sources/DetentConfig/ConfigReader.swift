import FoundationEssentials
import TOMLKit
import DetentLua
import DetentMotion
import DetentScripting

/// Typed reads from one table of configuration that fail with a sentence naming where the
/// value came from, the dotted key, what was expected and what was found.
///
/// The table is plain data (`ConfigValue`) from either source, so a config file and a
/// script's `detent.world{config = {...}}` pass through the same loaders and the same rules;
/// only the wording of the errors follows the source:
/// - a file: `ConfigError` — `config/engine.toml: key 'drawer.spring_stiffness' must be a finite number > 0, found -1`;
/// - a Lua argument: `WorldRequestError` — `config.drawer.spring_stiffness: a finite number > 0 expected, got -1`,
///   which the binding puts after `bad argument #1 to 'world'`.
struct ConfigReader {
    /// Where the values came from.
    enum Source: Equatable {
        /// A file, as errors show it ("config/engine.toml", or a path under --config).
        case file(String)
        /// A table argument of the Lua API; keys are shown from the argument's own field
        /// ("config.drawer.spring_stiffness").
        case argument
    }

    let source: Source
    let table: [String: ConfigValue]
    /// The dotted key of this table ("" for a file's top level, "config" for an argument's).
    let path: String
    /// Where each key came from (files only): errors name that file, line and spelling.
    let origins: ConfigOrigins

    /// Parses a TOML file's text.
    init(file: String, text: String) throws {
        let parsed = try ConfigReader.parse(file: file, text: text)
        self.init(source: .file(file), table: parsed.table, path: "", origins: ConfigOrigins(file: file, kind: .file, lines: parsed.lines))
    }

    /// Reads a whole layered configuration (`ConfigTree`); errors name each key's own file.
    init(tree: ConfigTree, fallbackFile: String) {
        self.init(source: .file(fallbackFile), table: tree.table, path: "", origins: tree.origins)
    }

    /// Reads a table a script gave as the field `path` of a Lua API argument.
    init(argument table: [String: ConfigValue], path: String) {
        self.init(source: .argument, table: table, path: path, origins: ConfigOrigins())
    }

    private init(source: Source, table: [String: ConfigValue], path: String, origins: ConfigOrigins) {
        self.source = source
        self.table = table
        self.path = path
        self.origins = origins
    }

    /// A TOML text as plain data and the line of each key; syntax errors name `file:line:column`.
    static func parse(file: String, text: String) throws -> (table: [String: ConfigValue], lines: TOMLKeyLines) {
        let lines = try TOMLKeyLines(text: text, file: file)
        let parsed: TOMLTable
        do {
            parsed = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, column: error.source.begin.column, error.description)
        }
        return (plain(parsed), lines)
    }

    /// The file errors name (for a Lua argument, the argument: its errors are raised at the
    /// script's line).
    var file: String {
        switch source {
        case let .file(name): return name
        case .argument: return path
        }
    }

    func key(_ name: String) -> String { path.isEmpty ? name : path + "." + name }

    func has(_ name: String) -> Bool { table[name] != nil }

    // MARK: Errors

    /// `name` holds something other than `expected`; `found` as the message shows it (a
    /// number formatted by `NumberRule.format`, a quoted string), or nil to name the type of
    /// what is there.
    func mismatch(_ name: String, expected: String, found: String? = nil) -> Error {
        let found = found ?? describe(table[name])
        switch source {
        case .file: return fileError(name) { "key '\($0)' must be \(expected), found \(found)" }
        case .argument: return WorldRequestError(detail: "\(key(name)): \(expected) expected, got \(found)")
        }
    }

    /// `name` holds a string outside `names` (a curve, a tracker, a rate's name).
    func notOneOf(_ name: String, _ names: [String], found: String) -> Error {
        switch source {
        case .file:
            return fileError(name) { "key '\($0)' must be one of: \(names.joined(separator: ", ")) (found \"\(found)\")" }
        case .argument:
            return WorldRequestError(detail: "\(key(name)): one of \(names.joined(separator: ", ")) expected, got \"\(found)\"")
        }
    }

    /// A sentence about `name` that fits neither form above (only files have such keys).
    func problem(_ name: String, _ sentence: String) -> Error {
        switch source {
        case .file: return fileError(name) { "key '\($0)' \(sentence)" }
        case .argument: return WorldRequestError(detail: "\(key(name)) \(sentence)")
        }
    }

    /// An error about key `name` at the file and line it came from, with the key spelled as
    /// that file spells it (`sentence` gets the spelling).
    func fileError(_ name: String, _ sentence: (String) -> String) -> ConfigError {
        let full = key(name)
        guard let origin = origins.origin(of: full) else { return ConfigError(file: file, sentence(full)) }
        return ConfigError(file: origin.file, line: origin.line, sentence(origin.writtenKey))
    }

    /// What a value is, for "found …": "a string", "an integer", "nothing" in a file's words;
    /// "string", "number", "nil" in Lua's (as `bad argument` messages say it).
    private func describe(_ value: ConfigValue?) -> String {
        let lua = source == .argument
        guard let value else { return lua ? "nil" : "nothing" }
        let name: String
        switch value {
        case .integer: name = lua ? "number" : "integer"
        case .number: name = lua ? "number" : "floating-point number"
        case .string: name = "string"
        case .boolean: name = lua ? "boolean" : "bool"
        case .table: name = "table"
        case .array: name = lua ? "table" : "array"
        case let .other(typeName): name = typeName
        }
        if lua { return name }
        return (["a", "e", "i", "o", "u"].contains(name.prefix(1)) ? "an " : "a ") + name
    }

    // MARK: Reads

    func table(_ name: String) throws -> ConfigReader {
        guard case let .table(sub)? = table[name] else { throw mismatch(name, expected: "a table") }
        return ConfigReader(source: source, table: sub, path: key(name), origins: origins)
    }

    func optionalTable(_ name: String) throws -> ConfigReader? {
        has(name) ? try table(name) : nil
    }

    /// A list of strings (an empty list when the key is absent).
    func strings(_ name: String) throws -> [String] {
        guard let value = table[name] else { return [] }
        guard case let .array(items) = value else { throw mismatch(name, expected: "a list of strings") }
        return try items.map { item in
            guard case let .string(text) = item else { throw mismatch(name, expected: "a list of strings", found: "a list holding \(describe(item))") }
            return text
        }
    }

    /// A path or a list of paths (`scenarios = "spec"` or `scenarios = ["spec", "more"]`).
    func pathList(_ name: String) throws -> [String] {
        if case let .string(path)? = table[name] { return [path] }
        guard case .array? = table[name] else { throw mismatch(name, expected: "a path or a list of paths") }
        let paths = try strings(name)
        guard !paths.isEmpty else { throw problem(name, "must name at least one path") }
        return paths
    }

    func double(_ name: String) throws -> Double {
        switch table[name] {
        case let .number(d)?: return d
        case let .integer(i)?: return Double(i)
        default: throw mismatch(name, expected: "a number")
        }
    }

    func optionalDouble(_ name: String) throws -> Double? { has(name) ? try double(name) : nil }

    /// A number that satisfies `rule` (the same rules as the Lua API's arguments): finite,
    /// in range, whole where a count is meant. TOML's `nan` and `inf` are refused here.
    func number(_ name: String, _ rule: NumberRule) throws -> Double {
        let value = try double(name)
        try check(name, value, rule)
        return value
    }

    func optionalNumber(_ name: String, _ rule: NumberRule) throws -> Double? { has(name) ? try number(name, rule) : nil }

    /// Fails unless `value`, read from `name`, satisfies `rule`.
    func check(_ name: String, _ value: Double, _ rule: NumberRule) throws {
        guard rule.accepts(value) else { throw mismatch(name, expected: rule.expectation, found: NumberRule.format(value)) }
    }

    /// A whole number that satisfies `rule` (a `whole` rule), as an Int.
    func int(_ name: String, _ rule: NumberRule) throws -> Int {
        precondition(rule.whole, "int(_:_:) needs a whole-number rule")
        return Int(try number(name, rule))
    }

    func int(_ name: String) throws -> Int {
        guard case let .integer(i)? = table[name], let value = Int(exactly: i) else { throw mismatch(name, expected: "an integer") }
        return value
    }

    func optionalInt(_ name: String) throws -> Int? { has(name) ? try int(name) : nil }

    func string(_ name: String) throws -> String {
        guard case let .string(s)? = table[name] else { throw mismatch(name, expected: "a string") }
        return s
    }

    func optionalString(_ name: String) throws -> String? { has(name) ? try string(name) : nil }

    /// A string at `name`, if present, that must be one of `names`.
    func optionalName(_ name: String, oneOf names: [String]) throws -> String? {
        guard let value = try optionalString(name) else { return nil }
        guard names.contains(value) else { throw notOneOf(name, names, found: value) }
        return value
    }

    /// A timing curve's name: a built-in one, or a word a plugin may register — which only
    /// the plugins, loaded after the config, can tell (`DetentConfiguration.checkCurveNames`).
    func optionalCurveName(_ name: String) throws -> String? {
        guard let value = try optionalString(name) else { return nil }
        if CubicBezier.curveNames.contains(value) { return value }
        let isWord = value.first.map { $0.isLetter || $0 == "_" } == true
            && value.allSatisfy { $0.isLetter || $0.isNumber || "_.-".contains($0) }
        guard isWord else { throw notOneOf(name, CubicBezier.curveNames + ["a curve a plugin registers"], found: value) }
        return value
    }

    func optionalBool(_ name: String) throws -> Bool? {
        guard has(name) else { return nil }
        guard case let .boolean(b)? = table[name] else { throw mismatch(name, expected: "true or false") }
        return b
    }

    /// An array of tables (`[[device]]`), each as a reader keyed `name[i]`.
    func tables(_ name: String) throws -> [ConfigReader] {
        guard case let .array(array)? = table[name] else { throw mismatch(name, expected: "an array of tables") }
        return try array.enumerated().map { i, element in
            let elementKey = "\(name)[\(i + 1)]"
            guard case let .table(sub) = element else {
                throw mismatch(elementKey, expected: "a table", found: describe(element))
            }
            return ConfigReader(source: source, table: sub, path: key(elementKey), origins: origins)
        }
    }

    /// A number, or an array of two numbers, each satisfying `rule`.
    func numberOrPair(_ name: String, _ rule: NumberRule) throws -> (Double, Double?) {
        func checked(_ number: Double) throws -> Double {
            guard rule.accepts(number) else {
                throw mismatch(name, expected: "\(rule.expectation) or a [minimum, maximum] pair of them", found: NumberRule.format(number))
            }
            return number
        }
        func number(_ value: ConfigValue) -> Double? {
            switch value {
            case let .number(d): return d
            case let .integer(i): return Double(i)
            default: return nil
            }
        }
        switch table[name] {
        case let .array(pair)? where pair.count == 2:
            if let a = number(pair[0]), let b = number(pair[1]) { return (try checked(a), try checked(b)) }
        case let value?:
            if let single = number(value) { return (try checked(single), nil) }
        case nil: break
        }
        throw mismatch(name, expected: "a number or a [minimum, maximum] pair of numbers")
    }

    /// Fails on keys outside `allowed` (typos otherwise go unnoticed), naming the first in
    /// sorted order. `reasons` explains keys that exist elsewhere but not here.
    func rejectUnknownKeys(_ allowed: [String], reasons: [String: String] = [:]) throws {
        for name in table.keys.sorted() where !allowed.contains(name) {
            if let reason = reasons[name] { throw problem(name, reason) }
            switch source {
            case .file:
                throw fileError(name) { "unknown key '\($0)' (expected one of: \(allowed.joined(separator: ", ")))" }
            case .argument:
                throw WorldRequestError(detail: "unknown field '\(key(name))'; expected one of: \(allowed.joined(separator: ", "))")
            }
        }
    }

    /// A parsed TOML table as plain data.
    private static func plain(_ table: TOMLTable) -> [String: ConfigValue] {
        var result: [String: ConfigValue] = [:]
        for (name, value) in table { result[name] = plain(value) }
        return result
    }

    private static func plain(_ value: TOMLValueConvertible) -> ConfigValue {
        switch value.type {
        case .table: return value.table.map { .table(plain($0)) } ?? .other(typeName: "table")
        case .array: return value.array.map { .array($0.map(plain)) } ?? .other(typeName: "array")
        case .string: return value.string.map(ConfigValue.string) ?? .other(typeName: "string")
        case .int: return value.int.map { .integer(Int64($0)) } ?? .other(typeName: "integer")
        case .double: return value.double.map(ConfigValue.number) ?? .other(typeName: "floating-point number")
        case .bool: return value.bool.map(ConfigValue.boolean) ?? .other(typeName: "bool")
        default: return .other(typeName: value.type.description)
        }
    }
}
