import ArgumentParser
import DetentRuntime
import Foundation

/// The report flags `detent run` shares with `detent merge-reports`: the output format and
/// where reports go (SPEC §10, §11).
struct ReportFlags: ParsableArguments {
    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case console, tap
        /// `-o TAP` works as `-o tap`.
        init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    }

    @Option(name: [.short, .customLong("output")], help: "Output format: console or tap.")
    var output: OutputFormat = .console

    /// The reporter that prints the run on standard output.
    func makeReporter(stdout: TextSink, verbose: Bool) -> Reporter {
        switch output {
        case .console: return ConsoleReporter(sink: stdout, verbose: verbose)
        case .tap: return TAPReporter(sink: stdout, summarySink: TextSink { FileHandle.standardError.write(Data($0.utf8)) })
        }
    }
}
