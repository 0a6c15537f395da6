import Foundation
import Testing
import DetentTestSupport

/// `detent run --trace …` and `detent show-trace` as a user types them.
@Suite("Traces on the command line")
struct TraceCommandLineTests {
    @Test func showTraceWritesTheReplayAndAPlotPerSeries() throws {
        let folder = NSTemporaryDirectory() + "detent-show-trace-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let detent = try BuiltExecutables.path(of: "detent")
        let run = try BuiltExecutables.run(detent, ["run", "Tests/Trace/specs/replay_spec.lua", "--filter", "flicks",
                                                    "--trace", "on", "--trace-dir", folder + "/traces"])
        #expect(run.status == 0, "\(run.output)")
        let trace = folder + "/traces/tests-trace-specs-replay-spec.lua/4-replay-flicks-the-drawer-up-and-pushes-a-screen.jsonl"
        #expect(FileManager.default.fileExists(atPath: trace))
        let show = try BuiltExecutables.run(detent, ["show-trace", trace, "--out", folder + "/out"])
        #expect(show.status == 0, "\(show.output)")
        for name in ["replay.html", "drawer.origin.svg", "navigation.bar-height.svg"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/out/" + name), "\(name) missing: \(show.output)")
        }
        let html = try String(contentsOfFile: folder + "/out/replay.html", encoding: .utf8)
        #expect(html.contains("id=\"scrubber\"") && html.contains("Content-Security-Policy"))
    }

    @Test func showTraceRefusesAFileThatIsNotATrace() throws {
        let detent = try BuiltExecutables.path(of: "detent")
        let missing = try BuiltExecutables.run(detent, ["show-trace", "/nonexistent/trace.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.output.contains("cannot read /nonexistent/trace.jsonl"))
        let notATrace = try BuiltExecutables.run(detent, ["show-trace", "Package.swift"])
        #expect(notATrace.status == 2)
        #expect(notATrace.output.contains("Package.swift:1: not a JSON object"))
    }

    @Test func traceModesAreCheckedAndTraceCannotGoToADaemon() throws {
        let detent = try BuiltExecutables.path(of: "detent")
        let bad = try BuiltExecutables.run(detent, ["run", "--trace", "sometimes", "Tests/Trace/specs/replay_spec.lua"])
        #expect(bad.status == 2)
        #expect(bad.output.contains("on") && bad.output.contains("retain-on-failure") && bad.output.contains("off"))
        let remote = try BuiltExecutables.run(detent, ["run", "--trace", "on", "--connect", "/nonexistent.sock", "Tests/Trace/specs/replay_spec.lua"])
        #expect(remote.status == 2)
        #expect(remote.output.contains("--trace writes traces from this process"))
    }
}
