import Testing
import DetentRuntime

/// Issue #12: busted's structure as its users know it — what one spec file cannot check about
/// itself (the order randomize() gives, tests that fail or error on purpose, a test stopped by
/// a limit). The rest is in scripts/scenarios/runner/{finally,setups,insulate,busted_forms,randomize}_spec.lua.
@Suite("busted's structure: randomize, finally, setups, insulate")
struct BustedStructureTests {
    static let fixtures = "Tests/Fixtures/busted/"

    private func order(seed: UInt64) throws -> [String] {
        let outcome = try RunHarness.run([Self.fixtures + "randomize_spec.lua"], configure: { $0.seed = seed })
        return outcome.summary.results.map(\.name)
    }

    @Test func randomizeTakesItsOrderFromTheRunsSeed() throws {
        let first = try order(seed: 1)
        #expect(try order(seed: 1) == first)
        #expect(try order(seed: 2) != first)
    }

    @Test func randomizeShufflesOnlyItsOwnBlock() throws {
        for seed: UInt64 in [1, 2, 3] {
            let names = try order(seed: seed)
            #expect(names.count == 12)
            #expect(Array(names.prefix(8)).sorted() == (1...8).map { "t\($0)" })
            #expect(Array(names.suffix(4)) == ["u1", "u2", "u3", "u4"])
        }
        // Eight tests in declaration order under three seeds would mean nothing is shuffled.
        let shuffled = try [1, 2, 3].map { try order(seed: $0).prefix(8) }
        #expect(shuffled.contains { Array($0) != (1...8).map { "t\($0)" } })
    }

    @Test func finallyRunsAfterAFailingBodyAndItsOwnFailureIsAnError() throws {
        let outcome = try RunHarness.run([Self.fixtures + "finally_spec.lua"])
        let file = Self.fixtures + "finally_spec.lua"
        let results = outcome.summary.results
        #expect(results.map(\.status) == [.failed, .passed, .error, .error, .error, .error, .error])
        #expect(results[2].message == "\(file):10: cleanup broke")
        #expect(results[3].message?.hasPrefix("\(file):13: Expected objects to be equal.") == true)
        #expect(results[4].message == "\(file):17: first")
        #expect(results[5].message == "\(file):20: 'pending' not supported inside current context block")
        #expect(results[6].message == "\(file):23: after pending")
    }

    @Test func aFailingLazyOrStrictSetupIsAnErrorOfItsOwnItsBlocksTestsDoNotRunAndItsTeardownStillRuns() throws {
        let outcome = try RunHarness.run([Self.fixtures + "setups_fail_spec.lua"])
        let file = Self.fixtures + "setups_fail_spec.lua"
        let statuses = outcome.summary.results.map { "\($0.fullName): \($0.status.rawValue)" }
        #expect(statuses == [
            "a block whose lazy_setup fails lazy_setup: error",
            "a block whose strict_setup fails strict_setup: error",
            "after them: passed",
        ])
        #expect(outcome.summary.results[0].message == "\(file):6: no lazy fixture")
        #expect(outcome.summary.results[0].location == "\(file):6")
        #expect(outcome.summary.results[1].message == "\(file):12: no strict fixture")
    }

    @Test func aStoppedTestOfAnInsulateBlockLeavesNoGlobalBehind() throws {
        let outcome = try RunHarness.run([Self.fixtures + "insulate_stopped_spec.lua"], adjust: {
            $0.run.instructionBudget = 5_000_000
            $0.run.countsInstructions = true
        })
        #expect(outcome.summary.results.map(\.status) == [.error, .passed])
        #expect(outcome.summary.results[0].message?.contains("instruction budget") == true)
    }
}
