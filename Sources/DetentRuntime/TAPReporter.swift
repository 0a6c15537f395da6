/// TAP version 13 on the sink; the `N passed, N failed` line goes to `summarySink`
/// (standard error by default) so the TAP stream stays clean.
public final class TAPReporter: Reporter {
    let sink: TextSink
    let summarySink: TextSink
    private var count = 0
    private var lines: [String] = []

    public init(sink: TextSink, summarySink: TextSink) {
        self.sink = sink
        self.summarySink = summarySink
    }

    public func runStarted(_ info: RunInfo) {
        lines.append("TAP version 13")
        if info.shuffled { lines.append("# Randomized with seed \(info.seed)") }
    }

    public func fileStarted(_ file: String) { lines.append("# \(file)") }

    public func output(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { lines.append("# " + line) }
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "#", with: "\\#")
    }

    private static func yamlQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    public func testFinished(_ result: TestResult) {
        count += 1
        let name = Self.escape(result.fullName)
        switch result.status {
        case .passed: lines.append("ok \(count) - \(name)")
        case .pending: lines.append("ok \(count) - \(name) # SKIP pending")
        case .notRun: lines.append("ok \(count) - \(name) # SKIP not run")
        case .failed, .error:
            lines.append("not ok \(count) - \(name)")
            lines.append("  ---")
            lines.append("  message: \(Self.yamlQuoted(result.message ?? ""))")
            lines.append("  severity: \(result.status == .error ? "error" : "fail")")
            lines.append("  at: \(Self.yamlQuoted(result.location))")
            if let expected = result.expected { lines.append("  expected: \(Self.yamlQuoted(expected))") }
            if let actual = result.actual { lines.append("  actual: \(Self.yamlQuoted(actual))") }
            lines.append("  virtual_time: \(formatSeconds(result.virtualTime))")
            lines.append("  frame: \(result.frame)")
            lines.append("  ...")
        }
    }

    public func loadFailed(file: String, message: String) {
        count += 1
        lines.append("not ok \(count) - \(Self.escape(file)) (load error)")
        lines.append("  ---")
        lines.append("  message: \(Self.yamlQuoted(message))")
        lines.append("  ...")
    }

    public func runFinished(_ summary: RunSummary) {
        // The plan goes right after the version line once the count is known.
        lines.insert("1..\(count)", at: 1)
        for line in lines { sink.line(line) }
        summarySink.line(summary.line)
    }
}
