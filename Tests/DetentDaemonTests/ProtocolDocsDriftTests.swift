import Testing
import FoundationEssentials
@testable import DetentDaemon
import DetentTestSupport

/// docs/protocol.md and the daemon say the same thing: the methods `initialize` lists are
/// exactly those with a section under "Methods", the notifications exactly those the
/// "Notifications" part names, and the `initialize` example lists both as the daemon does;
/// every example answer of docs/protocol.md and README.md is what the binary answers.
@Suite("Protocol docs match the daemon", .serialized)
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

    /// The lines of the `### ` section that names `method` under "Methods".
    static func section(of method: String, in docs: String) -> [Substring] {
        let lines = part(docs, "## Methods")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("### ") && headed([$0]).contains(method) }) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { $0.hasPrefix("### ") } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// The parameters a section's `| Param |` tables name, each with whether it is optional
    /// (`name?`).
    static func documentedParameters(_ section: [Substring]) -> [String: Bool] {
        var found: [String: Bool] = [:], inTable = false
        for line in section {
            if line.hasPrefix("| Param ") { inTable = true; continue }
            guard inTable, line.hasPrefix("|") else { inTable = false; continue }
            guard let first = line.dropFirst().split(separator: "|").first else { continue }
            for piece in first.split(separator: "`").enumerated() where piece.offset % 2 == 1 {
                let name = String(piece.element)
                found[name.hasSuffix("?") ? String(name.dropLast()) : name] = name.hasSuffix("?")
            }
        }
        return found
    }

    /// Each method's parameters, as `Daemon.methodTable` declares them, are the ones its section
    /// of docs/protocol.md documents: the names of its `| Param |` tables (required ones without
    /// `?`), and every declared parameter at least named in the section.
    @Test(arguments: Daemon.methodTable.map(\.name))
    func theDocsDescribeTheDeclaredParameters(method name: String) throws {
        let method = try #require(Daemon.methodsByName[name])
        let section = Self.section(of: name, in: try Self.docs())
        #expect(!section.isEmpty, "docs/protocol.md has no section for \(name)")
        let documented = Self.documentedParameters(section)
        let declared = Set(method.parameters.map(\.name))
        #expect(Set(documented.keys).subtracting(declared).isEmpty,
                "\(name): docs/protocol.md documents \(Set(documented.keys).subtracting(declared).sorted()), which the method does not take")
        let text = section.joined(separator: "\n")
        for parameter in method.parameters {
            #expect(text.contains("`\(parameter.name)") , "\(name): parameter '\(parameter.name)' is not described in its section")
            if let optional = documented[parameter.name], parameter.required {
                #expect(!optional, "\(name): '\(parameter.name)' is required but documented as optional")
            }
        }
    }

    /// The summary table under "Methods" is the declarations' own: each method's name and
    /// one-line summary, in the table's order.
    @Test func theMethodTableOfTheDocsIsTheDaemonsOwn() throws {
        let lines = Self.part(try Self.docs(), "## Methods")
        let rows = lines.prefix { !$0.hasPrefix("### ") }.compactMap { line -> (String, String)? in
            guard line.hasPrefix("| ["), let close = line.firstIndex(of: "]") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: 3)..<close])
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 3 else { return nil }
            return (name, cells[2].trimmingCharacters(in: .whitespaces))
        }
        #expect(rows.map(\.0) == Daemon.methodTable.map(\.name))
        for (method, row) in zip(Daemon.methodTable, rows) {
            #expect(row.1 == method.summary, "\(method.name): docs/protocol.md says \"\(row.1)\", the daemon \"\(method.summary)\"")
        }
    }

    /// Tests/DaemonClients/docs_answers.py sends every documented request, in document order,
    /// to the `detent daemon` this build made and compares each documented answer with the
    /// daemon's: a result's fields (an eval's value), an error's code.
    @Test(.timeLimit(.minutes(5))) func everyExampleAnswerIsTheBinarys() throws {
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/DaemonClients/docs_answers.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"),
                                                          "--repo", BuiltExecutables.root.path])
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(run.status == 0 && last.hasSuffix(" 0 failed") && !last.hasPrefix("0 passed"), "docs answers:\n\(run.output)")
    }
}
