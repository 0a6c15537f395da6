import ArgumentParser
import DetentPlatform
import DetentRuntime
import FoundationEssentials
import Glibc
import DetentReports

/// The report flags `detent run` shares with `detent merge-reports` (SPEC §10, §11): the
/// format on standard output (`-o`) and the reports written to files (`--report`, repeatable),
/// each written atomically when the run ends. See docs/reports.md.
struct ReportFlags: ParsableArguments {
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "Format on standard output (any case; default: [run] output, console).",
        discussion: "With tap, junit or json the summary line goes to standard error, so standard output holds the report alone."))
    var output: OutputFormat?

    @Option(name: .customLong("report"), help: ArgumentHelp(
        "Also write a report to FILE when the run ends (repeatable).",
        discussion: "The format comes from FORMAT:FILE (console, tap, junit, json) or else from the extension: .xml JUnit, .json JSON, .tap TAP, .txt or .log console text. Written atomically: a killed run leaves the previous file or none.",
        valueName: "FILE"))
    var reportArguments: [String] = []

    struct OutputFormat: ExpressibleByArgument {
        var format: ReportFormat
        init(_ format: ReportFormat) { self.format = format }
        init?(argument: String) {
            guard let format = ReportFormat(name: argument) else { return nil }
            self.format = format
        }
        static var allValueStrings: [String] { ReportFormat.allCases.map(\.rawValue) }
        var defaultValueDescription: String { format.rawValue }
        static let console = OutputFormat(.console)
    }

    @Option(name: .customLong("junit-family"), help: ArgumentHelp(
        "JUnit flavour: xunit2 (default) or xunit1.",
        discussion: "xunit2 is valid against the junit-10.xsd Jenkins' xUnit plugin validates with; xunit1 adds each testcase's file and line (GitLab's test reports show the file), which that schema refuses. The names are pytest's junit_family.",
        valueName: "FAMILY"))
    var junitFamily: JUnitFamily = .init(.xunit2)

    struct JUnitFamily: ExpressibleByArgument {
        var family: JUnitReport.Family
        init(_ family: JUnitReport.Family) { self.family = family }
        init?(argument: String) {
            guard let family = JUnitReport.Family(rawValue: argument.lowercased()) else { return nil }
            self.family = family
        }
        static var allValueStrings: [String] { JUnitReport.Family.allCases.map(\.rawValue) }
        var defaultValueDescription: String { family.rawValue }
    }

    /// The `--report` files with their formats.
    func targets() throws -> [ReportTarget] { try reportArguments.map(ReportTarget.parse) }

    func validate() throws {
        do {
            for target in try targets() { try target.checkWritable() }
        } catch let error as ReportTarget.Invalid {
            throw ValidationError(error.description)
        }
    }

    /// The reporter of the run: the `-o` format on standard output, then every `--report`
    /// file. A report that cannot be written is said on standard error and the command exits
    /// with status 2 once every report had its turn.
    func makeReporter(stdout: TextSink, verbose: Bool, defaultFormat: ReportFormat = .console) -> Reporter {
        let standardError = TextSink.standardError()
        var reporters: [Reporter] = []
        let format = output?.format ?? defaultFormat
        switch format {
        // Colour and a live progress line when standard output is a terminal.
        case .console: reporters.append(ConsoleReporter(sink: stdout, verbose: verbose, terminal: .standardOutput()))
        case .tap: reporters.append(TAPReporter(sink: stdout, summarySink: standardError))
        case .junit, .json:
            reporters.append(DocumentReporter(format: format, verbose: verbose, junitFamily: junitFamily.family) { stdout.write($0) })
            reporters.append(SummaryLineReporter(sink: standardError))
        }
        let failures = WriteFailures()
        let files = (try? targets()) ?? []
        for target in files {
            reporters.append(DocumentReporter(format: target.format, verbose: verbose, junitFamily: junitFamily.family) { text in
                do { try AtomicFile.write(text, to: target.path) } catch { failures.messages.append("\(error)") }
            })
        }
        if !files.isEmpty { reporters.append(WriteFailureCheck(failures: failures, sink: standardError)) }
        return reporters.count == 1 ? reporters[0] : MultiReporter(reporters)
    }
}

private final class WriteFailures { var messages: [String] = [] }

/// Says which reports could not be written, then exits 2: a CI job must not read a stale or
/// missing report as this run's.
private final class WriteFailureCheck: Reporter {
    let failures: WriteFailures
    let sink: TextSink
    init(failures: WriteFailures, sink: TextSink) {
        self.failures = failures
        self.sink = sink
    }
    func runStarted(_ info: RunInfo) {}
    func fileStarted(_ file: String) {}
    func output(_ text: String) {}
    func testFinished(_ result: TestResult) {}
    func loadFailed(file: String, message: String) {}
    func runFinished(_ summary: RunSummary) {
        guard !failures.messages.isEmpty else { return }
        for message in failures.messages { sink.line("detent: \(message)") }
        exit(2)
    }
}

/// The `N passed, N failed` line alone (on standard error when standard output holds a report).
private final class SummaryLineReporter: Reporter {
    let sink: TextSink
    init(sink: TextSink) { self.sink = sink }
    func runStarted(_ info: RunInfo) {}
    func fileStarted(_ file: String) {}
    func output(_ text: String) {}
    func testFinished(_ result: TestResult) {}
    func loadFailed(file: String, message: String) {}
    func runFinished(_ summary: RunSummary) { sink.line(summary.line) }
}
