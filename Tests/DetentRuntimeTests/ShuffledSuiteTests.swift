import Testing
import DetentRuntime

/// The bundled specs pass in any order (SPEC §10, `--shuffle`): files, blocks and tests
/// shuffled from several seeds. Blocks whose tests check what earlier ones did pin their
/// order with randomize(false), as busted's --shuffle allows. The slow #invariants files are
/// left out here (they draw sequences from the seed, not from the order; the daily run and
/// BundledScenariosTests cover them).
@Suite("The bundled suite passes shuffled")
struct ShuffledSuiteTests {
    @Test(arguments: [42, 1, 7, 2026, 31337] as [UInt64])
    func theBundledSuitePassesShuffled(seed: UInt64) throws {
        let outcome = try RunHarness.run(["scripts/scenarios"]) {
            $0.shuffle = true
            $0.seed = seed
            $0.jobs = 2
            $0.excludeTags = ["invariants"]
        }
        #expect(outcome.summary.failed == 0 && outcome.summary.errors == 0 && outcome.summary.loadErrors == 0,
                "seed \(seed):\n\(outcome.output)")
        #expect(outcome.summary.passed > 300)
        #expect(outcome.output.hasPrefix("Randomized with seed \(seed)\n"))
    }

    /// --shuffle keeps blocks whole (busted): the two tests of randomize_spec's pinned inner
    /// block still run one after the other, in order.
    @Test func shuffledBlocksStayWholeAndRandomizeFalsePinsAnOrder() throws {
        for seed: UInt64 in [3, 4, 5] {
            let outcome = try RunHarness.run(["scripts/scenarios/runner/randomize_spec.lua"]) { $0.shuffle = true; $0.seed = seed }
            let names = outcome.summary.results.map(\.name)
            let first = try #require(names.firstIndex(of: "first"))
            #expect(names[first + 1] == "second")
            #expect(names.last == "every test ran once, and the inner block's two in order, one after the other")
            #expect(outcome.summary.exitCode == 0)
        }
    }
}
