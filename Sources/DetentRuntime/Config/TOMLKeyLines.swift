/// The line each key of a TOML text is written on, for errors and `detent config` to name
/// `FILE:line`. TOMLKit (0.6) keeps no source positions, so the screened lines are read
/// again here: table headers (`[a.b]`, `[[a]]`) and the keys of key/value lines. Keys are
/// dotted paths as `ConfigReader.key` spells them — an array of tables counts from 1
/// (`device[2].name`) — and every prefix of a dotted key gets the line it first appears on
/// (`insets.portrait = {…}` also places `insets`). A key inside an inline table or a
/// multi-line value has no line of its own: `line(of:)` falls back to its nearest parent.
struct TOMLKeyLines: Equatable, Sendable {
    private(set) var lines: [String: Int] = [:]

    init() {}

    /// Reads `text` (already screened by `TOMLScreen`; syntax errors are thrown as its).
    init(text: String, file: String) throws {
        let screened = try TOMLScreen.screenedLines(text, file: file)
        var table: [String] = []
        var arrayCounts: [String: Int] = [:]
        for (index, line) in screened.lines.enumerated() where !screened.skip[index] {
            let chars = Array(line)
            var i = 0
            while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 }
            guard i < chars.count, chars[i] != "#", chars[i] != "\r" else { continue }
            if chars[i] == "[" {
                let double = i + 1 < chars.count && chars[i + 1] == "["
                let parts = TOMLKeyLines.parts(chars, from: i + (double ? 2 : 1))
                let plain = parts.joined(separator: ".")
                if double {
                    let count = (arrayCounts[plain] ?? 0) + 1
                    arrayCounts[plain] = count
                    // Tables nested in an element ([[a.b]] under [[a]]) start counting anew.
                    for key in arrayCounts.keys where key.hasPrefix(plain + ".") { arrayCounts[key] = nil }
                    table = TOMLKeyLines.indexed(parts, arrayCounts: arrayCounts)
                    table[table.count - 1] += "[\(count)]"
                } else {
                    table = TOMLKeyLines.indexed(parts, arrayCounts: arrayCounts)
                }
                note(table, line: index + 1)
            } else {
                note(table + TOMLKeyLines.parts(chars, from: i), line: index + 1)
            }
        }
    }

    /// The line of `key`, or of its nearest parent that has one.
    func line(of key: String) -> Int? {
        var candidate = Substring(key)
        while !candidate.isEmpty {
            if let line = lines[String(candidate)] { return line }
            guard let cut = candidate.lastIndex(where: { $0 == "." || $0 == "[" }) else { return nil }
            candidate = candidate[..<cut]
        }
        return nil
    }

    private mutating func note(_ path: [String], line: Int) {
        for end in 1...max(path.count, 1) where end <= path.count {
            let key = path[..<end].joined(separator: ".")
            if lines[key] == nil { lines[key] = line }
        }
    }

    /// A header's parts with the current element of each enclosing array of tables
    /// (`[a.b]` under the second `[[a]]` is `a[2].b`).
    private static func indexed(_ parts: [String], arrayCounts: [String: Int]) -> [String] {
        var result: [String] = []
        for (k, part) in parts.enumerated() {
            let prefix = parts[...k].joined(separator: ".")
            if k < parts.count - 1, let count = arrayCounts[prefix] { result.append(part + "[\(count)]") } else { result.append(part) }
        }
        return result
    }

    /// The parts of the dotted key starting at `start`, unquoted (the screen has checked it).
    private static func parts(_ chars: [Unicode.Scalar], from start: Int) -> [String] {
        var result: [String] = []
        var i = start
        func blanks() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }
        while true {
            blanks()
            guard i < chars.count else { return result }
            var part = String.UnicodeScalarView()
            let c = chars[i]
            if c == "\"" || c == "'" {
                i += 1
                while i < chars.count, chars[i] != c {
                    if c == "\"" && chars[i] == "\\" && i + 1 < chars.count { i += 1 }
                    part.append(chars[i])
                    i += 1
                }
                i += 1
            } else {
                while i < chars.count, TOMLScreen.isBare(chars[i]) { part.append(chars[i]); i += 1 }
            }
            result.append(String(part))
            blanks()
            guard i < chars.count, chars[i] == "." else { return result }
            i += 1
        }
    }
}
