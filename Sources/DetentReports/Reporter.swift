import DetentPlatform

/// Receives a run's progress and writes it somewhere (console text, TAP, ...). Everything a
/// reporter prints is derived from virtual time and results only, so two runs of the same
/// specs with the same seed print the same bytes.
public protocol Reporter: AnyObject {
    func runStarted(_ info: RunInfo)
    func fileStarted(_ file: String)
    /// Something a script printed.
    func output(_ text: String)
    func testFinished(_ result: TestResult)
    /// A file that could not be loaded at all.
    func loadFailed(file: String, message: String)
    func runFinished(_ summary: RunSummary)
}

/// What a run was started with, for reports to record (JUnit `properties`, the JSON header).
public struct RunInfo: Equatable, Sendable {
    /// The seed of math.random and `--shuffle`.
    public var seed: UInt64
    public var shuffled: Bool
    /// The device profile of each test's default world.
    public var device: String
    /// Every spec file of the whole run in run order, before `--shard` picks its part: what
    /// `merge-reports` orders the shards' files by.
    public var files: [String]
    /// `i/n` when this run is one shard of a suite (`--shard`).
    public var shard: String?
    public init(seed: UInt64, shuffled: Bool, device: String, files: [String] = [], shard: String? = nil) {
        self.seed = seed
        self.shuffled = shuffled
        self.device = device
        self.files = files
        self.shard = shard
    }
}

/// A reporter that prints nothing: benchmarks, and worker processes, whose outcomes go to
/// their coordinator instead.
public final class SilentReporter: Reporter {
    public init() {}
    public func runStarted(_ info: RunInfo) {}
    public func fileStarted(_ file: String) {}
    public func output(_ text: String) {}
    public func testFinished(_ result: TestResult) {}
    public func loadFailed(file: String, message: String) {}
    public func runFinished(_ summary: RunSummary) {}
}

/// Where reporters write: standard output by default, a buffer in tests.
public final class TextSink {
    private let emit: (String) -> Void
    public init(_ write: @escaping (String) -> Void) { self.emit = write }
    public static func standardOutput() -> TextSink {
        TextSink { StandardOutput.write($0) }
    }
    public static func standardError() -> TextSink {
        TextSink { StandardError.write($0) }
    }
    public func line(_ text: String) { emit(text + "\n") }
    /// `text` as it is (a whole report, already ending in a newline).
    public func write(_ text: String) { emit(text) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
