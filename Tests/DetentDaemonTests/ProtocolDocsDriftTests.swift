import Testing
import FoundationEssentials
@testable import DetentDaemon
import DetentTestSupport

/// docs/protocol.md and the daemon say the same thing: the methods `initialize` lists are
/// exactly those with a section under "Methods", the notifications exactly those the
/// "Notifications" part names, and the `initialize` example lists both as the daemon does.
@Suite("Protocol docs match the daemon")
struct ProtocolDocsDriftTests {
    static func docs() throws -> String {
        try String(contentsOfFile: BuiltExecutables.root.appendingPathComponent("docs/protocol.md").path, encoding: .utf8)
    }

    /// The lines of the part of `text` from the heading `start` to the next `## ` heading.
    static func part(_ text: String, _ start: String) -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0 == start }) else { return [] }
        let rest = lines[(first + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return Array(lines[(first + 1)..<end])
    }

    /// The names a `### ` heading gives ("pause and resume" gives two).
    static func headed(_ lines: [Substring]) -> Set<String> {
        Set(lines.filter { $0.hasPrefix("### ") }.flatMap { line in
            line.dropFirst(4).split(separator: " ").filter { $0 != "and" }.map(String.init)
        })
    }

    /// The quoted names of the `"key":[…]` list in the `initialize` example.
    static func listed(_ key: String, in text: String) throws -> [String] {
        let start = try #require(text.range(of: "\"\(key)\":["))
        let end = try #require(text[start.upperBound...].firstIndex(of: "]"))
        return text[start.upperBound..<end].split(separator: ",").map { String($0.filter { $0 != "\"" && !$0.isWhitespace }) }
    }

    @Test func everyMethodHasItsSectionAndNoSectionNamesAnUnknownMethod() throws {
        let sections = Self.headed(Self.part(try Self.docs(), "## Methods"))
        #expect(sections == Set(Daemon.methods), "only in the docs: \(sections.subtracting(Daemon.methods)); only in the daemon: \(Set(Daemon.methods).subtracting(sections))")
    }

    @Test func everyNotificationIsDescribed() throws {
        let part = Self.part(try Self.docs(), "## Notifications")
        // The tables' first column (`run/test`) and the sections of their own.
        let inTables = part.compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
        let sections = Self.headed(part.filter { !$0.hasSuffix(" notifications") })
        let described = sections.union(inTables)
        #expect(described == Set(Daemon.notifications), "only in the docs: \(described.subtracting(Daemon.notifications)); only in the daemon: \(Set(Daemon.notifications).subtracting(described))")
    }

    @Test func theInitializeExampleListsWhatTheDaemonAnswers() throws {
        let docs = try Self.docs()
        #expect(try Self.listed("methods", in: docs) == Daemon.methods)
        #expect(try Self.listed("notifications", in: docs) == Daemon.notifications)
    }
}
