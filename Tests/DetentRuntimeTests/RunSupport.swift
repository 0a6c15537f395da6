import Foundation
import DetentRuntime
@testable import DetentConfig
@testable import DetentReports

/// Spec files written for one test into a fresh temporary folder, removed by `remove()`.
struct TemporarySpecs {
    let folder: URL

    init(_ files: [String: String]) throws {
        // Short: Lua shortens chunk names past 60 bytes in messages and locations.
        folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("dr-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// A reporter that keeps what it was told, for tests that look at `RunInfo` or the order of calls.
final class RecordingReporter: Reporter {
    var info: RunInfo?
    var events: [String] = []
    var results: [TestResult] = []
    func runStarted(_ info: RunInfo) { self.info = info }
    func fileStarted(_ file: String) { events.append("file \(file)") }
    func output(_ text: String) { events.append("output \(text)") }
    func testFinished(_ result: TestResult) {
        results.append(result)
        events.append("test \(result.status.rawValue) \(result.fullName)")
    }
    func loadFailed(file: String, message: String) { events.append("load error \(file)") }
    func runFinished(_ summary: RunSummary) { events.append("finished \(summary.line)") }
}

extension RunHarness {
    /// A runner over `paths` reporting to `reporter`, for tests that need the runner itself.
    static func runner(_ paths: [String], reporter: Reporter, configure: (inout RunOptions) -> Void = { _ in },
                       adjust: (inout DetentConfiguration) -> Void = { _ in }) throws -> SpecRunner {
        var options = RunOptions()
        options.paths = paths
        options.workingDirectory = root.path
        configure(&options)
        var configuration = try configuration()
        adjust(&configuration)
        return try SpecRunner(configuration: configuration, options: options, reporter: reporter)
    }
}
