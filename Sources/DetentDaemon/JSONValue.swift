import DetentRuntime
/// A JSON value as the protocol reads and writes it. Integers stay integers (request ids
/// come back exactly as sent); objects keep the order they were built in, so replies are
/// byte-for-byte deterministic. `raw` splices text that is already JSON (an eval's value,
/// encoded by Lua).
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    case raw(String)

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.raw(a), .raw(b)): return a == b
        default: return false
        }
    }

    /// Field `key` of an object (nil for other values or a missing key).
    public subscript(key: String) -> JSONValue? {
        guard case let .object(fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    /// A number or nil.
    public var number: Double? {
        switch self {
        case let .int(i): return Double(i)
        case let .double(d): return d
        default: return nil
        }
    }

    /// What kind of JSON value this is, for error messages.
    public var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object, .raw: return "an object"
        }
    }
}

// MARK: Reading

extension JSONValue {
    /// Parses one JSON text (`JSONParser`: strict RFC 8259). Throws for malformed JSON.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONParser.parse(bytes)
    }
}

// MARK: Writing

extension JSONValue {
    /// Compact JSON text (no newlines, so one value is one protocol line).
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .int(i): out += String(i)
        case let .double(d):
            if !d.isFinite { out += "null" }
            else if d == d.rounded(), abs(d) < 1e15 { out += String(Int64(d)) + ".0" }
            else { out += "\(d)" }
        case let .string(s): JSONValue.quote(s, into: &out)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .object(fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSONValue.quote(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        case let .raw(text): out += text
        }
    }

    static func quote(_ s: String, into out: inout String) {
        JSONText.quote(s, into: &out)
    }
}
