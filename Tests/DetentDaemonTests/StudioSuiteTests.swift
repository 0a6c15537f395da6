import Testing
import Foundation
import DetentTestSupport

/// Issue 30: Detent Studio's server spoken to by clients that are not Detent (Python's
/// http.client and a standard-library WebSocket client, Tests/Studio/studio_suite.py): the
/// token, Host and Origin rules, the Content-Security-Policy, JSON-RPC over the WebSocket,
/// geometry samples, pointer touches landing a drawer as a spec's drag does, pause + step, two
/// pages on one session. The suite starts its own daemon and stops it by pid.
@Suite("Studio: the server, driven by real clients", .serialized)
struct StudioSuiteTests {
    @Test(.timeLimit(.minutes(10))) func theStudioSuitePasses() throws {
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/Studio/studio_suite.py", "--detent", try BuiltExecutables.path(of: "detent")])
        #expect(run.status == 0, "studio suite failed:\n\(run.output)")
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" 0 failed"), "suite summary: \(last)")
    }
}
