import Testing
import DetentRuntime

/// Determinism is a product promise: the same specs, seed and config give byte-identical
/// output, shuffled or not.
@Suite("Determinism")
struct DeterminismTests {
    static let paths = ["scripts/scenarios", "Tests/Fixtures/runner/random_spec.lua", "Tests/Fixtures/runner/failing_spec.lua"]
    /// The 10,000-sequence invariant suite runs once, in BundledScenariosTests; here it would
    /// only repeat 40 s of debug-build work four times.
    static func skipSlow(_ options: inout RunOptions) { options.excludeTags = ["invariants"] }

    @Test func twoRunsPrintTheSameBytes() throws {
        let first = try RunHarness.run(Self.paths, configure: Self.skipSlow)
        let second = try RunHarness.run(Self.paths, configure: Self.skipSlow)
        #expect(first.output == second.output)
        #expect(first.output.contains("    | "))   // random_spec printed its draws
    }

    @Test func shuffledRunsWithTheSameSeedPrintTheSameBytes() throws {
        let configure: (inout RunOptions) -> Void = { $0.shuffle = true; $0.seed = 20261122; $0.excludeTags = ["invariants"] }
        let first = try RunHarness.run(Self.paths, configure: configure)
        let second = try RunHarness.run(Self.paths, configure: configure)
        #expect(first.output == second.output)
        #expect(first.output.hasPrefix("Randomized with seed 20261122\n"))
        let ordered = try RunHarness.run(Self.paths, configure: Self.skipSlow)
        #expect(first.summary.results.map(\.fullName) != ordered.summary.results.map(\.fullName))
        #expect(Set(first.summary.results.map(\.fullName)) == Set(ordered.summary.results.map(\.fullName)))
    }

    @Test func randomDrawsDependOnTheSeedAndTheTestNotTheOrder() throws {
        func draws(_ configure: @escaping (inout RunOptions) -> Void) throws -> [String: String] {
            let outcome = try RunHarness.run(["Tests/Fixtures/runner/random_spec.lua"], configure: configure)
            var result: [String: String] = [:]
            var current = ""
            for line in outcome.output.split(separator: "\n") {
                if line.hasPrefix("    | ") { current = String(line.dropFirst(6)) }
                if line.hasPrefix("  ok") { result[String(line.dropFirst(8))] = current }
            }
            return result
        }
        let plain = try draws { $0.seed = 7 }
        let shuffled = try draws { $0.seed = 7; $0.shuffle = true }
        let other = try draws { $0.seed = 8 }
        #expect(plain.count == 2)
        #expect(plain == shuffled)
        #expect(plain != other)
    }
}
