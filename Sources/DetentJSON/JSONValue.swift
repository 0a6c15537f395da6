/// A JSON value as Detent reads and writes it: the daemon's messages, the reports and the
/// traces. Integers stay integers (request ids come back exactly as sent, a seed keeps all
/// its 64 bits); objects keep the order they were built in, so what is written is
/// byte-for-byte deterministic, key order included.
///
/// Written compactly (`text`, one protocol line or one trace line) or indented
/// (`indentedText()`, the JSON report); read by `parse` (`JSONParser`).
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// An integer past `Int64.max` (seeds go up to 2^64-1).
    case unsigned(UInt64)
    /// Swift's shortest round-tripping form (`0.5`, `1e-06`).
    case double(Double)
    /// A number rounded to `decimals` places, trailing zeros dropped (`FixedDecimals`): text
    /// that never depends on the platform's float formatting, for traces.
    case fixed(Double, decimals: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// Text that is already JSON, spliced as it is (an eval's value, encoded by Lua).
    case raw(String)

    /// Values that are written the same are equal (`fixed` numbers compare as written).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.unsigned(a), .unsigned(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.fixed(a, da), .fixed(b, db)): return da == db && FixedDecimals.sameWhenWritten(a, b, decimals: da)
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.raw(a), .raw(b)): return a == b
        default: return false
        }
    }

    /// `value` as a string, or null.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    /// `value` as an integer, or null.
    public static func int(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }

    /// Parses one JSON text (`JSONParser`: strict RFC 8259). Throws for malformed JSON.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONParser.parse(bytes)
    }
}
