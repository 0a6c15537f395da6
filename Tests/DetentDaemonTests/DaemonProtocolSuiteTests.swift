import Testing
import Foundation
import DetentTestSupport

/// Runs the protocol suite of clients that are not Detent (Python's standard library and
/// socat, Tests/DaemonClients/daemon_suite.py) against the `detent` binary this build made.
/// Each of its tests starts its own daemon on a socket in a temporary folder and stops it by pid.
@Suite("Daemon protocol, driven by real clients", .serialized)
struct DaemonProtocolSuiteTests {
    static var root: URL { BuiltExecutables.root }

    /// The `detent` executable beside this test bundle (same build, same sanitizers).
    static func detentBinary() throws -> String { try BuiltExecutables.path(of: "detent") }

    @Test(.timeLimit(.minutes(10))) func theProtocolSuitePasses() throws {
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/DaemonClients/daemon_suite.py", "--detent", try Self.detentBinary(),
                                                          "--repo", Self.root.path])
        let text = run.output
        #expect(run.status == 0, "daemon protocol suite failed:\n\(text)")
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix("0 failed"), "suite summary: \(last)")
    }
}
