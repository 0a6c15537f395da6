/// Human-readable output, ending with `N passed, N failed` (SPEC §10).
///
///     scripts/scenarios/runner/waiting_spec.lua
///       ok    waiting wait advances virtual time
///       FAIL  waiting a failing example
///             scripts/scenarios/x_spec.lua:12: Expected objects to be equal. ...
///             at t=0.5 s (frame 30)
public final class ConsoleReporter: Reporter {
    let sink: TextSink
    let verbose: Bool

    public init(sink: TextSink, verbose: Bool = false) {
        self.sink = sink
        self.verbose = verbose
    }

    public func runStarted(_ info: RunInfo) {
        if info.shuffled { sink.line("Randomized with seed \(info.seed)") }
    }

    public func fileStarted(_ file: String) { sink.line(file) }

    public func output(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { sink.line("    | " + line) }
    }

    public func testFinished(_ result: TestResult) {
        let label: String
        switch result.status {
        case .passed: label = "ok   "
        case .failed: label = "FAIL "
        case .error: label = "ERROR"
        case .pending: label = "skip "
        case .notRun: label = "-    "
        }
        sink.line("  \(label) \(result.fullName)")
        // A test that called pending("reason") says why it was skipped (busted prints it too).
        if result.status == .pending, let reason = result.message {
            sink.line("        " + reason)
            return
        }
        guard result.status == .failed || result.status == .error else { return }
        for line in (result.message ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
            sink.line("        " + line)
        }
        sink.line("        at t=\(formatSeconds(result.virtualTime)) s (frame \(result.frame))")
        if verbose, let traceback = result.traceback, !traceback.isEmpty {
            for line in traceback.split(separator: "\n") { sink.line("        " + line) }
        }
    }

    public func loadFailed(file: String, message: String) {
        sink.line("  LOAD ERROR \(file)")
        for line in message.split(separator: "\n", omittingEmptySubsequences: false) { sink.line("        " + line) }
    }

    public func runFinished(_ summary: RunSummary) {
        sink.line("")
        sink.line(summary.line)
    }
}
