import ArgumentParser
import DetentRuntime
import DetentTrace

extension TraceOptions.Mode: ExpressibleByArgument {}

/// `--trace on|retain-on-failure|off` and `--trace-dir DIR` of `detent run` (SPEC §10, §11).
struct TraceFlags: ParsableArguments {
    @Option(name: .long, help: "Write a JSON Lines trace per test: on, retain-on-failure (kept only for failed tests) or off. See `detent show-trace`.")
    var trace: TraceOptions.Mode = .off

    @Option(name: .customLong("trace-dir"), help: "Folder for traces: <dir>/<spec path>/<line>-<test>.jsonl.")
    var traceDir: String = TraceOptions.defaultDirectory

    func validate() throws {
        if traceDir.isEmpty { throw ValidationError("--trace-dir needs a folder, like --trace-dir detent-traces") }
    }

    func apply(to options: inout RunOptions) {
        options.trace.mode = trace
        options.trace.directory = traceDir
    }
}
