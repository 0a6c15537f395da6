import Testing
import Foundation
import DetentTestSupport

/// Issue 28 §6: hostile specs — a recursion through pcall, and a native module built here
/// with `cc` whose functions segfault, abort, loop in C, malloc 8 GiB and touch it, close or
/// flood the worker's pipe and standard output — each fail alone with a clear message under
/// `detent run --jobs 1` and `--jobs 2` and the daemon's `run` (while another client's eval
/// answers within 100 ms); no worker outlives its coordinator, `kill -9` included; `cancel`
/// of a run stuck in C ends it within 1 s; `session/restart` recovers a world stuck in C.
/// Tests/Workers/hostile_suite.py, against the `detent` binary this build made.
@Suite("Hostile specs: no spec, Lua or C, hangs, crashes or outlives a run", .serialized)
struct HostileSpecSuiteTests {
    @Test(.timeLimit(.minutes(10))) func everyHostileSpecFailsAloneAndNoWorkerIsLeft() throws {
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/Workers/hostile_suite.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent")])
        let text = run.output
        #expect(run.status == 0, "hostile suite failed:\n\(text)")
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"), "suite summary: \(last)")
    }

    /// Issue 28 §4: several clients send random, malformed and hostile JSON-RPC for 20 s;
    /// another client's status answers within 100 ms and its eval within 1 s throughout, every
    /// well-formed request is answered exactly once, and the daemon's memory comes back.
    /// Tests/DaemonClients/protocol_fuzz.py.
    @Test(.timeLimit(.minutes(10))) func aProtocolFuzzWedgesNothing() throws {
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/DaemonClients/protocol_fuzz.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"),
                                                          "--repo", BuiltExecutables.root.path, "--seconds", "20"])
        let text = run.output
        #expect(run.status == 0, "protocol fuzz failed:\n\(text)")
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"), "suite summary: \(last)")
    }
}
