import DetentPlatform

/// engine.toml read as its author wrote it, for the reference pages: each section's keys in
/// order with their default (the value as written) and the comment above them, which states
/// the number's source. Keys under one comment share a row of the table.
struct EngineTomlSections {
    struct Group {
        var keys: [(key: String, value: String)] = []
        var comment: [String] = []
    }

    struct Section {
        var name: String
        var groups: [Group] = []

        /// | Keys | Defaults | Source |, one row per comment block; a `docs/NAME.md` in a
        /// comment becomes a link to the sibling page.
        var table: String {
            var text = "| Keys | Defaults | Source |\n|---|---|---|\n"
            for group in groups where !group.keys.isEmpty {
                let keys = group.keys.map { "`\($0.key)`" }.joined(separator: ", ")
                let values = group.keys.map { $0.value }.joined(separator: ", ")
                text += "| \(keys) | \(Self.escaped(values)) | \(Self.linked(group.comment.joined(separator: " "))) |\n"
            }
            return text
        }

        static func linked(_ comment: String) -> String {
            escaped(comment).split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
                let text = String(word)
                guard let start = text.firstRange(of: "docs/"), let end = text[start.upperBound...].firstRange(of: ".md") else { return text }
                let page = String(text[start.upperBound..<end.upperBound])
                guard page.dropLast(3).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return text }
                return String(text[..<start.lowerBound]) + "[\(page)](\(page))" + String(text[end.upperBound...])
            }.joined(separator: " ")
        }

        /// `|` escaped for a table cell.
        static func escaped(_ text: String) -> String {
            text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
        }
    }

    private(set) var sections: [Section] = []

    init(_ text: String) {
        var pendingComment: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingSpaces()
            if line.hasPrefix("[") && line.hasSuffix("]") {
                sections.append(Section(name: String(line.dropFirst().dropLast())))
                pendingComment = []
            } else if line.hasPrefix("#") {
                pendingComment.append(line.dropFirst().trimmingSpaces())
            } else if let equals = line.firstIndex(of: "="), !sections.isEmpty {
                let key = line[..<equals].trimmingSpaces()
                let value = line[line.index(after: equals)...].trimmingSpaces()
                if !pendingComment.isEmpty || sections[sections.count - 1].groups.isEmpty {
                    sections[sections.count - 1].groups.append(Group(comment: pendingComment))
                    pendingComment = []
                }
                sections[sections.count - 1].groups[sections[sections.count - 1].groups.count - 1].keys.append((key, value))
            } else if line.isEmpty {
                pendingComment = []
            }
        }
    }

    var names: [String] { sections.map(\.name) }

    func section(_ name: String) -> Section? { sections.first { $0.name == name } }
}
