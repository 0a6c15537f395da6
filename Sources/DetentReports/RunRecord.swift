import DetentScripting

/// Everything a run reported, in the order it was reported: what the JSON, JUnit and TAP
/// reports are rendered from, what a JSON report reads back into, and what `merge-reports`
/// combines and replays.
public struct RunRecord: Equatable, Sendable {
    /// The `detent` that ran (`DetentVersion.string`).
    public var detentVersion: String
    public var info: RunInfo
    /// The run in order: a section per spec file started, and one for each load error
    /// reported outside a started file (a plugin that failed, a file that could not be read).
    public var sections: [Section]
    /// The totals the run ended with (`results` is left empty: the tests are in `sections`).
    public var summary: RunSummary

    /// One spec file's part of the run.
    public struct Section: Equatable, Sendable {
        public var file: String
        /// The reporter was told `fileStarted(file)` (false for load errors reported alone).
        public var started: Bool
        /// Load errors come before the tests: a file that fails to load runs no test.
        public var loadErrors: [LoadError]
        public var tests: [RecordedTest]
        /// What the file printed after its last test (teardown, ...).
        public var trailingOutput: [String]

        public init(file: String, started: Bool, loadErrors: [LoadError] = [], tests: [RecordedTest] = [], trailingOutput: [String] = []) {
            self.file = file
            self.started = started
            self.loadErrors = loadErrors
            self.tests = tests
            self.trailingOutput = trailingOutput
        }
    }

    public struct LoadError: Equatable, Sendable {
        public var file: String
        public var message: String
        /// What was printed before the error (chunks as the reporter got them).
        public var output: [String]
        public init(file: String, message: String, output: [String] = []) {
            self.file = file
            self.message = message
            self.output = output
        }
    }

    /// A result with what was printed since the previous result of its file.
    public struct RecordedTest: Equatable, Sendable {
        public var result: TestResult
        public var output: [String]
        public init(result: TestResult, output: [String] = []) {
            self.result = result
            self.output = output
        }
    }

    public init(detentVersion: String = DetentVersion.string, info: RunInfo, sections: [Section] = [], summary: RunSummary = RunSummary()) {
        self.detentVersion = detentVersion
        self.info = info
        self.sections = sections
        self.summary = summary
    }

    /// Every test of the run in order.
    public var tests: [RecordedTest] { sections.flatMap(\.tests) }
    /// Every load error of the run in order.
    public var loadErrors: [LoadError] { sections.flatMap(\.loadErrors) }

    /// Tells `reporter` the run again, call by call, as the run told its reporters.
    public func replay(into reporter: Reporter) {
        reporter.runStarted(info)
        for section in sections {
            if section.started { reporter.fileStarted(section.file) }
            for error in section.loadErrors {
                for text in error.output { reporter.output(text) }
                reporter.loadFailed(file: error.file, message: error.message)
            }
            for test in section.tests {
                for text in test.output { reporter.output(text) }
                reporter.testFinished(test.result)
            }
            for text in section.trailingOutput { reporter.output(text) }
        }
        // As a live run's summary, with every result (what reporters total per file).
        var totals = summary
        totals.results = tests.map(\.result)
        reporter.runFinished(totals)
    }

    /// The totals recounted from the sections (the load errors and every test's status).
    public func recountedSummary(cancelled: Bool) -> RunSummary {
        var summary = RunSummary()
        for section in sections {
            summary.loadErrors += section.loadErrors.count
            for test in section.tests { summary.add(test.result) }
        }
        summary.results = []
        summary.cancelled = cancelled
        return summary
    }
}

/// A reporter that keeps what it is told as a `RunRecord`; `finished` gets the record when
/// the run ends.
public final class RunRecorder: Reporter {
    public private(set) var record = RunRecord(info: RunInfo(seed: 0, shuffled: false, device: ""))
    private var pendingOutput: [String] = []
    public var finished: (RunRecord) -> Void

    public init(finished: @escaping (RunRecord) -> Void = { _ in }) { self.finished = finished }

    public func runStarted(_ info: RunInfo) {
        record = RunRecord(info: info)
        pendingOutput = []
    }

    public func fileStarted(_ file: String) {
        closeSection()
        record.sections.append(RunRecord.Section(file: file, started: true))
    }

    public func output(_ text: String) { pendingOutput.append(text) }

    public func testFinished(_ result: TestResult) {
        openSection(for: result.file)
        record.sections[record.sections.count - 1].tests.append(RunRecord.RecordedTest(result: result, output: pendingOutput))
        pendingOutput = []
    }

    public func loadFailed(file: String, message: String) {
        openSection(for: file)
        record.sections[record.sections.count - 1].loadErrors.append(RunRecord.LoadError(file: file, message: message, output: pendingOutput))
        pendingOutput = []
    }

    public func runFinished(_ summary: RunSummary) {
        closeSection()
        var totals = summary
        totals.results = []
        record.summary = totals
        finished(record)
    }

    /// An event of another file than the open section's starts a section of its own (a load
    /// error reported without `fileStarted`).
    private func openSection(for file: String) {
        if let last = record.sections.last, last.file == file { return }
        closeSection()
        record.sections.append(RunRecord.Section(file: file, started: false))
    }

    /// Output printed after the open section's last test belongs to that section.
    private func closeSection() {
        guard !pendingOutput.isEmpty else { return }
        if record.sections.isEmpty { record.sections.append(RunRecord.Section(file: "", started: false)) }
        record.sections[record.sections.count - 1].trailingOutput += pendingOutput
        pendingOutput = []
    }
}
