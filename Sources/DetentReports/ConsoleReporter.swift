import DetentPlatform
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Human-readable output, ending with `N passed, N failed` (SPEC §10), after
/// `N tests made no assertion` when any test passed without one (`-v` lists them).
///
///     scripts/scenarios/runner/waiting_spec.lua
///       ok    waiting wait advances virtual time
///       FAIL  waiting a failing example
///             scripts/scenarios/x_spec.lua:12: Expected objects to be equal. ...
///             at t=0.5 s (frame 30)
///       FLAKY drawer settles (passed on attempt 2)
///             attempt 1: FAIL scripts/scenarios/drawer/x_spec.lua:8: Expected ...
///       ok    drawer settles [iteration 2]
///       -     drawer later test (not run)
///
/// Plain text on a pipe or file: the same bytes for the same run, no durations (unless
/// `-v`, which ends with the slowest files). On a terminal (`terminal` set) it adds colour —
/// not under `NO_COLOR` — and a live progress line under the output.
public final class ConsoleReporter: Reporter {
    /// Where a terminal is written: raw text (the progress line ends without a newline) and
    /// whether to colour it.
    public struct Terminal {
        public var write: (String) -> Void
        public var colour: Bool
        /// Columns, when known: the progress line is cut to fit, or it would wrap and no
        /// longer be erased.
        public var width: Int?
        public init(colour: Bool, width: Int? = nil, write: @escaping (String) -> Void) {
            self.colour = colour
            self.width = width
            self.write = write
        }

        /// Standard output when it is a terminal (isatty), coloured unless `NO_COLOR` is set
        /// to anything non-empty (no-color.org); nil when it is a pipe or a file.
        public static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Terminal? {
            guard isatty(STDOUT_FILENO) != 0 else { return nil }
            let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
            var size = winsize()
            let width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
            return Terminal(colour: !noColour, width: width) { StandardOutput.write($0) }
        }
    }

    let sink: TextSink
    let verbose: Bool
    /// Set when standard output is a terminal (`Terminal.standardOutput()`): colour and a
    /// progress line. Nil: plain, deterministic text on `sink`.
    public var terminal: Terminal?
    /// How many of the slowest files `-v` lists.
    static let slowestShown = 5

    private var totalFiles: Int?
    private var filesStarted = 0
    private var currentFile = ""
    private var passed = 0, failed = 0, flaky = 0
    private var progressShown = false
    /// Flaky tests, listed again at the end so they are never missed in a long log.
    private var flakyTests: [TestResult] = []

    public init(sink: TextSink, verbose: Bool = false, terminal: Terminal? = nil) {
        self.sink = sink
        self.verbose = verbose
        self.terminal = terminal
    }

    // MARK: Reporter

    public func runStarted(_ info: RunInfo) {
        if info.shuffled { line("Randomized with seed \(info.seed)") }
        if let shard = info.shard { line("Shard \(shard) of \(info.files.count) spec files") }
        totalFiles = info.shard == nil && !info.files.isEmpty ? info.files.count : nil
    }

    public func fileStarted(_ file: String) {
        filesStarted += 1
        currentFile = file
        line(paint(file, .bold))
        drawProgress()
    }

