import Testing
import DetentRuntime
@testable import DetentReports

/// The console reporter on a terminal: colour (unless NO_COLOR) and a live progress line
/// that is erased before each line of output; plain, deterministic text everywhere else.
@Suite("Console reporter: terminal, colour, progress line, slowest files")
struct ConsoleReporterTerminalTests {
    private func result(_ name: String, _ status: TestResult.Status, duration: Double = 0) -> TestResult {
        var result = TestResult(file: "a_spec.lua", name: name, fullName: "a " + name, location: "a_spec.lua:1", tags: [],
                                status: status, virtualTime: 0, frame: 0)
        result.duration = duration
        return result
    }

    private func drive(_ reporter: ConsoleReporter) {
        reporter.runStarted(RunInfo(seed: 1, shuffled: false, device: "iPhone 15", files: ["a_spec.lua", "b_spec.lua"]))
        reporter.fileStarted("a_spec.lua")
        reporter.testFinished(result("passes", .passed))
        var failing = result("fails", .failed)
        failing.message = "a_spec.lua:3: Expected objects to be equal."
        reporter.testFinished(failing)
        var summary = RunSummary()
        summary.passed = 1
        summary.failed = 1
        reporter.runFinished(summary)
    }

    @Test func onATerminalLinesAreColouredAndAProgressLineFollowsTheOutput() {
        var written = ""
        let reporter = ConsoleReporter(sink: TextSink { _ in Issue.record("the plain sink is not used on a terminal") },
                                       terminal: .init(colour: true) { written += $0 })
        drive(reporter)
        #expect(written.contains("\u{1B}[32mok   \u{1B}[0m a passes\n"))
        #expect(written.contains("\u{1B}[31mFAIL \u{1B}[0m a fails\n"))
        // The progress line (files so far of the run's, counts, current file) has no newline and
        // is erased before the next line is written.
        #expect(written.contains("1/2 files, 1 passed\u{1B}[2m · a_spec.lua\u{1B}[0m\r\u{1B}[2K"))
        #expect(written.contains("1/2 files, 1 passed, \u{1B}[31m1 failed\u{1B}[0m"))
        #expect(written.hasSuffix("\u{1B}[31m1 passed, 1 failed\u{1B}[0m\n"))
    }

    @Test func withoutColourATerminalStillGetsTheProgressLineButNoEscapesForColour() {
        var written = ""
        let reporter = ConsoleReporter(sink: TextSink { _ in }, terminal: .init(colour: false) { written += $0 })
        drive(reporter)
        #expect(!written.contains("\u{1B}[3"))
        #expect(written.contains("1/2 files, 1 passed · a_spec.lua\r\u{1B}[2K"))
    }

    @Test func noColorTurnsColourOffAndAPipeGetsPlainText() {
        // Not a terminal here (swift test's output is a pipe or file): plain text, whatever NO_COLOR says.
        if let terminal = ConsoleReporter.Terminal.standardOutput(environment: ["NO_COLOR": "1"]) {
            #expect(!terminal.colour)
        }
        var plain = ""
        drive(ConsoleReporter(sink: TextSink { plain += $0 }))
        #expect(!plain.contains("\u{1B}"))
        #expect(plain == "a_spec.lua\n  ok    a passes\n  FAIL  a fails\n        a_spec.lua:3: Expected objects to be equal.\n        at t=0 s (frame 0)\n\n1 passed, 1 failed\n")
    }

    @Test func verboseListsTheSlowestFilesByTheirTestsWallClockTime() {
        var text = ""
        let reporter = ConsoleReporter(sink: TextSink { text += $0 }, verbose: true)
        var summary = RunSummary()
        var slow = result("slow", .passed, duration: 2.5)
        slow.file = "slow_spec.lua"
        var retried = result("retried", .passed, duration: 0.5)
        retried.retries = [TestResult.Attempt(status: .failed, message: "x", virtualTime: 0, frame: 0, duration: 0.75)]
        for r in [result("quick", .passed, duration: 0.25), slow, retried] { summary.results.append(r); summary.passed += 1 }
        reporter.runFinished(summary)
        #expect(text.contains("Slowest files:\n    2.500 s  slow_spec.lua\n    1.500 s  a_spec.lua\n"))
    }
}

extension ConsoleReporterTerminalTests {
    @Test func theProgressLineIsCutToTheTerminalsWidth() {
        var written = ""
        let reporter = ConsoleReporter(sink: TextSink { _ in }, terminal: .init(colour: false, width: 30) { written += $0 })
        reporter.fileStarted("scripts/scenarios/a_rather_long_folder/some_spec.lua")
        let progress = written.components(separatedBy: "\n").last!
        #expect(progress == "1 files, 0 passed · …spec.lua")
        #expect(progress.count < 30)
    }
}
