import Testing
import Foundation
import DetentTestSupport

/// Runs Tests/Console/console_suite.py against the `detent` binary this build made: the
/// console through a real terminal (tmux send-keys / capture-pane) and through pipes. Each
/// of its tests starts its own tmux server and console and stops them by pid.
@Suite("Console, driven through a terminal", .serialized)
struct ConsoleTerminalSuiteTests {
    @Test(.timeLimit(.minutes(10))) func theTerminalSuitePasses() throws {
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/Console/console_suite.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"),
                                                          "--repo", BuiltExecutables.root.path])
        #expect(run.status == 0, "console suite failed:\n\(run.output)")
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" 0 failed") && !last.hasPrefix("0 passed"), "suite summary: \(last)")
    }
}
