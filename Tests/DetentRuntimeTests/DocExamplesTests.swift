import Foundation
import Testing
import DetentTestSupport

/// The Lua examples of README.md and docs/, run as a reader would run them: each page's spec
/// blocks (a ```lua block with a top-level `describe(` or `it(`) go into an empty folder
/// outside the checkout, with the page's plugin blocks (a ```lua block whose first line is
/// `-- scripts/plugins/NAME.lua`) at that path, and `detent run` must pass them all with the
/// built-in configuration. Fragments (neither kind) are not run. A block of output a page
/// shows after `<!-- output of: NAME -->` (or `<!-- output of: NAME with "A" -> "B" -->`, for a
/// variant) is what `detent run NAME` prints for the spec block whose first line is `-- NAME`
/// (with A replaced by B): its lines appear in that run's output, in order and together.
// Serialized: each case blocks its thread on a child process, and the cooperative pool has as
// many threads as cores.
@Suite("Doc examples, run from an empty folder", .serialized)
struct DocExamplesTests {
    static let root = BuiltExecutables.root

    /// The pages with Lua examples: README.md and every page of docs/.
    static var pages: [String] {
        let docs = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// A page's Lua blocks, sorted into what runs.
    struct Examples {
        var specs: [String] = []
        var plugins: [(path: String, text: String)] = []
        /// Spec blocks whose first line names them (`-- spec/drawer_spec.lua`), by that name.
        var named: [String: String] = [:]
        /// Output blocks marked `<!-- output of: … -->`: the spec's name, the variant's
        /// replacement if any, and the lines shown.
        var outputs: [(spec: String, replacing: (String, String)?, lines: [String])] = []

        init(page text: String) {
            var block: [String]?
            var isLua = false
            var marker: (spec: String, replacing: (String, String)?)?
            for line in text.components(separatedBy: "\n") {
                if block == nil {
                    if line.hasPrefix("<!-- output of: "), line.hasSuffix(" -->") {
                        marker = Self.marker(String(line.dropFirst("<!-- output of: ".count).dropLast(" -->".count)))
                    } else if line.hasPrefix("```") {
                        block = []
                        isLua = line == "```lua"
                    }
                    continue
                }
                if line == "```" {
                    if isLua {
                        take(block!)
                    } else if let shown = marker {
                        outputs.append((shown.spec, shown.replacing, block!))
                    }
                    marker = nil
                    block = nil
                } else {
                    block!.append(line)
                }
            }
        }

        /// `NAME` or `NAME with "A" -> "B"`.
        static func marker(_ text: String) -> (spec: String, replacing: (String, String)?) {
            guard let with = text.range(of: " with \"") else { return (text, nil) }
            let parts = text[with.upperBound...].components(separatedBy: "\" -> \"")
            guard parts.count == 2, parts[1].hasSuffix("\"") else { return (text, nil) }
            return (String(text[..<with.lowerBound]), (parts[0], String(parts[1].dropLast())))
        }

        private mutating func take(_ lines: [String]) {
            let text = lines.joined(separator: "\n") + "\n"
            if let first = lines.first, first.hasPrefix("-- scripts/plugins/"), first.hasSuffix(".lua") {
                plugins.append((String(first.dropFirst(3)), text))
            } else if lines.contains(where: { $0.hasPrefix("describe(") || $0.hasPrefix("it(") }) {
                specs.append(text)
                if let first = lines.first, first.hasPrefix("-- "), first.hasSuffix(".lua"), !first.dropFirst(3).contains(" ") {
                    named[String(first.dropFirst(3))] = text
                }
            }
        }
    }

    @Test func theExamplesAreFound() throws {
        let plugins = try Examples(page: String(contentsOf: Self.root.appendingPathComponent("docs/plugins.md"), encoding: .utf8))
        #expect(plugins.plugins.map(\.path) == ["scripts/plugins/step_guard.lua"])
        #expect(plugins.specs.count >= 1)
        let readme = try Examples(page: String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8))
        #expect(readme.specs.count >= 1)
    }

    /// What a page shows a spec printing is what it prints.
    @Test(.timeLimit(.minutes(3)), arguments: pages)
    func everyOutputShownIsTheBinarys(_ page: String) throws {
        let examples = try Examples(page: String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8))
        for output in examples.outputs {
            let spec = try #require(examples.named[output.spec], "\(page): no spec block whose first line is -- \(output.spec)")
            let text = output.replacing.map { spec.replacingOccurrences(of: $0.0, with: $0.1) } ?? spec
            if let replacing = output.replacing { #expect(text != spec, "\(page): \"\(replacing.0)\" is not in \(output.spec)") }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("detent-output-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let file = scratch.appendingPathComponent(output.spec)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            for plugin in examples.plugins {
                let path = scratch.appendingPathComponent(plugin.path)
                try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
                try plugin.text.write(to: path, atomically: true, encoding: .utf8)
            }
            try text.write(to: file, atomically: true, encoding: .utf8)
            let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run", output.spec], in: scratch.path)
            let printed = run.output.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let shown = output.lines.map { $0.trimmingCharacters(in: .whitespaces) }
            let found = printed.indices.contains { start in
                start + shown.count <= printed.count && Array(printed[start..<(start + shown.count)]) == shown
            }
            #expect(found, "\(page): the output shown for \(output.spec) is not what detent run prints:\n\(run.output)")
        }
    }

    @Test(.timeLimit(.minutes(3)), arguments: pages)
    func everySpecOfThePagePasses(_ page: String) throws {
        let examples = try Examples(page: String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8))
        guard !examples.specs.isEmpty else { return }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("detent-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for plugin in examples.plugins {
            let file = scratch.appendingPathComponent(plugin.path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try plugin.text.write(to: file, atomically: true, encoding: .utf8)
        }
        let stem = page.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: ".md", with: "")
        var files: [String] = []
        for (index, spec) in examples.specs.enumerated() {
            let name = "\(stem)_\(index + 1)_spec.lua"
            try spec.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8)
            files.append(name)
        }
        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run"] + files, in: scratch.path)
        let summary = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(run.exitedNormally && run.status == 0, "\(page): exit status \(run.status)\n\(run.output)")
        #expect(summary.hasSuffix(" passed, 0 failed") || summary.contains(" passed, 0 failed,"), "\(page): \(summary)\n\(run.output)")
    }
}

/// `detent docs`: every page of docs/ and the README are compiled in and printed as they are.
@Suite("detent docs", .serialized)
struct DocsCommandTests {
    @Test func everyPageIsATopicAndPrintsAsWritten() throws {
        let detent = try BuiltExecutables.path(of: "detent")
        let listed = try BuiltExecutables.run(detent, ["docs", "--list"])
        let topics = Set(listed.output.split(separator: "\n").map(String.init))
        let pages = Set(DocExamplesTests.pages.map { $0 == "README.md" ? "readme" : String($0.dropFirst("docs/".count).dropLast(3)) })
        #expect(topics == pages, "detent docs --list: \(topics.sorted()); the pages: \(pages.sorted())")
        let drawer = try BuiltExecutables.run(detent, ["docs", "drawer"])
        let written = try String(contentsOf: BuiltExecutables.root.appendingPathComponent("docs/drawer.md"), encoding: .utf8)
        #expect(drawer.status == 0 && drawer.output == written)
    }

    @Test func anUnknownTopicNamesTheNearest() throws {
        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["docs", "drawr"])
        #expect(run.status == 2)
        #expect(run.output.contains("no page 'drawr' (did you mean drawer? topics: readme, lua-api, worlds"), "\(run.output)")
    }
}
