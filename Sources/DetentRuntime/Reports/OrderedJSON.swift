/// A JSON value whose objects keep their keys in the order they were built, written the same
/// way every time: reports are deterministic byte for byte, key order included.
public indirect enum OrderedJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case unsigned(UInt64)
    case double(Double)
    case string(String)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.unsigned(a), .unsigned(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// `value` as a string, or null.
    public static func string(_ value: String?) -> OrderedJSON { value.map { .string($0) } ?? .null }
    public static func int(_ value: Int?) -> OrderedJSON { value.map { .int(Int64($0)) } ?? .null }

    /// Two-space indented text ending in a newline; scalars and empty containers stay on one line.
    public func rendered() -> String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case let .bool(value): out += value ? "true" : "false"
        case let .int(value): out += String(value)
        case let .unsigned(value): out += String(value)
        case let .double(value): out += Self.number(value)
        case let .string(value): Self.quote(value, into: &out)
        case let .array(values):
            if values.isEmpty { out += "[]"; return }
            out += "[\n"
            let inner = indent + "  "
            for (index, value) in values.enumerated() {
                out += inner
                value.write(into: &out, indent: inner)
                out += index == values.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            let inner = indent + "  "
            for (index, (key, value)) in members.enumerated() {
                out += inner
                Self.quote(key, into: &out)
                out += ": "
                value.write(into: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// Swift's shortest round-tripping form (`0.5`, `1e-06`); JSON has no NaN or infinity,
    /// so those are written as null.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return "\(value)"
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = ""
        quote(text, into: &out)
        return out
    }

    private static func quote(_ text: String, into out: inout String) {
        JSONText.quote(text, into: &out)
    }
}
