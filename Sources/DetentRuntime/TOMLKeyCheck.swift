/// Checks the keys of a TOML text before the TOML library parses it: toml++ (inside TOMLKit
/// 0.6) asserts — aborting the process — on some malformed keys, such as `[(limits]`, where
/// it should report a syntax error. Found by the config fuzzer. A key is `a`, `a.b`,
/// `"quoted"`, `'literal'` or dotted mixes of them (TOML 1.0); this checks table headers and
/// the keys of key/value lines, and leaves everything else to the library.
enum TOMLKeyCheck {
    struct Problem: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    /// `lines` are the text's lines; `skip` marks those that start inside a multi-line string
    /// or an unclosed array or inline table (they hold no key to check).
    static func check(lines: [Substring], skipping skip: [Bool]) throws {
        for (index, line) in lines.enumerated() where !skip[index] {
            let chars = Array(line.unicodeScalars)
            var i = 0
            while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
            guard i < chars.count, chars[i] != "#", chars[i] != "\r" else { continue }
            if chars[i] == "[" {
                let double = i + 1 < chars.count && chars[i + 1] == "["
                let start = i + (double ? 2 : 1)
                let end = try dottedKey(chars, from: start, line: index + 1)
                var j = end
                let closing: [Unicode.Scalar] = double ? ["]", "]"] : ["]"]
                for c in closing {
                    guard j < chars.count, chars[j] == c else { throw Problem(line: index + 1, column: j + 1, reason: "expected '\(double ? "]]" : "]")' to close the table header") }
                    j += 1
                }
            } else {
                let end = try dottedKey(chars, from: i, line: index + 1)
                guard end < chars.count, chars[end] == "=" else {
                    throw Problem(line: index + 1, column: end + 1, reason: "expected '=' after the key")
                }
            }
        }
    }

    /// Reads `key(.key)*` with optional blanks around each part; returns the index after it.
    private static func dottedKey(_ chars: [Unicode.Scalar], from start: Int, line: Int) throws -> Int {
        var i = start
        func blanks() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }
        while true {
            blanks()
            guard i < chars.count else { throw Problem(line: line, column: i + 1, reason: "expected a key") }
            let c = chars[i]
            if c == "\"" || c == "'" {
                i += 1
                while i < chars.count, chars[i] != c {
                    if c == "\"" && chars[i] == "\\" { i += 1 }
                    i += 1
                }
                guard i < chars.count else { throw Problem(line: line, column: i + 1, reason: "a quoted key is not closed") }
                i += 1
            } else if isBare(c) {
                while i < chars.count, isBare(chars[i]) { i += 1 }
            } else {
                throw Problem(line: line, column: i + 1, reason: "'\(c)' cannot start a key (keys are letters, digits, _ and -, or quoted)")
            }
            blanks()
            guard i < chars.count, chars[i] == "." else { return i }
            i += 1
        }
    }

    private static func isBare(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
    }
}
