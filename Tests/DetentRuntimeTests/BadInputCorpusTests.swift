import Testing
import Foundation

/// Runs the bad-input corpus (Tests/BadInput/bad_input_suite.py, cases in Tests/BadInput/cases)
/// against the `detent` binary this build made: hundreds of hostile or careless specs and
/// command lines, each run with a time limit, each required to end by itself (no signal, no
/// hang), with the right exit status (never a false pass), naming the spec file and the
/// hostile line, and leaving the canary test beside it passing. Cases listed in
/// Tests/BadInput/known.txt are known to fail today and do not fail this test; a known case
/// that starts passing is announced in the suite's output so the list shrinks.
@Suite("Bad-input corpus, run by detent run", .serialized)
struct BadInputCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `detent` executable beside this test bundle (same build, same sanitizers).
    static func detentBinary() throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("detent").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = root.appendingPathComponent(".build/debug/detent").path
        guard FileManager.default.isExecutableFile(atPath: fallback) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no detent binary beside the tests; run swift build first"])
        }
        return fallback
    }

    @Test(.timeLimit(.minutes(15))) func noBadInputCrashesHangsOrPassesFalsely() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Tests/BadInput/bad_input_suite.py", "--detent", try Self.detentBinary(), "--repo", Self.root.path]
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "bad-input corpus failed:\n\(text)")
        // The summary is `N passed, N failed` or `N passed, N failed, N known`.
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        let summary = last.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(summary.count >= 2 && summary[0].hasSuffix(" passed") && summary[1] == "0 failed", "suite summary: \(last)")
    }
}
