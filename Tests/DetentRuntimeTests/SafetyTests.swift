import Testing
import DetentRuntime

/// SPEC §13: a runaway or memory-hungry test fails alone and the run goes on.
@Suite("Safety: runaway scripts and memory bombs fail alone")
struct SafetyTests {
    /// By default (`instruction_counting = "watchdog"`) the CPU watchdog stops a runaway that
    /// runs at Lua's own speed; with "exact" the count hook stops it at the budget.
    @Test(arguments: [true, false])
    func runawayLoopsAreStoppedAndTheNextTestRuns(countingInstructions: Bool) throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/safety/runaway_spec.lua"], adjust: {
            $0.run.countsInstructions = countingInstructions
            if !countingInstructions { $0.run.cpuSecondsPerTest = 0.5 }
        })
        let statuses = outcome.summary.results.map { "\($0.name): \($0.status.rawValue)" }
        #expect(statuses == [
            "a runaway loop is stopped: error",
            "a runaway loop hiding behind pcall is stopped too: error",
            "runs after the runaway ones: passed",
        ])
        let stop = countingInstructions ? "instruction budget of 200000000 instructions exceeded (runaway script?)"
            : "CPU time limit of 0.5 s exceeded (cpu_seconds_per_test in runner.toml)"
        #expect(outcome.summary.results[0].message == "Tests/Fixtures/safety/runaway_spec.lua:4: test stopped: " + stop)
        #expect(outcome.summary.exitCode == 1)
    }

    @Test func memoryBombsAreStoppedAndTheNextTestRuns() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/safety/memory_bomb_spec.lua"])
        let statuses = outcome.summary.results.map(\.status)
        #expect(statuses == [.error, .error, .passed])
        #expect(outcome.summary.results[0].message?.hasSuffix("test stopped: memory limit of 64 MiB exceeded (memory_cap_mib: runner.toml's [limits], daemon.toml's [run])") == true)
        #expect(outcome.summary.results[1].message?.contains("memory limit of 64 MiB exceeded") == true)
    }

    @Test func endlessWaitingIsBoundedByTimeoutsAndTheVirtualTimeLimit() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/safety/waits_forever_spec.lua"])
        let results = outcome.summary.results
        #expect(results.map(\.status) == [.error, .error, .passed])
        #expect(results[0].message == "Tests/Fixtures/safety/waits_forever_spec.lua:4: wait_until timed out after 10 s of virtual time (the condition never held)")
        #expect(results[1].message?.contains("the test used more than 3600 s of virtual time") == true)
    }
}
