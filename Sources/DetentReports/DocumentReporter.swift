/// The formats of a whole-run report: `-o FORMAT` on standard output, `--report FILE` in a file.
public enum ReportFormat: String, CaseIterable, Sendable {
    case console, tap, junit, json

    /// Any case: `-o JUnit` works as `-o junit`.
    public init?(name: String) { self.init(rawValue: name.lowercased()) }

    /// The report rendered from a run's record (console text as the console reporter prints
    /// it; JUnit in `junitFamily`).
    public func render(_ record: RunRecord, verbose: Bool = false, junitFamily: JUnitReport.Family = .xunit2) -> String {
        switch self {
        case .tap: return TAPReport.render(record)
        case .junit: return JUnitReport.render(record, family: junitFamily)
        case .json: return JSONReport.render(record)
        case .console:
            var text = ""
            record.replay(into: ConsoleReporter(sink: TextSink { text += $0 }, verbose: verbose))
            return text
        }
    }
}

/// Records the run and, when it ends, renders it as one document and hands it to `deliver`
/// (standard output, or an atomic file write).
public final class DocumentReporter: Reporter {
    public let format: ReportFormat
    private let recorder: RunRecorder

    public init(format: ReportFormat, verbose: Bool = false, junitFamily: JUnitReport.Family = .xunit2, deliver: @escaping (String) -> Void) {
        self.format = format
        recorder = RunRecorder { record in deliver(format.render(record, verbose: verbose, junitFamily: junitFamily)) }
    }

    public func runStarted(_ info: RunInfo) { recorder.runStarted(info) }
    public func fileStarted(_ file: String) { recorder.fileStarted(file) }
    public func output(_ text: String) { recorder.output(text) }
    public func testFinished(_ result: TestResult) { recorder.testFinished(result) }
    public func loadFailed(file: String, message: String) { recorder.loadFailed(file: file, message: message) }
    public func runFinished(_ summary: RunSummary) { recorder.runFinished(summary) }
}

/// Tells every reporter everything, in the order given (standard output first, then files).
public final class MultiReporter: Reporter {
    public let reporters: [Reporter]
    public init(_ reporters: [Reporter]) { self.reporters = reporters }

    public func runStarted(_ info: RunInfo) { for reporter in reporters { reporter.runStarted(info) } }
    public func fileStarted(_ file: String) { for reporter in reporters { reporter.fileStarted(file) } }
    public func output(_ text: String) { for reporter in reporters { reporter.output(text) } }
    public func testFinished(_ result: TestResult) { for reporter in reporters { reporter.testFinished(result) } }
    public func loadFailed(file: String, message: String) { for reporter in reporters { reporter.loadFailed(file: file, message: message) } }
    public func runFinished(_ summary: RunSummary) { for reporter in reporters { reporter.runFinished(summary) } }
}
