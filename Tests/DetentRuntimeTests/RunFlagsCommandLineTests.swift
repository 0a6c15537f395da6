import Foundation
import Testing
import DetentTestSupport

/// The new flags of `detent run` on the command line: bad values are usage errors (exit 2,
/// with a sentence), and the exit status follows the run (SPEC §10).
@Suite("detent run flags on the command line")
struct RunFlagsCommandLineTests {
    static let spec = "scripts/scenarios/runner/structure_spec.lua"

    @Test(arguments: [
        (["--shard", "3/2"], "--shard 3/2: the index must be between 1 and the shard count"),
        (["--shard", "two"], "--shard expects i/n with whole numbers"),
        (["--jobs", "0"], "--jobs must be at least 1 (got 0)"),
        (["--repeat", "0"], "--repeat must be at least 1 (got 0)"),
        (["--max-failures", "0"], "--max-failures must be at least 1 (got 0)"),
        (["--retries=-2"], "--retries must be 0 or more (got -2)"),
        (["--durations", "report.json"], "--durations balances shards: give --shard i/n with it"),
        (["--shard", "1/2", "--durations", "no/such/report.json"], "--durations no/such/report.json: cannot read the file"),
        (["--jobs", "2", "--connect", "/tmp/none.sock"], "--jobs runs files in parallel sessions of this process; it cannot be combined with --connect"),
    ])
    func badValuesExitWithStatus2AndSaySo(arguments: [String], message: String) throws {
        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"), ["run", Self.spec] + arguments)
        #expect(run.exitedNormally && run.status == 2, "\(arguments): \(run.output)")
        #expect(run.output.contains(message), "\(arguments): \(run.output)")
    }

    @Test func aFlakyTestPassesUnlessFailOnFlakyIsGiven() throws {
        let specs = try TemporarySpecs(["flaky_spec.lua": RetryRepeatTests.flaky])
        defer { specs.remove() }
        let detent = try BuiltExecutables.path(of: "detent")
        let tolerated = try BuiltExecutables.run(detent, ["run", specs.path("flaky_spec.lua"), "--retries", "1"])
        #expect(tolerated.status == 0, "\(tolerated.output)")
        #expect(tolerated.output.hasSuffix("2 passed, 0 failed, 1 flaky\n"))
        let fatal = try BuiltExecutables.run(detent, ["run", specs.path("flaky_spec.lua"), "--retries", "1", "--fail-on-flaky"])
        #expect(fatal.status == 1, "\(fatal.output)")
        let failing = try BuiltExecutables.run(detent, ["run", specs.path("flaky_spec.lua")])
        #expect(failing.status == 1)
    }

    @Test func maxFailuresExitsWithStatus1() throws {
        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent"),
                                           ["run", "Tests/Fixtures/runner/failing_spec.lua", Self.spec, "--max-failures", "1", "--jobs", "2"])
        #expect(run.status == 1)
        #expect(run.output.hasSuffix("0 passed, 1 failed, 10 not run\n"), "\(run.output)")
    }

    @Test func listHonoursTheShard() throws {
        let detent = try BuiltExecutables.path(of: "detent")
        let whole = try BuiltExecutables.run(detent, ["run", "scripts/scenarios/runner", "--list"])
        let parts = try (1...2).map { try BuiltExecutables.run(detent, ["run", "scripts/scenarios/runner", "--list", "--shard", "\($0)/2"]) }
        #expect(whole.status == 0 && parts.allSatisfy { $0.status == 0 })
        let lines = { (run: BuiltExecutables.Run) in run.output.split(separator: "\n").map(String.init) }
        #expect(Set(lines(parts[0])).isDisjoint(with: Set(lines(parts[1]))))
        #expect(Set(lines(parts[0]) + lines(parts[1])) == Set(lines(whole)))
    }
}
