import Testing
import Foundation
import DetentTestSupport

/// Runs the bad-input corpus (Tests/BadInput/bad_input_suite.py, cases in Tests/BadInput/cases)
/// against the `detent` binary this build made: hundreds of hostile or careless specs and
/// command lines, each run with a time limit, each required to end by itself (no signal, no
/// hang), with the right exit status (never a false pass), naming the spec file and the
/// hostile line, and leaving the canary test beside it passing. Cases listed in
/// Tests/BadInput/known.txt are known to fail today and do not fail this test; a known case
/// that starts passing is announced in the suite's output so the list shrinks.
@Suite("Bad-input corpus, run by detent run", .serialized)
struct BadInputCorpusTests {
    @Test(.timeLimit(.minutes(15))) func noBadInputCrashesHangsOrPassesFalsely() throws {
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/BadInput/bad_input_suite.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"), "--repo", BuiltExecutables.root.path])
        let text = run.output
        #expect(run.status == 0, "bad-input corpus failed:\n\(text)")
        // The summary is `N passed, N failed` or `N passed, N failed, N known`.
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        let summary = last.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(summary.count >= 2 && summary[0].hasSuffix(" passed") && summary[1] == "0 failed", "suite summary: \(last)")
    }
}
