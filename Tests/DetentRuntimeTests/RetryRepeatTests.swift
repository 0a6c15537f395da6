import Foundation
import Testing
import DetentRuntime

/// `--retries`, `--fail-on-flaky`, `--repeat` and `--max-failures` (SPEC §10).
@Suite("detent run --retries, --repeat, --max-failures")
struct RetryRepeatTests {
    /// The file's Lua state lives across a test's attempts (each attempt gets a fresh world),
    /// so a file-level counter makes a test deterministic given its attempt number.
    static let flaky = """
    local attempts = 0
    describe("retries", function()
      it("fails on its first attempt and passes on its second", function()
        attempts = attempts + 1
        assert.are.equal(2, attempts)
      end)
      it("passes at once", function() end)
    end)
    """

    static let alwaysFailing = """
    describe("always", function()
      it("fails", function()
        wait(0.25)
        assert.are.equal(1, 2)
      end)
    end)
    """

    /// A retried test that was its block's last was left (teardown ran): its retry enters the
    /// block again, so setup runs before it and teardown after it, each once more.
    @Test func aRetryOfABlocksLastTestEntersTheBlockAgain() throws {
        let spec = """
        local attempts, log = 0, {}
        describe("block", function()
          setup(function() log[#log + 1] = "setup" end)
          teardown(function() log[#log + 1] = "teardown" end)
          it("passes", function() end)
          it("fails once", function()
            attempts = attempts + 1
            assert.are.equal(2, attempts)
          end)
        end)
        it("sees the log", function()
          assert.are.same({ "setup", "teardown", "setup", "teardown" }, log)
        end)
        """
        let specs = try TemporarySpecs(["reenter_spec.lua": spec])
        defer { specs.remove() }
        let outcome = try RunHarness.run([specs.path("reenter_spec.lua")]) { $0.retries = 1 }
        #expect(outcome.summary.results.map(\.status) == [.passed, .passed, .passed], Comment(rawValue: outcome.output))
        #expect(outcome.summary.flaky == 1)
    }

    @Test func aTestThatPassesOnARetryIsFlakyAndCounted() throws {
        let specs = try TemporarySpecs(["flaky_spec.lua": Self.flaky])
        defer { specs.remove() }
        let outcome = try RunHarness.run([specs.path("flaky_spec.lua")]) { $0.retries = 2 }
        let result = try #require(outcome.summary.results.first)
        #expect(result.status == .passed)
        #expect(result.isFlaky)
        #expect(result.retries.count == 1)
        #expect(result.retries[0].status == .failed)
        #expect(result.retries[0].message?.hasPrefix(specs.path("flaky_spec.lua") + ":5: Expected objects to be equal.") == true)
        #expect(result.retries[0].duration > 0)
        #expect(outcome.summary.results[1].retries.isEmpty)
        #expect(outcome.summary.flaky == 1 && outcome.summary.passed == 2)
        #expect(outcome.output.contains("  FLAKY retries fails on its first attempt and passes on its second (passed on attempt 2)\n"))
        #expect(outcome.output.contains("        attempt 1: FAIL \(specs.path("flaky_spec.lua")):5: Expected objects to be equal. (t=0 s, frame 0)\n"))
        #expect(outcome.output.contains("Flaky (failed, then passed on a retry):\n  retries fails on its first attempt and passes on its second (\(specs.path("flaky_spec.lua")):3)\n"))
        #expect(outcome.output.hasSuffix("2 passed, 0 failed, 1 flaky\n"))
        // Flaky passes; --fail-on-flaky makes it fatal.
        #expect(outcome.summary.exitCode(failOnFlaky: false) == 0)
        #expect(outcome.summary.exitCode(failOnFlaky: true) == 1)
    }

    @Test func withoutRetriesTheSameTestFails() throws {
        let specs = try TemporarySpecs(["flaky_spec.lua": Self.flaky])
        defer { specs.remove() }
        let outcome = try RunHarness.run([specs.path("flaky_spec.lua")])
        #expect(outcome.summary.results.map(\.status) == [.failed, .passed])
        #expect(outcome.summary.flaky == 0)
        #expect(outcome.summary.exitCode == 1)
    }

    @Test func aTestFailingEveryAttemptReportsTheLastWithTheEarlierOnes() throws {
        let specs = try TemporarySpecs(["always_spec.lua": Self.alwaysFailing])
        defer { specs.remove() }
        let outcome = try RunHarness.run([specs.path("always_spec.lua")]) { $0.retries = 2 }
        let result = try #require(outcome.summary.results.first)
        #expect(outcome.summary.results.count == 1)
        #expect(result.status == .failed && !result.isFlaky)
        #expect(result.retries.map(\.status) == [.failed, .failed])
        // Each attempt is a fresh world: every one ends at the same virtual time.
        #expect(result.retries.map(\.virtualTime) == [0.25, 0.25] && result.virtualTime == 0.25)
        #expect(outcome.summary.failed == 1 && outcome.summary.flaky == 0)
        #expect(outcome.summary.exitCode == 1)
    }