    public func output(_ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) { line("    | " + part) }
    }

    public func testFinished(_ result: TestResult) {
        let label: String
        switch result.status {
        case .passed where result.isFlaky: label = paint("FLAKY", .yellow)
        case .passed: label = paint("ok   ", .green)
        case .failed: label = paint("FAIL ", .red)
        case .error: label = paint("ERROR", .red)
        case .pending: label = paint("skip ", .yellow)
        case .notRun: label = paint("-    ", .dim)
        }
        var name = result.fullName
        if let iteration = result.iteration { name += " [iteration \(iteration)]" }
        if result.status == .notRun { name += paint(" (not run)", .dim) }
        if result.isFlaky { name += " (passed on attempt \(result.retries.count + 1))" }
        line("  \(label) \(name)")
        count(result)
        defer { drawProgress() }
        // A test that called pending("reason") says why it was skipped (busted prints it too).
        if result.status == .pending, let reason = result.message {
            line("        " + reason)
            return
        }
        // Earlier attempts by their message's first line (file:line and what failed).
        for (number, attempt) in result.retries.enumerated() {
            let status = attempt.status == .error ? "ERROR" : "FAIL"
            let firstLine = (attempt.message ?? "").split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            line("        attempt \(number + 1): \(status) \(firstLine) (t=\(formatSeconds(attempt.virtualTime)) s, frame \(attempt.frame))")
        }
        guard result.isFailure else { return }
        if !result.retries.isEmpty { line("        attempt \(result.retries.count + 1) (last):") }
        for part in (result.message ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
            line("        " + part)
        }
        line("        at t=\(formatSeconds(result.virtualTime)) s (frame \(result.frame))")
        if verbose, let traceback = result.traceback, !traceback.isEmpty {
            for part in traceback.split(separator: "\n") { line("        " + part) }
        }
    }

    public func loadFailed(file: String, message: String) {
        line("  " + paint("LOAD ERROR", .red) + " \(file)")
        for part in message.split(separator: "\n", omittingEmptySubsequences: false) { line("        " + part) }
    }

    public func runFinished(_ summary: RunSummary) {
        if !flakyTests.isEmpty {
            line("")
            line(paint("Flaky (failed, then passed on a retry):", .yellow))
            for result in flakyTests {
                line("  \(result.fullName)" + (result.iteration.map { " [iteration \($0)]" } ?? "") + " (\(result.location))")
            }
        }
        if verbose {
            listSlowestFiles(summary)
            listTestsWithoutAssertions(summary)
        }
        line("")
        if let noAssertions = summary.noAssertionLine { line(paint(noAssertions, .yellow)) }
        let failing = summary.failed + summary.errors + summary.loadErrors > 0
        line(paint(summary.line, failing ? .red : (summary.flaky > 0 ? .yellow : .green)))
    }

    // MARK: Pieces

    /// `-v`: the files whose tests took longest, wall-clock (every attempt of every test).
    private func listSlowestFiles(_ summary: RunSummary) {
        var order: [String] = []
        var seconds: [String: Double] = [:]
        for result in summary.results {
            if seconds[result.file] == nil { order.append(result.file) }
            seconds[result.file, default: 0] += result.duration + result.retries.reduce(0) { $0 + $1.duration }
        }
        guard !order.isEmpty else { return }
        let slowest = order.enumerated().sorted { seconds[$0.element]! != seconds[$1.element]! ? seconds[$0.element]! > seconds[$1.element]! : $0.offset < $1.offset }
            .prefix(Self.slowestShown).map(\.element)
        line("")
        line("Slowest files:")
        for file in slowest { line("  " + String(printf: "%7.3f s  ", seconds[file]!) + file) }
    }

    /// `-v`: the tests the summary counts as having made no assertion, by name and place.
    private func listTestsWithoutAssertions(_ summary: RunSummary) {
        let tests = summary.results.filter(\.madeNoAssertion)
        guard !tests.isEmpty else { return }
        line("")
        line(paint("Made no assertion:", .yellow))
        for result in tests {
            line("  \(result.fullName)" + (result.iteration.map { " [iteration \($0)]" } ?? "") + " (\(result.location))")
        }
    }

    private func count(_ result: TestResult) {
        switch result.status {
        case .passed: passed += 1
        case .failed, .error: failed += 1
        default: break
        }
        if result.isFlaky {
            flaky += 1
            flakyTests.append(result)
        }
    }

    private enum Paint: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33"
    }

    private func paint(_ text: String, _ paint: Paint) -> String {
        guard terminal?.colour == true else { return text }
        return "\u{1B}[\(paint.rawValue)m\(text)\u{1B}[0m"
    }

    private func line(_ text: String) {
        guard let terminal else { return sink.line(text) }
        terminal.write((progressShown ? "\r\u{1B}[2K" : "") + text + "\n")
        progressShown = false
    }

    /// The live line under the output on a terminal: files so far, counts, the current file.
    private func drawProgress() {
        guard let terminal else { return }
        var text = "\(filesStarted)" + (totalFiles.map { "/\($0)" } ?? "") + " files, \(passed) passed"
        var shown = text.count
        if failed > 0 { text += ", " + paint("\(failed) failed", .red); shown += ", \(failed) failed".count }
        if flaky > 0 { text += ", " + paint("\(flaky) flaky", .yellow); shown += ", \(flaky) flaky".count }
        // The current file, its start cut off when the line would not fit.
        var file = currentFile
        if let width = terminal.width, shown + 3 + file.count >= width {
            let room = width - shown - 4
            file = room > 1 ? "…" + file.suffix(room - 1) : ""
        }
        if !file.isEmpty { text += paint(" · " + file, .dim) }
        terminal.write((progressShown ? "\r\u{1B}[2K" : "") + text)
        progressShown = true
    }
}
