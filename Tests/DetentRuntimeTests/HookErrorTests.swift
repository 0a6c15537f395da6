import Testing
import DetentRuntime

/// A hook's error is reported as busted reports it (SPEC §9): an entry of its own, named after
/// its block and the hook, while the tests keep their own results. busted has no limits, so
/// what the parity suite cannot compare is here: a hook that runs away is stopped once, by the
/// CPU limit, and reported as that hook's error; the run goes on with the hooks after it.
@Suite("Hook errors, as busted reports them")
struct HookErrorTests {
    static let file = "Tests/Fixtures/busted/runaway_hooks_spec.lua"

    @Test func aRunawayHookIsStoppedOnceAndReportedAsItsOwnError() throws {
        let outcome = try RunHarness.run([Self.file], adjust: {
            $0.run.instructionBudget = 10_000_000_000_000   // only the CPU watchdog stops them
            $0.run.cpuSecondsPerTest = 0.3
        })
        let results = outcome.summary.results
        #expect(results.map { "\($0.fullName): \($0.status.rawValue)" } == [
            "a runaway teardown passes: passed",
            "a runaway teardown teardown: error",
            "a runaway after_each passes: passed",
            "a runaway after_each after_each: error",
            "a runaway before_each before_each: error",
            "a runaway setup setup: error",
            "runs after them: passed",
        ], Comment(rawValue: outcome.output))
        let stopped = results.filter { $0.message?.contains("CPU time limit of 0.3 s exceeded") == true }
        #expect(stopped.map(\.location) == [5, 12, 18, 25].map { "\(Self.file):\($0)" })
        #expect(stopped.map { $0.message?.hasPrefix("\(Self.file):") == true } == [true, true, true, true])
        #expect(outcome.summary.exitCode == 1)
    }
}
