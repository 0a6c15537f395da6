import Foundation
import TOMLKit
import DetentLua

/// Typed reads from a parsed TOML table that fail with a `ConfigError` naming the file, the
/// dotted key and the expected type.
struct TOMLReader {
    let file: String
    let table: TOMLTable
    let path: String

    init(file: String, text: String) throws {
        self.file = file
        try TOMLScreen.refuseWhatTheParserWouldAbortOn(text, file: file)
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, "line \(error.source.begin.line), column \(error.source.begin.column): \(error.description)")
        }
        path = ""
    }

    private init(file: String, table: TOMLTable, path: String) {
        self.file = file
        self.table = table
        self.path = path
    }

    func key(_ name: String) -> String { path.isEmpty ? name : path + "." + name }

    private func fail(_ name: String, expected: String, got value: TOMLValueConvertible?) -> ConfigError {
        let found = value.map { "a \($0.type)" } ?? "nothing"
        return ConfigError(file: file, "key '\(key(name))' must be \(expected), found \(found)")
    }

    func has(_ name: String) -> Bool { table[name] != nil }

    func table(_ name: String) throws -> TOMLReader {
        guard let value = table[name], let sub = value.table else { throw fail(name, expected: "a table", got: table[name]) }
        return TOMLReader(file: file, table: sub, path: key(name))
    }

    func optionalTable(_ name: String) throws -> TOMLReader? {
        has(name) ? try table(name) : nil
    }

    func double(_ name: String) throws -> Double {
        let value = table[name]
        if let d = value?.double { return d }
        if let i = value?.int { return Double(i) }
        throw fail(name, expected: "a number", got: value)
    }

    func optionalDouble(_ name: String) throws -> Double? { has(name) ? try double(name) : nil }

    /// A number that satisfies `rule` (the same rules as the Lua API's arguments): finite,
    /// in range, whole where a count is meant. TOML's `nan` and `inf` are refused here.
    func number(_ name: String, _ rule: NumberRule) throws -> Double {
        let value = try double(name)
        guard rule.accepts(value) else {
            throw ConfigError(file: file, "key '\(key(name))' must be \(rule.expectation), found \(NumberRule.format(value))")
        }
        return value
    }

    func optionalNumber(_ name: String, _ rule: NumberRule) throws -> Double? { has(name) ? try number(name, rule) : nil }

    /// A whole number that satisfies `rule` (a `whole` rule), as an Int.
    func int(_ name: String, _ rule: NumberRule) throws -> Int {
        precondition(rule.whole, "int(_:_:) needs a whole-number rule")
        return Int(try number(name, rule))
    }

    func int(_ name: String) throws -> Int {
        guard let i = table[name]?.int else { throw fail(name, expected: "an integer", got: table[name]) }
        return i
    }

    func optionalInt(_ name: String) throws -> Int? { has(name) ? try int(name) : nil }

    func string(_ name: String) throws -> String {
        guard let s = table[name]?.string else { throw fail(name, expected: "a string", got: table[name]) }
        return s
    }

    func optionalString(_ name: String) throws -> String? { has(name) ? try string(name) : nil }

    func optionalBool(_ name: String) throws -> Bool? {
        guard has(name) else { return nil }
        guard let b = table[name]?.bool else { throw fail(name, expected: "true or false", got: table[name]) }
        return b
    }

    /// An array of tables (`[[device]]`), each as a reader keyed `name[i]`.
    func tables(_ name: String) throws -> [TOMLReader] {
        guard let value = table[name], let array = value.array else { throw fail(name, expected: "an array of tables", got: table[name]) }
        return try array.enumerated().map { i, element in
            guard let sub = element.table else {
                throw ConfigError(file: file, "key '\(key(name))[\(i + 1)]' must be a table, found a \(element.type)")
            }
            return TOMLReader(file: file, table: sub, path: "\(key(name))[\(i + 1)]")
        }
    }

    /// A number, or an array of two numbers, each satisfying `rule`.
    func numberOrPair(_ name: String, _ rule: NumberRule) throws -> (Double, Double?) {
        let value = table[name]
        func checked(_ number: Double) throws -> Double {
            guard rule.accepts(number) else {
                throw ConfigError(file: file, "key '\(key(name))' must be \(rule.expectation) or a [minimum, maximum] pair of them, found \(NumberRule.format(number))")
            }
            return number
        }
        if let d = value?.double { return (try checked(d), nil) }
        if let i = value?.int { return (try checked(Double(i)), nil) }
        if let array = value?.array, array.count == 2,
           let a = array[0].double ?? array[0].int.map(Double.init), let b = array[1].double ?? array[1].int.map(Double.init) {
            return (try checked(a), try checked(b))
        }
        throw fail(name, expected: "a number or a [minimum, maximum] pair of numbers", got: value)
    }

    /// Fails on keys outside `allowed` (typos otherwise go unnoticed).
    func rejectUnknownKeys(_ allowed: [String]) throws {
        for (name, _) in table where !allowed.contains(name) {
            throw ConfigError(file: file, "unknown key '\(key(name))' (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }
}
