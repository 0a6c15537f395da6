import Foundation
import DetentRuntime
import DetentTestSupport
#if canImport(Glibc)
import Glibc
@testable import DetentReports
#endif

/// What the report tests share: runs recorded in-process, durations stripped for comparison,
/// and outside programs (detent, python, xmllint, prove) run with a time limit.
enum ReportSupport {
    static let root = BuiltExecutables.root

    /// Runs `paths` as `detent run` does and returns the record every report is rendered from.
    static func record(_ paths: [String], configure: (inout RunOptions) -> Void = { _ in }) throws -> RunRecord {
        var options = RunOptions()
        options.paths = paths
        options.workingDirectory = root.path
        configure(&options)
        let recorder = RunRecorder()
        let runner = try SpecRunner(configuration: try RunHarness.configuration(), options: options, reporter: recorder)
        _ = try runner.run()
        return recorder.record
    }

    /// `record` with every wall-clock duration set to 0: what "equal apart from durations" compares.
    static func withoutDurations(_ record: RunRecord) -> RunRecord {
        var copy = record
        for s in copy.sections.indices {
            for t in copy.sections[s].tests.indices {
                copy.sections[s].tests[t].result.duration = 0
                for a in copy.sections[s].tests[t].result.retries.indices { copy.sections[s].tests[t].result.retries[a].duration = 0 }
            }
        }
        return copy
    }

    /// JSON report text with every `"duration": N` written as 0.
    static func withoutDurations(json: String) -> String {
        json.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let range = line.range(of: "\"duration\": ") else { return String(line) }
            let comma = line.hasSuffix(",") ? "," : ""
            return String(line[..<range.upperBound]) + "0" + comma
        }.joined(separator: "\n")
    }

    /// JUnit text with every `time="N"` written as `time="0"`.
    static func withoutTimes(xml: String) -> String {
        var out = ""
        var rest = Substring(xml)
        while let range = rest.range(of: " time=\"") {
            out += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            if let quote = rest.firstIndex(of: "\"") { rest = rest[quote...] }
            out += "0"
        }
        return out + rest
    }

    /// A fresh folder under the system's temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("detent-reports-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The virtual environment scripts/setup.sh makes, with junitparser, tap.py and jsonschema.
    static var python: String { root.appendingPathComponent(".build/python/bin/python").path }

    struct MissingTool: Error, CustomStringConvertible { var description: String }

    /// The venv's python, or an error that says how to get it (a failure, never a skip).
    static func requirePython() throws -> String {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw MissingTool(description: "\(python) is missing: run bash scripts/setup.sh (it installs junitparser, tap.py and jsonschema from Tests/python/requirements.txt)")
        }
        return python
    }

    static func requireTool(_ path: String, package: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MissingTool(description: "\(path) is missing: apt-get install \(package) (bash scripts/setup.sh does)")
        }
        return path
    }
}

/// An outside program started by the tests: output to files (no pipe to fill up), stopped by
/// its pid when it outlives its time limit.
final class WatchedProcess {
    let process = Process()
    let outputURL: URL
    let errorURL: URL
    private let ended = DispatchSemaphore(value: 0)

    struct Finished {
        var status: Int32
        var exitedNormally: Bool
        var timedOut: Bool
        var output: String
        var error: String
    }

    init(_ executable: String, _ arguments: [String], folder: URL) throws {
        outputURL = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        errorURL = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = ReportSupport.root
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        process.terminationHandler = { [ended] _ in ended.signal() }
        try process.run()
    }

    var pid: pid_t { process.processIdentifier }
    var outputSoFar: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// Waits at most `seconds` for the process to end; true if it did.
    func wait(seconds: Double) -> Bool {
        if ended.wait(timeout: .now() + seconds) == .success { ended.signal(); return true }
        return false
    }

    /// SIGKILL to this process (by pid), then waits for it.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        _ = wait(seconds: 10)
    }

    /// Waits for the end (killing the process after `timeout` seconds) and returns what it left.
    func finish(timeout: Double) -> Finished {
        let timedOut = !wait(seconds: timeout)
        if timedOut { kill() }
        process.waitUntilExit()
        return Finished(status: process.terminationStatus, exitedNormally: process.terminationReason == .exit, timedOut: timedOut,
                        output: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
                        error: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "")
    }

    /// Runs `executable` to its end (or `timeout` seconds, then kills it).
    static func run(_ executable: String, _ arguments: [String], folder: URL, timeout: Double = 120) throws -> Finished {
        try WatchedProcess(executable, arguments, folder: folder).finish(timeout: timeout)
    }
}
