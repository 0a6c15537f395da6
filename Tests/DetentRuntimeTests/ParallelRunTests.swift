import Foundation
import Testing
import DetentRuntime
@testable import DetentReports

/// `--jobs N`: spec files run in parallel sessions, and every report is the one `--jobs 1`
/// gives (apart from durations), because the coordinator hands outcomes on in file order.
@Suite("detent run --jobs: parallel files, reports as with one job (SPEC §10)")
struct ParallelRunTests {
    /// Most of the bundled suite (the slow #invariants files left out to keep this quick),
    /// with failures, errors and a load error among them.
    static let paths = ["Tests/Fixtures/runner/failing_spec.lua", "scripts/scenarios", "Tests/Fixtures/runner/syntax_error_spec.lua",
                        "scripts/examples/hello_world.lua"]

    @Test(arguments: ["console", "tap"])
    func twoJobsPrintTheSameBytesAsOne(format: String) throws {
        let one = try RunHarness.run(Self.paths, format: format) { $0.jobs = 1; $0.excludeTags = ["invariants"] }
        let two = try RunHarness.run(Self.paths, format: format) { $0.jobs = 2; $0.excludeTags = ["invariants"] }
        let three = try RunHarness.run(Self.paths, format: format) { $0.jobs = 3; $0.excludeTags = ["invariants"] }
        #expect(one.summary.passed > 100 && one.summary.failed + one.summary.errors == 4 && one.summary.loadErrors == 1)
        #expect(one.output == two.output)
        #expect(one.output == three.output)
        #expect(one.summary.results.map(\.fullName) == two.summary.results.map(\.fullName))
    }

    @Test func shuffledRunsAreTheSameWithTwoJobs() throws {
        let configure: (Int) -> (inout RunOptions) -> Void = { jobs in
            { $0.jobs = jobs; $0.shuffle = true; $0.seed = 99; $0.excludeTags = ["invariants"] }
        }
        let one = try RunHarness.run(["scripts/scenarios/runner", "scripts/scenarios/drawer"], configure: configure(1))
        let two = try RunHarness.run(["scripts/scenarios/runner", "scripts/scenarios/drawer"], configure: configure(2))
        #expect(one.output == two.output)
        #expect(one.summary.exitCode == 0)
    }

    @Test func everyTestAttemptHasItsWallClockDuration() throws {
        let outcome = try RunHarness.run(["scripts/scenarios/runner/waiting_spec.lua", "scripts/scenarios/runner/structure_spec.lua"]) { $0.jobs = 2 }
        let ran = outcome.summary.results.filter { $0.status == .passed }
        #expect(!ran.isEmpty)
        #expect(ran.allSatisfy { $0.duration > 0 && $0.duration < 60 })
        // -v lists the slowest files by their tests' wall-clock time; without -v no duration is printed.
        #expect(!outcome.output.contains("Slowest files:"))
    }

    @Test func listingWithTwoJobsKeepsTheFileOrder() throws {
        let one = try RunHarness.run(["scripts/scenarios/runner"]) { $0.list = true; $0.jobs = 1 }
        let two = try RunHarness.run(["scripts/scenarios/runner"]) { $0.list = true; $0.jobs = 2 }
        #expect(one.listed.count > 50)
        #expect(one.listed == two.listed)
    }

    /// Cancel (the daemon's `cancel`, Ctrl-C) reaches every worker: both files' long tests
    /// are interrupted and the run ends at once instead of after minutes of computing.
    @Test func cancelStopsEveryWorker() throws {
        let loop = """
        describe("busy", function()
          it("computes for minutes", function()
            local x = 0
            for i = 1, 1e12 do x = x + i end
          end)
        end)
        """
        let specs = try TemporarySpecs(["a_spec.lua": loop, "b_spec.lua": loop, "c_spec.lua": loop])
        defer { specs.remove() }
        let reporter = RecordingReporter()
        let runner = try RunHarness.runner([specs.folder.path], reporter: reporter, configure: { $0.jobs = 2 }) {
            $0.run.instructionBudget = 10_000_000_000_000
            $0.run.cpuSecondsPerTest = 3600
        }
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var summary: RunSummary?
        let thread = Thread {
            summary = try? runner.run()
            finished.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
        Thread.sleep(forTimeInterval: 1.0)
        let cancelledAt = Date()
        runner.cancel()
        #expect(finished.wait(timeout: .now() + 30) == .success, "the run did not stop after cancel")
        #expect(Date().timeIntervalSince(cancelledAt) < 10)
        let result = try #require(summary)
        #expect(result.cancelled)
        // The two running files ended interrupted; the third never started.
        #expect(result.results.count == 2)
        #expect(result.results.allSatisfy { $0.status == .error })
        #expect(!reporter.events.contains("file \(specs.folder.path)/c_spec.lua"))
    }
}
