/// The line each key of a TOML text is written on, for errors and `detent config` to name
/// `FILE:line`. TOMLKit (0.6) keeps no source positions, so the keys `TOMLScreen` reads while
/// it screens the text are placed here: table headers (`[a.b]`, `[[a]]`) and the keys of
/// key/value lines. Keys are
/// dotted paths as `ConfigReader.key` spells them — an array of tables counts from 1
/// (`device[2].name`) — and every prefix of a dotted key gets the line it first appears on
/// (`insets.portrait = {…}` also places `insets`). A key inside an inline table or a
/// multi-line value has no line of its own: `line(of:)` falls back to its nearest parent.
struct TOMLKeyLines: Equatable, Sendable {
    private(set) var lines: [String: Int] = [:]

    init() {}

    /// Reads `text`'s keys (screening it: syntax errors are thrown as `TOMLScreen`'s).
    init(text: String, file: String) throws {
        var table: [String] = []
        var arrayCounts: [String: Int] = [:]
        for key in try TOMLScreen.screenedKeys(text, file: file) {
            switch key.kind {
            case .arrayTable:
                let plain = key.parts.joined(separator: ".")
                let count = (arrayCounts[plain] ?? 0) + 1
                arrayCounts[plain] = count
                // Tables nested in an element ([[a.b]] under [[a]]) start counting anew.
                for nested in arrayCounts.keys where nested.hasPrefix(plain + ".") { arrayCounts[nested] = nil }
                table = TOMLKeyLines.indexed(key.parts, arrayCounts: arrayCounts)
                table[table.count - 1] += "[\(count)]"
                note(table, line: key.line)
            case .table:
                table = TOMLKeyLines.indexed(key.parts, arrayCounts: arrayCounts)
                note(table, line: key.line)
            case .value:
                note(table + key.parts, line: key.line)
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
        var key = ""
        for part in path {
            key = key.isEmpty ? part : key + "." + part
            if lines[key] == nil { lines[key] = line }
        }
    }

    /// A header's parts with the current element of each enclosing array of tables
    /// (`[a.b]` under the second `[[a]]` is `a[2].b`).
    private static func indexed(_ parts: [String], arrayCounts: [String: Int]) -> [String] {
        guard !arrayCounts.isEmpty else { return parts }
        var result: [String] = []
        var prefix = ""
        for (k, part) in parts.enumerated() {
            prefix = prefix.isEmpty ? part : prefix + "." + part
            if k < parts.count - 1, let count = arrayCounts[prefix] { result.append(part + "[\(count)]") } else { result.append(part) }
        }
        return result
    }
}