    @Test func repeatRunsEachTestNTimesReportingEveryIteration() throws {
        let outcome = try RunHarness.run(["scripts/scenarios/runner/structure_spec.lua"]) { $0.repeatCount = 3 }
        let names = outcome.summary.results.map(\.fullName)
        #expect(outcome.summary.results.count == 18)
        #expect(names.filter { $0 == "structure gives every test a fresh world" }.count == 3)
        #expect(outcome.summary.results.prefix(3).map(\.iteration) == [1, 2, 3])
        #expect(Set(names.prefix(3)).count == 1)
        #expect(outcome.summary.exitCode == 0)
        #expect(outcome.output.contains("  ok    structure gives every test a fresh world [iteration 2]\n"))
        // Without --repeat there is no iteration.
        let once = try RunHarness.run(["scripts/scenarios/runner/structure_spec.lua"])
        #expect(once.summary.results.allSatisfy { $0.iteration == nil })
    }

    /// failing_spec.lua: failed, error, error, error, passed. After two failures nothing more
    /// runs; the rest of the file and the next file are reported as not run, so the counts add up.
    @Test(arguments: [1, 2])
    func maxFailuresStopsSchedulingAndReportsTheRestAsNotRun(jobs: Int) throws {
        let paths = ["Tests/Fixtures/runner/failing_spec.lua", "scripts/scenarios/runner/structure_spec.lua"]
        let outcome = try RunHarness.run(paths) { $0.maxFailures = 2; $0.jobs = jobs }
        let statuses = outcome.summary.results.map(\.status)
        #expect(statuses == [.failed, .error] + Array(repeating: .notRun, count: 3 + 6))
        #expect(outcome.summary.notRun == 9)
        #expect(outcome.summary.results.count == 5 + 6)
        #expect(outcome.summary.exitCode == 1)
        #expect(outcome.output.contains("  -     failures passes (not run)\n"))
        #expect(outcome.output.contains("scripts/scenarios/runner/structure_spec.lua\n  -     structure runs setup once, then before_each around each test (not run)\n"))
        #expect(outcome.output.hasSuffix("0 passed, 2 failed, 9 not run\n"))
        let all = try RunHarness.run(paths) { $0.jobs = jobs }
        #expect(all.summary.results.count == outcome.summary.results.count)
    }

    @Test func maxFailuresGivesTheSameReportWithOneOrTwoJobs() throws {
        let paths = ["scripts/scenarios/runner", "Tests/Fixtures/runner/failing_spec.lua", "scripts/scenarios/navigation"]
        let one = try RunHarness.run(paths, format: "tap") { $0.maxFailures = 3; $0.jobs = 1 }
        let two = try RunHarness.run(paths, format: "tap") { $0.maxFailures = 3; $0.jobs = 2 }
        #expect(one.output == two.output)
        #expect(one.summary.notRun > 20)
    }

    @Test func retriesAndRepeatTogetherRetryEachIteration() throws {
        let specs = try TemporarySpecs(["flaky_spec.lua": Self.flaky])
        defer { specs.remove() }
        let outcome = try RunHarness.run([specs.path("flaky_spec.lua")]) { $0.retries = 1; $0.repeatCount = 2 }
        let first = outcome.summary.results.filter { $0.name.hasPrefix("fails on its first") }
        // Iteration 1 fails, then passes on its retry; iteration 2 is the third attempt: it fails.
        #expect(first.map(\.iteration) == [1, 2])
        #expect(first[0].isFlaky)
        #expect(first[1].status == .failed && first[1].retries.count == 1)
    }

    @Test(arguments: [
        ({ @Sendable (o: inout RunOptions) in o.jobs = 0 }, "--jobs must be at least 1 (got 0)"),
        ({ @Sendable (o: inout RunOptions) in o.retries = -1 }, "--retries must be 0 or more (got -1)"),
        ({ @Sendable (o: inout RunOptions) in o.repeatCount = 0 }, "--repeat must be at least 1 (got 0)"),
        ({ @Sendable (o: inout RunOptions) in o.maxFailures = 0 }, "--max-failures must be at least 1 (got 0)"),
        ({ @Sendable (o: inout RunOptions) in o.durationsFile = "report.json" }, "--durations balances shards: give --shard i/n with it"),
    ] as [(@Sendable (inout RunOptions) -> Void, String)])
    func badValuesAreUsageErrors(configure: @Sendable (inout RunOptions) -> Void, message: String) throws {
        do {
            _ = try RunHarness.run(["scripts/scenarios/runner/structure_spec.lua"], configure: configure)
            Issue.record("expected a usage error")
        } catch let error as UsageError {
            #expect(error.description == message)
        }
    }
}
