/// Reading a parsed value: each accessor gives nil for a value of another kind, so a reader
/// can say what it expected instead of trapping.
extension JSONValue {
    /// Field `key` of an object (nil for other values or a missing key).
    public subscript(key: String) -> JSONValue? {
        guard case let .object(fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    /// A number or nil.
    public var number: Double? {
        switch self {
        case let .int(i): return Double(i)
        case let .unsigned(u): return Double(u)
        case let .double(d), let .fixed(d, _): return d
        default: return nil
        }
    }

    /// A whole number that fits Int64 — exact, never through a Double (a frame count past
    /// 2^53 keeps its last digits); nil otherwise.
    public var integer: Int64? {
        switch self {
        case let .int(integer): return integer
        case let .unsigned(integer): return Int64(exactly: integer)
        default: return number.flatMap { Int64(exactly: $0) }
        }
    }

    /// A whole number from 0 to 2^64−1, read as the integer itself (seeds go past what a double
    /// holds exactly), or nil: a negative, fractional or non-numeric value.
    public var unsignedInteger: UInt64? {
        switch self {
        case let .int(integer) where integer >= 0: return UInt64(integer)
        case let .unsigned(integer): return integer
        default: return number.flatMap { UInt64(exactly: $0) }
        }
    }

    /// A string or nil.
    public var stringValue: String? {
        guard case let .string(text) = self else { return nil }
        return text
    }

    /// A boolean or nil (never a number: `1` is not `true`).
    public var boolValue: Bool? {
        guard case let .bool(flag) = self else { return nil }
        return flag
    }

    /// The items of an array or nil.
    public var arrayValue: [JSONValue]? {
        guard case let .array(items) = self else { return nil }
        return items
    }

    /// The fields of an object, in order, or nil.
    public var objectValue: [(String, JSONValue)]? {
        guard case let .object(fields) = self else { return nil }
        return fields
    }

    public var isNull: Bool { self == .null }

    /// What kind of JSON value this is, for error messages.
    public var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .unsigned, .double, .fixed: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object, .raw: return "an object"
        }
    }
}
