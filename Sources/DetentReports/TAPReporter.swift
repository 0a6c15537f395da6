import DetentPlatform
import DetentJSON
/// TAP version 13 on the sink; the `N passed, N failed` line goes to `summarySink`
/// (standard error by default) so the TAP stream stays clean. The plan comes first, so the
/// stream is written when the run ends (`TAPReport.render`).
public final class TAPReporter: Reporter {
    let sink: TextSink
    let summarySink: TextSink
    private let recorder = RunRecorder()

    public init(sink: TextSink, summarySink: TextSink) {
        self.sink = sink
        self.summarySink = summarySink
    }

    public func runStarted(_ info: RunInfo) { recorder.runStarted(info) }
    public func fileStarted(_ file: String) { recorder.fileStarted(file) }
    public func output(_ text: String) { recorder.output(text) }
    public func testFinished(_ result: TestResult) { recorder.testFinished(result) }
    public func loadFailed(file: String, message: String) { recorder.loadFailed(file: file, message: message) }

    public func runFinished(_ summary: RunSummary) {
        recorder.runFinished(summary)
        sink.write(TAPReport.render(recorder.record))
        if let noAssertions = summary.noAssertionLine { summarySink.line(noAssertions) }
        summarySink.line(summary.line)
    }
}

/// TAP 13 text of a run (`-o tap`, `--report FILE.tap`): the plan, a `# file` comment per spec
/// file, script output as `#` comments, `ok`/`not ok` per test with a YAML block for failures
/// (message, severity, at, expected, actual, virtual time, frame, trace) and for flaky tests
/// (`flaky: true` and every failed attempt); a test that passed without making an assertion
/// is followed by the diagnostic `# no assertion: …`; pending and not-run tests are `# SKIP`; a
/// `--repeat` iteration is named `(iteration N)`; a file that failed to load is `not ok`.
public enum TAPReport {
    public static func render(_ record: RunRecord) -> String {
        var lines = ["TAP version 13"]
        var count = 0
        if record.info.shuffled { lines.append("# Randomized with seed \(record.info.seed)") }
        if let shard = record.info.shard { lines.append("# Shard \(shard)") }
        func comment(_ chunks: [String]) {
            for text in chunks {
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("# " + line) }
            }
        }
        for section in record.sections {
            if section.started { lines.append("# \(section.file)") }
            for error in section.loadErrors {
                comment(error.output)
                count += 1
                lines.append("not ok \(count) - \(escape(error.file)) (load error)")
                lines.append("  ---")
                lines.append("  message: \(yamlQuoted(error.message))")
                lines.append("  severity: load error")
                lines.append("  ...")
            }
            for test in section.tests {
                comment(test.output)
                count += 1
                lines += testLines(test.result, number: count)
            }
            comment(section.trailingOutput)
        }
        // The plan goes right after the version line once the count is known.
        lines.insert("1..\(count)", at: 1)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testLines(_ result: TestResult, number: Int) -> [String] {
        var name = escape(result.fullName)
        if let iteration = result.iteration { name += " (iteration \(iteration))" }
        var lines: [String] = []
        switch result.status {
        case .passed:
            lines.append("ok \(number) - \(name)")
            // A diagnostic, which TAP consumers show and do not parse.
            if result.madeNoAssertion { lines.append("# " + JUnitReport.noAssertionNote) }
            guard result.isFlaky else { return lines }
            lines.append("  ---")
            lines.append("  flaky: true")
            lines.append("  at: \(yamlQuoted(result.location))")
            lines += attemptLines(result.retries)
            lines.append("  ...")
        case .pending: lines.append("ok \(number) - \(name) # SKIP pending")
        case .notRun: lines.append("ok \(number) - \(name) # SKIP not run")
        case .failed, .error:
            lines.append("not ok \(number) - \(name)")
            lines.append("  ---")
            lines.append("  message: \(yamlQuoted(result.message ?? ""))")
            lines.append("  severity: \(result.status == .error ? "error" : "fail")")
            lines.append("  at: \(yamlQuoted(JSONReport.failureLocation(in: result.message) ?? result.location))")
            if let expected = result.expected { lines.append("  expected: \(yamlQuoted(expected))") }
            if let actual = result.actual { lines.append("  actual: \(yamlQuoted(actual))") }
            lines.append("  virtual_time: \(formatSeconds(result.virtualTime))")
            lines.append("  frame: \(result.frame)")
            if let trace = result.tracePath { lines.append("  trace: \(yamlQuoted(trace))") }
            lines += attemptLines(result.retries)
            lines.append("  ...")
        }
        return lines
    }

    /// Earlier failed attempts under `--retries`, oldest first.
    private static func attemptLines(_ attempts: [TestResult.Attempt]) -> [String] {
        guard !attempts.isEmpty else { return [] }
        var lines = ["  retries:"]
        for attempt in attempts {
            lines.append("    - status: \(attempt.status.rawValue)")
            lines.append("      message: \(yamlQuoted(attempt.message ?? ""))")
            if let location = JSONReport.failureLocation(in: attempt.message) { lines.append("      at: \(yamlQuoted(location))") }
            lines.append("      virtual_time: \(formatSeconds(attempt.virtualTime))")
            lines.append("      frame: \(attempt.frame)")
            if let trace = attempt.tracePath { lines.append("      trace: \(yamlQuoted(trace))") }
        }
        return lines
    }

    private static func escape(_ text: String) -> String {
        text.replacingEvery("\\", with: "\\\\").replacingEvery("#", with: "\\#")
            .replacingEvery("\n", with: " ")
    }

    /// A YAML double-quoted scalar: JSON's string syntax is one (YAML 1.2 reads JSON).
    private static func yamlQuoted(_ text: String) -> String { JSONText.quoted(text) }
}
