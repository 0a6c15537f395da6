import Foundation
import Testing
import DetentTestSupport

/// The corpus of ordinary mistakes (Tests/Mistakes, one spec file a mistake): each is run as a
/// user runs it — `detent run FILE` in an empty folder outside the checkout, with the
/// built-in configuration — and must fail, at the line marked `-- mistake`, with the message
/// its `-- expect:` line gives. A mistake in a describe body is the block's error (its tests
/// are never declared): either way the run ends `0 passed, 1 failed`.
// Serialized: each case blocks its thread on a child process, and the cooperative pool has as
// many threads as cores.
@Suite("Mistakes corpus, run from an empty folder", .serialized)
struct MistakesCorpusTests {
    static let folder = BuiltExecutables.root.appendingPathComponent("Tests/Mistakes")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix("_spec.lua") }.sorted()
    }

    /// What a corpus file says of itself.
    struct Mistake {
        var expected: String
        var line: Int

        init(_ text: String, file: String) throws {
            let lines = text.components(separatedBy: "\n")
            guard let expect = lines.first(where: { $0.hasPrefix("-- expect: ") }) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(file) has no -- expect: line"])
            }
            expected = String(expect.dropFirst("-- expect: ".count))
            guard let index = lines.firstIndex(where: { $0.hasSuffix("-- mistake") }) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(file) marks no line with -- mistake"])
            }
            line = index + 1
        }
    }

    @Test func theCorpusHasAFileForEachMistake() {
        #expect(Self.files.count >= 15, "Tests/Mistakes holds \(Self.files.count) files")
    }

    @Test(.timeLimit(.minutes(2)), arguments: files)
    func aMistakeFailsAtItsLineNamingIt(_ file: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
        let mistake = try Mistake(text, file: file)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("detent-mistake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try text.write(to: scratch.appendingPathComponent(file), atomically: true, encoding: .utf8)

        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run", file], in: scratch.path)
        #expect(run.exitedNormally && run.status == 1, "\(file): exit status \(run.status)\n\(run.output)")
        #expect(run.output.contains("\(file):\(mistake.line): \(mistake.expected)"),
                "\(file) must fail at line \(mistake.line) with: \(mistake.expected)\n\(run.output)")
        #expect(!run.output.contains("\n  ok "), "\(file): a test passed\n\(run.output)")
        let summary = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary == "0 passed, 1 failed", "\(file): \(summary)")
    }
}
