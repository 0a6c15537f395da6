/// The outcome of one test (an `it`, or a whole plain script).
public struct TestResult: Equatable, Sendable {
    public enum Status: String, Sendable {
        case passed, failed, error, pending
        /// Never started: the run stopped scheduling (`--max-failures`) or was cancelled first.
        case notRun = "not_run"
    }

    /// One earlier attempt of a test run with `--retries`, which failed (or raised) before the
    /// attempt this result reports.
    public struct Attempt: Equatable, Sendable {
        public var status: Status
        public var message: String?
        public var virtualTime: Double
        public var frame: Int64
        /// Wall-clock seconds of this attempt.
        public var duration: Double
        /// Trace file of this attempt (`--trace`), when one was kept.
        public var tracePath: String?
        public init(status: Status, message: String?, virtualTime: Double, frame: Int64, duration: Double, tracePath: String? = nil) {
            self.status = status
            self.message = message
            self.virtualTime = virtualTime
            self.frame = frame
            self.duration = duration
            self.tracePath = tracePath
        }
    }

    public var file: String
    public var name: String
    public var fullName: String
    /// `file:line` of the `it` (or the file for a script).
    public var location: String
    public var tags: [String]
    public var status: Status
    /// For failures and errors: the message, with `where` (file:line) first when known.
    public var message: String?
    public var expected: String?
    public var actual: String?
    public var traceback: String?
    /// Virtual time (seconds) and frame when the test ended.
    public var virtualTime: Double
    public var frame: Int64
    /// Wall-clock seconds the reported attempt took — the one field that differs between two
    /// identical runs, so reports compare equal "apart from durations".
    public var duration: Double = 0
    /// The failed attempts before this one under `--retries N`, oldest first. A passed test
    /// with earlier failed attempts is flaky.
    public var retries: [Attempt] = []
    /// 1-based iteration under `--repeat N`; nil without it.
    public var iteration: Int? = nil
    /// The trace file of this attempt (`--trace`), relative to the working directory.
    public var tracePath: String? = nil
    /// The assertions the reported attempt evaluated (luassert's, `assert.series` checks, and
    /// the waits that can fail: `wait_until`, `wait_idle`, `wait_event`); nil where nothing
    /// was counted (a plain script, a block's error, a test that never ran or was stopped).
    public var assertions: Int? = nil

    /// Failed, then passed on a retry: listed, counted and marked in every report.
    public var isFlaky: Bool { status == .passed && !retries.isEmpty }

    /// Passed without evaluating a single assertion: what the summary counts as having made
    /// no assertion (a pending or failing test never does).
    public var madeNoAssertion: Bool { status == .passed && assertions == 0 }

    /// Failed or raised: what `--max-failures` counts.
    public var isFailure: Bool { status == .failed || status == .error }

    /// This test as one that never ran: the same test and iteration, nothing of an outcome.
    public var asNotRun: TestResult {
        var result = TestResult(file: file, name: name, fullName: fullName, location: location, tags: tags,
                                status: .notRun, virtualTime: 0, frame: 0)
        result.iteration = iteration
        return result
    }

    public init(file: String, name: String, fullName: String, location: String, tags: [String], status: Status,
                message: String? = nil, expected: String? = nil, actual: String? = nil, traceback: String? = nil,
                virtualTime: Double, frame: Int64) {
        self.file = file
        self.name = name
        self.fullName = fullName
        self.location = location
        self.tags = tags
        self.status = status
        self.message = message
        self.expected = expected
        self.actual = actual
        self.traceback = traceback
        self.virtualTime = virtualTime
        self.frame = frame
    }
}

/// Totals of a run.
public struct RunSummary: Equatable, Sendable {
    public var passed = 0
    public var failed = 0
    public var errors = 0
    public var pending = 0
    /// Files that could not be loaded (syntax errors, unreadable): exit code 2.
    public var loadErrors = 0
    /// Passed only on a retry (also counted in `passed`).
    public var flaky = 0
    /// Selected but never started (`--max-failures`).
    public var notRun = 0
    /// Passed without making an assertion (`TestResult.madeNoAssertion`; also counted in `passed`).
    public var noAssertions = 0
    public var results: [TestResult] = []
    /// The run was cancelled before every selected test ran.
    public var cancelled = false
    /// With `cancelled`: the spec files, in run order, that the cancel kept from starting —
    /// none of their tests ran or was reported, and none is counted above.
    public var notStartedFiles: [String] = []

    public init() {}

    package mutating func add(_ result: TestResult) {
        results.append(result)
        switch result.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .pending: pending += 1
        case .notRun: notRun += 1
        }
        if result.isFlaky { flaky += 1 }
        if result.madeNoAssertion { noAssertions += 1 }
    }

    /// `N tests made no assertion` when any did, the line the console prints before `line`.
    public var noAssertionLine: String? {
        guard noAssertions > 0 else { return nil }
        return "\(noAssertions) test\(noAssertions == 1 ? "" : "s") made no assertion"
    }

    /// `N passed, N failed` (+ `, N skipped`, `, N flaky`, `, N not run`, `, N load errors`, `, cancelled`) — errors
    /// count as failed; a file that did not load is counted too, so a run that exits 2 never
    /// reads as all green, and a cancelled one never as whole.
    public var line: String {
        var text = "\(passed) passed, \(failed + errors) failed"
        if pending > 0 { text += ", \(pending) skipped" }
        if flaky > 0 { text += ", \(flaky) flaky" }
        if notRun > 0 { text += ", \(notRun) not run" }
        if loadErrors > 0 { text += ", \(loadErrors) load error" + (loadErrors == 1 ? "" : "s") }
        if cancelled { text += ", cancelled" }
        return text
    }

    /// 0 all passed, 1 failures, 2 load errors (SPEC §10).
    public var exitCode: Int32 { exitCode(failOnFlaky: false) }

    /// As `exitCode`; with `failOnFlaky` (`--fail-on-flaky`) a flaky test fails the run.
    public func exitCode(failOnFlaky: Bool) -> Int32 {
        if loadErrors > 0 { return 2 }
        return failed + errors > 0 || (failOnFlaky && flaky > 0) ? 1 : 0
    }
}
