/// The two ways a `JSONValue` is written. Both write scalars and empty containers the same
/// way (the indented writer leaves them to the compact one); they differ only in the
/// whitespace between the items of arrays and objects.
extension JSONValue {
    /// Compact JSON text: no whitespace and no newline, so one value is one protocol line.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// Appends the compact text. With `escapingLessThan`, `<` in strings is written `\u003c`
    /// (a trace line, which a replay page inlines in a script element).
    public func write(to out: inout String, escapingLessThan: Bool = false) {
        switch self {
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out, escapingLessThan: escapingLessThan)
            }
            out += "]"
        case let .object(fields):
            out += "{"
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out += "," }
                JSONText.quote(key, into: &out, escapingLessThan: escapingLessThan)
                out += ":"
                value.write(to: &out, escapingLessThan: escapingLessThan)
            }
            out += "}"
        case .null: out += "null"
        case let .bool(flag): out += flag ? "true" : "false"
        case let .int(integer): out += String(integer)
        case let .unsigned(integer): out += String(integer)
        case let .double(number): out += number.isFinite ? "\(number)" : "null"   // JSON has no NaN or infinity
        case let .fixed(number, decimals): out += FixedDecimals.text(number, decimals: decimals)
        case let .string(text): JSONText.quote(text, into: &out, escapingLessThan: escapingLessThan)
        case let .raw(text): out += text
        }
    }

    /// Two-space indented text ending in a newline; scalars and empty containers stay on one
    /// line (the JSON report).
    public func indentedText() -> String {
        var out = ""
        writeIndented(to: &out, indent: "")
        return out + "\n"
    }

    private func writeIndented(to out: inout String, indent: String) {
        switch self {
        case let .array(items) where !items.isEmpty:
            out += "[\n"
            let inner = indent + "  "
            for (index, item) in items.enumerated() {
                out += inner
                item.writeIndented(to: &out, indent: inner)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case let .object(fields) where !fields.isEmpty:
            out += "{\n"
            let inner = indent + "  "
            for (index, (key, value)) in fields.enumerated() {
                out += inner
                JSONText.quote(key, into: &out)
                out += ": "
                value.writeIndented(to: &out, indent: inner)
                out += index == fields.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            write(to: &out)   // a scalar or an empty container
        }
    }
}
