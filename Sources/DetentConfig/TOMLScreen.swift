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
    static func screenedKeys(_ text: String, file: String) throws -> [KeyLine] {
        enum Place { case code, comment, basic, literal, multilineBasic, multilineLiteral }
        var place = Place.code
        let scalars = Array(text.unicodeScalars)
        var line = 1, column = 1, i = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < scalars.count ? scalars[k] : nil }
        func fail(_ what: String) -> ConfigError { ConfigError(file: file, line: line, column: column, what) }
        // Per line: does it start inside a multi-line string or an unclosed array or inline
        // table (so it holds no key to check)?
        var skipLine = [false]
        var open: [Unicode.Scalar] = []   // unclosed '[' and '{' of values and headers
        while i < scalars.count {
            let c = scalars[i]
            var step = 1
            if (c.value < 0x20 && c != "\t" && c != "\r" && c != "\n") || c.value == 0x7F {
                let code = String(c.value, radix: 16, uppercase: true)
                throw fail("a control character (U+\(String(repeating: "0", count: 4 - code.count))\(code)) is not allowed in TOML")
            }
            switch place {
            case .code:
                if c == "#" { place = .comment }
                else if c == "\"" { if at(i + 1) == "\"" && at(i + 2) == "\"" { place = .multilineBasic; step = 3 } else { place = .basic } }
                else if c == "'" { if at(i + 1) == "'" && at(i + 2) == "'" { place = .multilineLiteral; step = 3 } else { place = .literal } }
                else if c == "[" || c == "{" { open.append(c) }
                else if c == "]" || c == "}" {
                    // toml++ asserts on a closer that does not match (`x = [` … `}`).
                    guard let last = open.popLast(), (last == "[") == (c == "]") else {
                        throw fail("'\(c)' does not close an open \(c == "]" ? "'['" : "'{'")")
                    }
                }
                else if c.value > 0x7F { throw fail("a non-ASCII character outside a quoted string or a comment (TOML keys are ASCII; quote it)") }
            case .comment: if c == "\n" { place = .code }
            case .basic:
                if c == "\\" { step = 2 } else if c == "\"" || c == "\n" { place = .code }
            case .literal: if c == "'" || c == "\n" { place = .code }
            case .multilineBasic:
                if c == "\\" { step = 2 } else if c == "\"" && at(i + 1) == "\"" && at(i + 2) == "\"" { place = .code; step = 3 }
            case .multilineLiteral: if c == "'" && at(i + 1) == "'" && at(i + 2) == "'" { place = .code; step = 3 }
            }
            for k in i..<min(i + step, scalars.count) {
                if scalars[k] == "\n" {
                    line += 1
                    column = 1
                    skipLine.append(place == .multilineBasic || place == .multilineLiteral || !open.isEmpty)
                } else { column += 1 }
            }
            i += step
        }
        // Split where `skipLine` counted lines: at each "\n" scalar (a String split by
        // Character would also keep "\r\n" whole, one grapheme, and cost far more).
        let lines = scalars.split(separator: "\n", omittingEmptySubsequences: false)
        do {
            return try TOMLScreen.keyLines(lines: lines, skipping: skipLine)
        } catch let problem as TOMLScreen.Problem {
            throw ConfigError(file: file, line: problem.line, column: problem.column, problem.reason)
        }
    }


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
    static func keyLines(lines: [ArraySlice<Unicode.Scalar>], skipping skip: [Bool]) throws -> [KeyLine] {
        var result: [KeyLine] = []
        for (index, line) in lines.enumerated() where !skip[index] {
            let chars = Array(line)
            var i = 0
            while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
            guard i < chars.count, chars[i] != "#", chars[i] != "\r" else { continue }
            if chars[i] == "[" {
                let double = i + 1 < chars.count && chars[i + 1] == "["
                let start = i + (double ? 2 : 1)
                let (end, parts) = try dottedKey(chars, from: start, line: index + 1)
                var j = end
                let closing: [Unicode.Scalar] = double ? ["]", "]"] : ["]"]
                for c in closing {
                    guard j < chars.count, chars[j] == c else { throw Problem(line: index + 1, column: j + 1, reason: "expected '\(double ? "]]" : "]")' to close the table header") }
                    j += 1
                }
                result.append(KeyLine(line: index + 1, kind: double ? .arrayTable : .table, parts: parts))
            } else {
                let (end, parts) = try dottedKey(chars, from: i, line: index + 1)
                guard end < chars.count, chars[end] == "=" else {
                    throw Problem(line: index + 1, column: end + 1, reason: "expected '=' after the key")
                }
                result.append(KeyLine(line: index + 1, kind: .value, parts: parts))
            }
        }
        return result
    }

    /// Reads `key(.key)*` with optional blanks around each part; returns the index after it
    /// and the parts, unquoted (escapes in a basic string's key are kept as written).
    static func dottedKey(_ chars: [Unicode.Scalar], from start: Int, line: Int) throws -> (end: Int, parts: [String]) {
        var i = start
        var parts: [String] = []
        func blanks() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }
        while true {
            blanks()
            guard i < chars.count else { throw Problem(line: line, column: i + 1, reason: "expected a key") }
            let c = chars[i]
            var part = String.UnicodeScalarView()
            if c == "\"" || c == "'" {
                i += 1
                while i < chars.count, chars[i] != c {
                    if c == "\"" && chars[i] == "\\" { part.append(chars[i]); i += 1 }
                    if i < chars.count { part.append(chars[i]) }
                    i += 1
                }
                guard i < chars.count else { throw Problem(line: line, column: i + 1, reason: "a quoted key is not closed") }
                i += 1
            } else if isBare(c) {
                while i < chars.count, isBare(chars[i]) { part.append(chars[i]); i += 1 }
            } else {
                throw Problem(line: line, column: i + 1, reason: "'\(c)' cannot start a key (keys are letters, digits, _ and -, or quoted)")
            }
            parts.append(String(part))
            blanks()
            guard i < chars.count, chars[i] == "." else { return (i, parts) }
            i += 1
        }
    }

    private static func isBare(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
    }
}
