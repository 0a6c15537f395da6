/// Screens a TOML text before the TOML library parses it. toml++ (inside TOMLKit 0.6) asserts
/// — aborting the process, release builds too — on some malformed input where it should
/// report a syntax error; each case refused here was found by the config fuzzer and is kept
/// in its corpus (Tests/FuzzCorpus/config/regression-*). Everything else is left to the library.
enum TOMLScreen {
    /// The text's table headers and key/value keys with their lines (what `TOMLKeyLines`
    /// reads), once the text passed the screen. Refuses, with its line and column: a control
    /// character other than tab (TOML 1.0 allows none, anywhere); a non-ASCII character
    /// outside a string or a comment (bare keys are ASCII; toml++ asserts on some others); a
    /// bracket that closes what is not open; then malformed keys (`keyLines(lines:skipping:)`).
    ///
    /// It reads the text's UTF-8 bytes (the structure is ASCII; a byte of 0x80 or more is part
    /// of a non-ASCII character), and counts columns in characters (Unicode scalars) as the
    /// messages always did. Every `detent` process screens the built-in files at start.
    static func screenedKeys(_ text: String, file: String) throws -> [KeyLine] {
        var text = text
        return try text.withUTF8 { try screenedKeys(bytes: $0, file: file) }
    }

    private static func screenedKeys(bytes: UnsafeBufferPointer<UInt8>, file: String) throws -> [KeyLine] {
        enum Place { case code, comment, basic, literal, multilineBasic, multilineLiteral }
        let newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), backslash = UInt8(ascii: "\\")
        var place = Place.code
        let count = bytes.count
        var line = 1, column = 1, i = 0
        func at(_ k: Int) -> UInt8 { k < count ? bytes[k] : 0 }
        func fail(_ what: String) -> ConfigError { ConfigError(file: file, line: line, column: column, what) }
        // Per line: does it start inside a multi-line string or an unclosed array or inline
        // table (so it holds no key to check)?
        var skipLine = [false]
        var open: [UInt8] = []   // unclosed '[' and '{' of values and headers
        while i < count {
            let c = bytes[i]
            var step = 1
            if (c < 0x20 && c != UInt8(ascii: "\t") && c != UInt8(ascii: "\r") && c != newline) || c == 0x7F {
                let code = String(c, radix: 16, uppercase: true)
                throw fail("a control character (U+\(String(repeating: "0", count: 4 - code.count))\(code)) is not allowed in TOML")
            }
            switch place {
            case .code:
                if c == UInt8(ascii: "#") { place = .comment }
                else if c == quote { if at(i + 1) == quote && at(i + 2) == quote { place = .multilineBasic; step = 3 } else { place = .basic } }
                else if c == apostrophe { if at(i + 1) == apostrophe && at(i + 2) == apostrophe { place = .multilineLiteral; step = 3 } else { place = .literal } }
                else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { open.append(c) }
                else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    // toml++ asserts on a closer that does not match (`x = [` … `}`).
                    let closesBracket = c == UInt8(ascii: "]")
                    guard let last = open.popLast(), (last == UInt8(ascii: "[")) == closesBracket else {
                        throw fail("'\(Character(Unicode.Scalar(c)))' does not close an open \(closesBracket ? "'['" : "'{'")")
                    }
                }
                else if c > 0x7F { throw fail("a non-ASCII character outside a quoted string or a comment (TOML keys are ASCII; quote it)") }
            case .comment: if c == newline { place = .code }
            case .basic:
                if c == backslash { step = 2 } else if c == quote || c == newline { place = .code }
            case .literal: if c == apostrophe || c == newline { place = .code }
            case .multilineBasic:
                if c == backslash { step = 2 } else if c == quote && at(i + 1) == quote && at(i + 2) == quote { place = .code; step = 3 }
            case .multilineLiteral: if c == apostrophe && at(i + 1) == apostrophe && at(i + 2) == apostrophe { place = .code; step = 3 }
            }
            // An escape's second character may be a non-ASCII one: step over all of its bytes.
            var end = min(i + step, count)
            while end < count, isContinuation(bytes[end]) { end += 1 }
            for k in i..<end {
                if bytes[k] == newline {
                    line += 1
                    column = 1
                    skipLine.append(place == .multilineBasic || place == .multilineLiteral || !open.isEmpty)
                } else if !isContinuation(bytes[k]) { column += 1 }
            }
            i = end
        }
        let lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
        do {
            return try TOMLScreen.keyLines(lines: lines.map { Array($0) }, skipping: skipLine)
        } catch let problem as TOMLScreen.Problem {
            throw ConfigError(file: file, line: problem.line, column: problem.column, problem.reason)
        }
    }

    /// A byte that continues a UTF-8 character (it starts none, so it counts no column).
    static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    // MARK: Keys

    /// A key is `a`, `a.b`, `"quoted"`, `'literal'` or dotted mixes of them (TOML 1.0): table
    /// headers and the keys of key/value lines are checked (toml++ asserts on `[(limits]`).
    struct Problem: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    /// A line that holds a key: a table header (`[a.b]`, or `[[a]]`, an array of tables) or
    /// the key of a key/value line, its parts unquoted.
    struct KeyLine: Equatable {
        enum Kind { case table, arrayTable, value }
        var line: Int
        var kind: Kind
        var parts: [String]
    }

    /// Checks and reads the keys of `lines` (the text's lines); `skip` marks those that start
    /// inside a multi-line string or an unclosed array or inline table (they hold no key).
    static func keyLines(lines: [[UInt8]], skipping skip: [Bool]) throws -> [KeyLine] {
        var result: [KeyLine] = []
        for (index, chars) in lines.enumerated() where !skip[index] {
            var i = 0
            while i < chars.count, chars[i] == UInt8(ascii: " ") || chars[i] == UInt8(ascii: "\t") { i += 1 }
            guard i < chars.count, chars[i] != UInt8(ascii: "#"), chars[i] != UInt8(ascii: "\r") else { continue }
            if chars[i] == UInt8(ascii: "[") {
                let double = i + 1 < chars.count && chars[i + 1] == UInt8(ascii: "[")
                let start = i + (double ? 2 : 1)
                let (end, parts) = try dottedKey(chars, from: start, line: index + 1)
                var j = end
                for _ in 0..<(double ? 2 : 1) {
                    guard j < chars.count, chars[j] == UInt8(ascii: "]") else {
                        throw Problem(line: index + 1, column: column(chars, j), reason: "expected '\(double ? "]]" : "]")' to close the table header")
                    }
                    j += 1
                }
                result.append(KeyLine(line: index + 1, kind: double ? .arrayTable : .table, parts: parts))
            } else {
                let (end, parts) = try dottedKey(chars, from: i, line: index + 1)
                guard end < chars.count, chars[end] == UInt8(ascii: "=") else {
                    throw Problem(line: index + 1, column: column(chars, end), reason: "expected '=' after the key")
                }
                result.append(KeyLine(line: index + 1, kind: .value, parts: parts))
            }
        }
        return result
    }

    /// The column (in characters, from 1) of byte `index` of a line.
    static func column(_ chars: [UInt8], _ index: Int) -> Int {
        var column = 1
        for byte in chars.prefix(index) where !isContinuation(byte) { column += 1 }
        return column
    }

    /// Reads `key(.key)*` with optional blanks around each part; returns the index after it
    /// and the parts, unquoted (escapes in a basic string's key are kept as written).
    static func dottedKey(_ chars: [UInt8], from start: Int, line: Int) throws -> (end: Int, parts: [String]) {
        var i = start
        var parts: [String] = []
        func blanks() { while i < chars.count, chars[i] == UInt8(ascii: " ") || chars[i] == UInt8(ascii: "\t") { i += 1 } }
        while true {
            blanks()
            guard i < chars.count else { throw Problem(line: line, column: column(chars, i), reason: "expected a key") }
            let c = chars[i]
            var part: [UInt8] = []
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i += 1
                while i < chars.count, chars[i] != c {
                    if c == UInt8(ascii: "\"") && chars[i] == UInt8(ascii: "\\") { part.append(chars[i]); i += 1 }
                    if i < chars.count { part.append(chars[i]) }
                    i += 1
                }
                guard i < chars.count else { throw Problem(line: line, column: column(chars, i), reason: "a quoted key is not closed") }
                i += 1
            } else if isBare(c) {
                while i < chars.count, isBare(chars[i]) { part.append(chars[i]); i += 1 }
            } else {
                throw Problem(line: line, column: column(chars, i), reason: "'\(character(chars, at: i))' cannot start a key (keys are letters, digits, _ and -, or quoted)")
            }
            parts.append(String(decoding: part, as: UTF8.self))
            blanks()
            guard i < chars.count, chars[i] == UInt8(ascii: ".") else { return (i, parts) }
            i += 1
        }
    }

    /// The character that starts at byte `index` of a line.
    private static func character(_ chars: [UInt8], at index: Int) -> String {
        var end = index + 1
        while end < chars.count, isContinuation(chars[end]) { end += 1 }
        return String(decoding: chars[index..<end], as: UTF8.self)
    }

    private static func isBare(_ c: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
    }
}
