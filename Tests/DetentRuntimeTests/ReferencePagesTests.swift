import Foundation
import Testing
@testable import DetentRuntime
import DetentScripting

/// The reference pages (README.md and docs/) as a reader gets them: their generated tables
/// are what the binary says, each constructor's options table names exactly the options it
/// takes, every relative link leads to a page, and no page cites the specification that does
/// not ship with Detent.
@Suite("Reference pages")
struct ReferencePagesTests {
    static let root = RunHarness.root

    static var pages: [String] { DocExamplesTests.pages }

    static func text(_ page: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    }

    @Test func generatedTablesAreTheBinarys() throws {
        let classes = try APIReference.classes()
        for page in Self.pages {
            let committed = try Self.text(page)
            let generated = try ReferencePages.update(committed, page: page, classes: classes)
            #expect(committed == generated, "\(page) drifted from the bindings or engine.toml; run: detent api --page \(page) --output \(page)")
        }
    }

    @Test func aRegionNamingNothingIsAnErrorAtItsLine() throws {
        let page = "x\n<!-- detent api: fields drawr -->\n<!-- end -->\n"
        #expect(throws: ReferencePageError.self) { try ReferencePages.update(page, page: "p.md", classes: try APIReference.classes()) }
        let settings = "<!-- detent api: settings pager -->\nold\n<!-- end -->"
        let filled = try ReferencePages.update(settings, page: "p.md", classes: [])
        #expect(filled.contains("| `deceleration_rate` | 0.998 | Release projection ([pager.md](pager.md)): UIScrollView's `normal` rate"), "\(filled)")
        #expect(!filled.contains("old"))
    }

    /// The options tables (`<!-- options: KIND -->` then a table whose first column names the
    /// options) against what each constructor accepts, read from its unknown-field error.
    @Test func everyOptionsTableNamesExactlyTheAcceptedOptions() throws {
        let constructors = ["drawer": "world:drawer", "sheet": "world:sheet", "navigation": "world:navigation",
                            "split": "world:split", "tabs": "world:tabs", "pager": "world:pager",
                            "screen": "world:screen", "world": "detent.world"]
        var tables: [(page: String, kind: String, names: Set<String>)] = []
        for page in Self.pages {
            let lines = try Self.text(page).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.hasPrefix("<!-- options: ") && line.hasSuffix(" -->") {
                let kind = String(line.dropFirst("<!-- options: ".count).dropLast(" -->".count))
                var names = Set<String>()
                for row in lines[(index + 1)...].prefix(while: { $0.hasPrefix("|") }).dropFirst(2) {
                    let cell = row.split(separator: "|", omittingEmptySubsequences: false)[1]
                    for part in cell.split(separator: ",") {
                        let name = part.trimmingCharacters(in: .whitespaces)
                        if name.hasPrefix("`") && name.hasSuffix("`") { names.insert(String(name.dropFirst().dropLast())) }
                    }
                }
                tables.append((page, kind, names))
            }
        }
        #expect(tables.count >= 8, "options tables found: \(tables.map { "\($0.page) \($0.kind)" })")
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("detent-options-\(UUID().uuidString)_spec.lua")
        defer { try? FileManager.default.removeItem(at: probe) }
        var source = ""
        for kind in Set(tables.map(\.kind)).sorted() {
            let constructor = try #require(constructors[kind], "no constructor for options: \(kind)")
            source += "it('\(kind)', function() local ok, e = pcall(function() \(constructor){ __probe = 1 } end) print('\(kind)=' .. tostring(e)) end)\n"
        }
        try source.write(to: probe, atomically: true, encoding: .utf8)
        let outcome = try RunHarness.run([probe.path])
        for table in tables {
            let line = try #require(outcome.output.components(separatedBy: "\n").first { $0.contains("| \(table.kind)=") }, "\(outcome.output)")
            let accepted = try #require(line.components(separatedBy: "expected one of: ").last?.split(separator: ")").first, "\(line)")
            let names = Set(accepted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(table.names == names, "\(table.page): the options of \(table.kind) are \(names.sorted()); the table names \(table.names.sorted())")
        }
    }

    @Test func relativeLinksLeadToPages() throws {
        for page in Self.pages {
            let text = try Self.text(page)
            let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close]).components(separatedBy: "#")[0]
                guard !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path), "\(page) links to \(target), which does not exist")
            }
        }
    }

    @Test func noPageCitesTheSpecification() throws {
        let config = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("config").path)
            .filter { $0.hasSuffix(".toml") }.map { "config/" + $0 }
        for page in Self.pages + config {
            let text = try Self.text(page)
            #expect(!text.contains("SPEC §"), "\(page) cites SPEC §…: state the rule, or link the page that does")
        }
    }
}
