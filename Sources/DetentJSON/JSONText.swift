/// JSON string literals, written the one way every JSON Detent writes needs: the daemon's
/// messages, the reports and the traces (RFC 8259 §7).
public enum JSONText {
    /// Appends `text` as a JSON string literal, quotes included: `"` and `\` escaped, control
    /// characters, DEL and the line/paragraph separators (which end a line in JavaScript) as
    /// `\uXXXX`, with the short forms for `\n`, `\r` and `\t`. With `escapingLessThan`, `<`
    /// too, so `</script>` inside a replay's inline data cannot end its script element.
    public static func quote(_ text: String, into out: inout String, escapingLessThan: Bool = false) {
        out += "\""
        // Most strings need no escaping at all: copied as they are.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xE2 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
                                        || (escapingLessThan && $0 == UInt8(ascii: "<")) }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where escapingLessThan: out += "\\u003c"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String, escapingLessThan: Bool = false) -> String {
        var out = ""
        quote(text, into: &out, escapingLessThan: escapingLessThan)
        return out
    }
}
