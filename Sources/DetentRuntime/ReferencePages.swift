import DetentConfig
import FoundationEssentials
import DetentLua
import DetentScripting

/// The generated parts of the reference pages (docs/*.md): a region between
/// `<!-- detent api: fields CLASS -->` (or `settings SECTION`) and `<!-- end -->` holds what
/// the bindings and the built-in engine.toml say — a handle's fields and methods, a section's
/// keys with their defaults and sources — so the prose around them cannot drift from the
/// binary (`detent api --page FILE`, checked by a test). A region naming nothing known is an error.
public enum ReferencePages {
    static let opening = "<!-- detent api: "
    static let closing = "<!-- end -->"

    /// `text` with every region refilled; throws naming the line of a region it cannot fill.
    public static func update(_ text: String, page: String, classes: [LuaClassDocs],
                              engineText: String = DetentConfiguration.builtInEngineText) throws -> String {
        let sections = EngineTomlSections(engineText)
        var output: [String] = []
        let lines = text.components(separatedBy: "\n")
        var i = 0
        while i < lines.count {
            let line = lines[i]
            output.append(line)
            i += 1
            guard line.hasPrefix(opening), line.hasSuffix(" -->") else { continue }
            let words = line.dropFirst(opening.count).dropLast(" -->".count).split(separator: " ").map(String.init)
            guard let end = lines[i...].firstIndex(of: closing) else {
                throw ReferencePageError(page: page, line: i, message: "\(line) has no \(closing) after it")
            }
            let filled: String
            switch (words.first, words.count) {
            case ("fields", 2):
                guard let cls = classes.first(where: { $0.name == words[1] }) else {
                    throw ReferencePageError(page: page, line: i, message: "no class '\(words[1])' (classes: \(classes.map(\.name).joined(separator: ", ")))")
                }
                filled = APIReference.fieldTable(cls)
            case ("settings", 2):
                guard let section = sections.section(words[1]) else {
                    throw ReferencePageError(page: page, line: i, message: "engine.toml has no section [\(words[1])] (sections: \(sections.names.joined(separator: ", ")))")
                }
                filled = section.table
            default:
                throw ReferencePageError(page: page, line: i, message: "expected 'fields CLASS' or 'settings SECTION' in \(line)")
            }
            output.append(contentsOf: filled.components(separatedBy: "\n").dropLast())
            output.append(closing)
            i = end + 1
        }
        return output.joined(separator: "\n")
    }
}

/// A region that cannot be filled, at its page and line.
public struct ReferencePageError: Error, CustomStringConvertible {
    public var page: String
    public var line: Int
    public var message: String
    public var description: String { "\(page):\(line): \(message)" }
}
