/// A strict RFC 8259 parser from UTF-8 bytes straight to `JSONValue`.
///
/// Why not Foundation's `JSONSerialization`: on Linux it builds `NSDictionary`/`NSNumber`
/// trees that must then be cast back to Swift values, which cost more than the rest of a
/// request's handling together (measured with `perf` on the daemon's eval round trip). This
/// parser allocates only the values it returns.
///
/// Integers that fit in Int64 stay `.int` (request ids come back exactly as sent), larger
/// ones that fit in UInt64 are `.unsigned` (a report's seed); other numbers are `.double`.
/// Object keys are kept in the order they appear; a repeated key keeps
/// its last value, as most parsers do. Nesting deeper than `maximumDepth` is an error rather
/// than a stack overflow.
public struct JSONParser {
    struct Failure: Error, CustomStringConvertible {
        /// Byte offset where the text stopped being JSON.
        var offset: Int
        var reason: String
        var description: String { "\(reason) at byte \(offset)" }
    }

    public static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Parses one JSON text; whitespace may surround it, nothing else may follow.
    public static func parse(_ input: [UInt8]) throws -> JSONValue {
        try input.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            parser.skipWhitespace()
            let value = try parser.value()
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.failure("unexpected text after the JSON value") }
            return value
        }
    }

    private func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try nested { try $0.object() }
        case UInt8(ascii: "["): return try nested { try $0.array() }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    private mutating func nested(_ body: (inout JSONParser) throws -> JSONValue) throws -> JSONValue {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw failure("nesting deeper than \(JSONParser.maximumDepth) levels") }
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure("unexpected end of input") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw failure("unexpected character") }
        index += count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        skipWhitespace()
        guard current == byte else { throw failure("expected \(what)") }
        index += 1
    }

    private mutating func object() throws -> JSONValue {
        index += 1   // {
        var fields: [(String, JSONValue)] = []
        var positions: [String: Int] = [:]   // only past a few keys: keeps a huge object linear
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(fields) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try string()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            let member = try value()
            let existing = fields.count <= 8 ? fields.firstIndex { $0.0 == key } : positions[key]
            if let existing { fields[existing].1 = member } else {
                fields.append((key, member))
                if fields.count == 9 { for (i, field) in fields.enumerated() { positions[field.0] = i } }
                else if fields.count > 9 { positions[key] = fields.count - 1 }
            }
            skipWhitespace()
            guard let next = current else { throw failure("unexpected end of input") }
            index += 1
            if next == UInt8(ascii: "}") { return .object(fields) }
            guard next == UInt8(ascii: ",") else { index -= 1; throw failure("expected ',' or '}'") }
        }
    }

    private mutating func array() throws -> JSONValue {
        index += 1   // [
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            guard let next = current else { throw failure("unexpected end of input") }
            index += 1
            if next == UInt8(ascii: "]") { return .array(items) }
            guard next == UInt8(ascii: ",") else { index -= 1; throw failure("expected ',' or ']'") }
        }
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        var isInteger = true
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw failure("expected a digit") }
        if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = current, isDigit(digit) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .int(integer) }
        if isInteger, let large = UInt64(text) { return .unsigned(large) }
        guard let double = Double(text) else { throw Failure(offset: start, reason: "a number out of range") }
        return .double(double)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private mutating func string() throws -> String {
        index += 1   // opening quote
        let start = index
        // Fast path: no escapes, only valid UTF-8 and no control characters.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        guard let stop = current else { throw failure("unterminated string") }
        if stop == UInt8(ascii: "\"") {
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            return try validated(slice, at: start)
        }
        if stop < 0x20 { throw failure("a control character in a string (escape it)") }
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 { throw failure("a control character in a string (escape it)") }
            if byte != UInt8(ascii: "\\") { scalars.append(byte); index += 1; continue }
            index += 1
            guard let escape = current else { throw failure("unterminated string") }
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"): appendUTF8(of: try unicodeEscape(), to: &scalars)
            default: index -= 1; throw failure("an invalid escape in a string")
            }
        }
        return try scalars.withUnsafeBufferPointer { try validated($0, at: start) }
    }

    private func validated(_ slice: UnsafeBufferPointer<UInt8>, at offset: Int) throws -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw Failure(offset: offset, reason: "a string that is not valid UTF-8") }
        return text
    }

    /// After `\u`: four hex digits, and a low surrogate's escape after a high one.
    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a lone high surrogate in a \\u escape")
            }
            index += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw failure("a high surrogate not followed by a low one") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("a lone low surrogate in a \\u escape") }
        return scalar
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func appendUTF8(of scalar: Unicode.Scalar, to out: inout [UInt8]) {
        out.append(contentsOf: UTF8.encode(scalar)!)
    }
}
