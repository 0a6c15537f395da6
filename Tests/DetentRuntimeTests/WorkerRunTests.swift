import Testing
import Foundation
import DetentPlatform
import DetentRuntime
import DetentTestSupport
@testable import DetentConfig
@testable import DetentReports

/// Issue 28 §1–2: `SpecRunner` with worker processes (the `detent` binary of this build, as
/// `detent run` starts them) reports what it reports with threads of one process, and stops a
/// test that hangs from outside, going on with the file's next test in a fresh worker. In
/// process, so ThreadSanitizer watches the coordinator's threads (README: sanitizers).
@Suite("Spec files in worker processes", .serialized)
struct WorkerRunTests {
    /// The run of `paths` under the config at `config`, with workers (`detent __worker run`
    /// with the same config) or in threads.
    static func run(_ paths: [String], config: String, jobs: Int, workers: Bool,
                    cancelAfter seconds: Double? = nil) throws -> (summary: RunSummary, output: String) {
        var options = RunOptions()
        options.paths = paths
        options.jobs = jobs
        options.workingDirectory = RunHarness.root.path
        var output = ""
        let configuration = try DetentConfiguration.load(ConfigLocation(explicit: config, environment: nil, workingDirectory: RunHarness.root.path))
        let runner = try SpecRunner(configuration: configuration, options: options, reporter: ConsoleReporter(sink: TextSink { output += $0 }))
        if workers {
            let limits = WorkerLimits(configuration.run)
            var command = WorkerCommand(arguments: [try BuiltExecutables.path(of: "detent"), "__worker", "run", "--config", config])
            command.setup = RunWorkerSetup(seed: runner.settings.seed, memoryBytes: limits.memoryBytes).line
            runner.workerCommand = command
            runner.workerLimits = limits
        }
        if let seconds {
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { runner.cancel() }
        }
        return (try runner.run(), output)
    }

    /// A temporary folder with a detent.toml (`limit` under [limits], no CPU watchdog to speak
    /// of) and one spec file: their paths.
    static func project(_ limit: String, spec text: String) throws -> (config: String, spec: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-worker-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("detent.toml"), spec = folder.appendingPathComponent("hostile_spec.lua")
        try "[limits]\n\(limit)\ncpu_seconds_per_test = 600\n".write(to: config, atomically: true, encoding: .utf8)
        try text.write(to: spec, atomically: true, encoding: .utf8)
        return (config.path, spec.path)
    }

    static func withoutDurations(_ results: [TestResult]) -> [TestResult] {
        results.map { var result = $0; result.duration = 0; return result }
    }

    @Test(.timeLimit(.minutes(10)), arguments: [1, 2]) func workersReportWhatThreadsReport(jobs: Int) throws {
        let config = RunHarness.root.appendingPathComponent("config").path
        let threads = try Self.run(["scripts/scenarios/drawer"], config: config, jobs: jobs, workers: false)
        let workers = try Self.run(["scripts/scenarios/drawer"], config: config, jobs: jobs, workers: true)
        #expect(threads.summary.results.count > 40)
        #expect(Self.withoutDurations(workers.summary.results) == Self.withoutDurations(threads.summary.results))
        #expect(workers.output == threads.output)
    }

    /// A test that never ends (no CPU watchdog, no count hook: the wall-clock limit is what
    /// stops it) is an error naming its line and why; the file goes on in a fresh worker.
    @Test(.timeLimit(.minutes(10))) func aHungTestIsStoppedFromOutsideAndTheFileGoesOn() throws {
        let (config, spec) = try Self.project("test_timeout_seconds = 1", spec: """
            describe("hang", function()
              it("before", function() assert.is_true(true) end)
              it("spins", function() while true do end end)
              it("after", function() assert.is_true(true) end)
            end)
            """)
        defer { try? FileManager.default.removeItem(atPath: PathText.parent(of: config)) }
        let outcome = try Self.run([spec], config: config, jobs: 1, workers: true)
        let results = outcome.summary.results
        #expect(results.map(\.status) == [.passed, .error, .passed], "\(outcome.output)")
        #expect(results[1].message?.hasSuffix("hostile_spec.lua:3: test stopped: no result after 1 s (test_timeout_seconds in runner.toml); worker killed") == true,
                "\(results[1].message ?? "")")
    }

    /// A test reports its hooks' errors beside its own result, so a file's reports outnumber
    /// its tests: the fresh worker still goes on with the test after the one that hung, neither
    /// running a test again nor passing one by.
    @Test(.timeLimit(.minutes(10))) func afterAHungTestTheFileGoesOnAtTheNextTestWhateverItsHooksReported() throws {
        let (config, spec) = try Self.project("test_timeout_seconds = 1", spec: """
            describe("hang", function()
              after_each(function() error("after_each broke") end)
              it("before", function() assert.is_true(true) end)
              it("spins", function() while true do end end)
              it("after", function() assert.is_true(true) end)
            end)
            """)
        defer { try? FileManager.default.removeItem(atPath: PathText.parent(of: config)) }
        let outcome = try Self.run([spec], config: config, jobs: 1, workers: true)
        #expect(outcome.summary.results.map { "\($0.fullName): \($0.status.rawValue)" } == [
            "hang before: passed", "hang after_each: error", "hang spins: error", "hang after: passed", "hang after_each: error",
        ], "\(outcome.output)")
    }

    /// `cancel` ends a run whose test never answers within a second of the cancel, with the
    /// summary saying cancelled.
    @Test(.timeLimit(.minutes(10))) func cancelEndsARunStuckInATest() throws {
        let (config, spec) = try Self.project("test_timeout_seconds = 600", spec: "it(\"spins\", function() while true do end end)\n")
        defer { try? FileManager.default.removeItem(atPath: PathText.parent(of: config)) }
        let started = Date()
        let outcome = try Self.run([spec], config: config, jobs: 1, workers: true, cancelAfter: 1.0)
        #expect(outcome.summary.cancelled)
        #expect(Date().timeIntervalSince(started) < 3.0, "cancelled after 1 s, ended \(Date().timeIntervalSince(started)) s after the start")
    }
}
