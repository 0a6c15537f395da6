import Foundation
import DetentRuntime
@testable import DetentConfig
@testable import DetentReports

/// Runs specs the way `detent run` does, capturing the console output.
enum RunHarness {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func configuration() throws -> DetentConfiguration {
        try DetentConfiguration.load(from: root.appendingPathComponent("config"))
    }

    struct Outcome {
        var summary: RunSummary
        var output: String
        var listed: [String]
    }

    static func run(_ paths: [String], format: String = "console", configure: (inout RunOptions) -> Void = { _ in },
                    adjust: (inout DetentConfiguration) -> Void = { _ in }) throws -> Outcome {
        var options = RunOptions()
        options.paths = paths
        options.workingDirectory = root.path
        configure(&options)
        var output = ""
        let sink = TextSink { output += $0 }
        let reporter: Reporter = format == "tap" ? TAPReporter(sink: sink, summarySink: sink) : ConsoleReporter(sink: sink)
        var configuration = try configuration()
        adjust(&configuration)
        let runner = try SpecRunner(configuration: configuration, options: options, reporter: reporter)
        var listed: [String] = []
        runner.listSink = { listed.append($0) }
        let summary = try runner.run()
        return Outcome(summary: summary, output: output, listed: listed)
    }
}
