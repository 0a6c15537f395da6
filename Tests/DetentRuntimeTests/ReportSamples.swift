import DetentRuntime
@testable import DetentReports

/// A hand-built run with every case a report must carry: a flaky test, a test that failed on
/// every retry, a raised error, repeat iterations (the first passing with no assertion), pending and not-run tests, trace paths,
/// output in each place, a plugin that failed to load and a file that could not be read.
enum ReportSamples {
    static let files = ["specs/a_spec.lua", "specs/b_spec.lua", "specs/unreadable_spec.lua"]

    static func result(_ name: String, file: String = "specs/a_spec.lua", line: Int, status: TestResult.Status, describe: String = "drawer release",
                       message: String? = nil) -> TestResult {
        var result = TestResult(file: file, name: name, fullName: describe + " " + name, location: "\(file):\(line)", tags: [],
                                status: status, message: message, virtualTime: 0.5, frame: 60)
        result.duration = 0.012
        return result
    }

    static var record: RunRecord {
        var flaky = result("settles after a flick", line: 4, status: .passed)
        flaky.tags = ["flick", "slow"]
        flaky.retries = [TestResult.Attempt(status: .failed, message: "specs/a_spec.lua:9: Expected objects to be equal.", virtualTime: 0.25,
                                            frame: 30, duration: 0.01, tracePath: "traces/a-1.jsonl")]
        flaky.tracePath = "traces/a-2.jsonl"
        flaky.assertions = 3

        var hopeless = result("never settles", line: 12, status: .failed,
                              message: "specs/a_spec.lua:14: Expected objects to be equal.\nPassed in:\n(number) 3\nExpected:\n(number) 4")
        hopeless.expected = "(number) 4"
        hopeless.actual = "(number) 3"
        hopeless.retries = [
            TestResult.Attempt(status: .failed, message: "specs/a_spec.lua:14: Expected objects to be equal.", virtualTime: 1, frame: 120, duration: 0.02),
            TestResult.Attempt(status: .error, message: "specs/a_spec.lua:15: attempt to index a nil value", virtualTime: 1.5, frame: 180, duration: 0.03),
        ]
        hopeless.traceback = "stack traceback:\n\tspecs/a_spec.lua:14: in function <specs/a_spec.lua:12>"

        var raised = result("raises <&> \"quoted\"", line: 20, status: .error, message: "specs/a_spec.lua:21: boom\u{1}")
        raised.virtualTime = 0.05
        raised.frame = 3

        var first = result("repeats", file: "specs/b_spec.lua", line: 2, status: .passed, describe: "sheet")
        first.iteration = 1
        first.assertions = 0   // passed with no assertion
        var second = first
        second.assertions = 1
        second.iteration = 2
        second.status = .failed
        second.message = "specs/b_spec.lua:3: not twice"

        let pending = result("is still to write", file: "specs/b_spec.lua", line: 6, status: .pending, describe: "sheet", message: "not yet")
        let notRun = result("never started", file: "specs/b_spec.lua", line: 8, status: .notRun, describe: "sheet")

        var record = RunRecord(detentVersion: "0.1.0", info: RunInfo(seed: 18_446_744_073_709_551_615, shuffled: true, device: "iPhone 15 Pro", files: files, shard: "2/3"))
        record.sections = [
            RunRecord.Section(file: "scripts/plugins/broken.lua", started: false,
                              loadErrors: [RunRecord.LoadError(file: "scripts/plugins/broken.lua", message: "plugin failed to load: scripts/plugins/broken.lua:2: oops")]),
            RunRecord.Section(file: "specs/a_spec.lua", started: true, tests: [
                RunRecord.RecordedTest(result: flaky, output: ["top level", "in the test\nsecond line"]),
                RunRecord.RecordedTest(result: hopeless),
                RunRecord.RecordedTest(result: raised),
            ], trailingOutput: ["teardown"]),
            RunRecord.Section(file: "specs/b_spec.lua", started: true, tests: [
                RunRecord.RecordedTest(result: first), RunRecord.RecordedTest(result: second),
                RunRecord.RecordedTest(result: pending), RunRecord.RecordedTest(result: notRun),
            ]),
            RunRecord.Section(file: "specs/unreadable_spec.lua", started: false,
                              loadErrors: [RunRecord.LoadError(file: "specs/unreadable_spec.lua", message: "cannot read specs/unreadable_spec.lua as UTF-8 text")]),
        ]
        record.summary = record.recountedSummary(cancelled: false)
        return record
    }
}
