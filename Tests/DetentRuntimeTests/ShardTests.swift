import Foundation
import Testing
import DetentRuntime

/// `--shard i/n` and `--durations FILE`: a deterministic split of a suite by spec file.
@Suite("detent run --shard: splitting a suite by file (SPEC §10)")
struct ShardTests {
    /// The spec files a run with these options runs, in order.
    private func runFiles(_ paths: [String], _ configure: @escaping (inout RunOptions) -> Void) throws -> [String] {
        let runner = try RunHarness.runner(paths, reporter: RecordingReporter(), configure: configure)
        return try runner.shardFiles(of: runner.files())
    }

    @Test func threeShardsPartitionTheFilesExactly() throws {
        let all = try runFiles(["scripts/scenarios"]) { _ in }
        let shards = try (1...3).map { i in try runFiles(["scripts/scenarios"]) { $0.shard = try! Shard(index: i, count: 3) } }
        #expect(all.count > 30)
        #expect(shards.allSatisfy { !$0.isEmpty })
        // Each shard keeps the run order, no file is in two shards, and together they are all.
        #expect(Set(shards[0]).isDisjoint(with: shards[1]) && Set(shards[0]).isDisjoint(with: shards[2]) && Set(shards[1]).isDisjoint(with: shards[2]))
        #expect(shards.flatMap { $0 }.sorted() == all.sorted())
        for shard in shards { #expect(shard == all.filter(shard.contains)) }
        // Round-robin over the sorted files: sizes differ by one at most.
        let sizes = shards.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
        #expect(shards[0].first == all.sorted().first)
    }

    @Test func theSplitDoesNotDependOnTheShuffleSeed() throws {
        let plain = try runFiles(["scripts/scenarios"]) { $0.shard = try! Shard(index: 2, count: 3) }
        let shuffled = try runFiles(["scripts/scenarios"]) { $0.shard = try! Shard(index: 2, count: 3); $0.shuffle = true; $0.seed = 5 }
        #expect(Set(plain) == Set(shuffled))
    }

    @Test func runInfoCarriesTheWholeRunsFilesAndTheShard() throws {
        let reporter = RecordingReporter()
        let runner = try RunHarness.runner(["scripts/scenarios/runner"], reporter: reporter) { $0.shard = try! Shard(index: 2, count: 4) }
        let summary = try runner.run()
        let info = try #require(reporter.info)
        #expect(info.shard == "2/4")
        #expect(info.files == (try runner.files()))
        #expect(info.files.count > 10)
        let ranFiles = Set(summary.results.map(\.file))
        #expect(ranFiles.count < info.files.count && ranFiles.isSubset(of: Set(info.files)))
    }

    /// Longest processing time first, each file to the shard with the least time so far; a
    /// file the report does not know counts as the mean of those it knows.
    @Test func durationsOfAPreviousReportBalanceTheShards() throws {
        let spec = "describe('x', function() it('passes', function() end) end)"
        let specs = try TemporarySpecs(["a_spec.lua": spec, "b_spec.lua": spec, "c_spec.lua": spec, "d_spec.lua": spec, "e_spec.lua": spec])
        defer { specs.remove() }
        let report = """
        {"version": 1, "tests": [
          {"file": "\(specs.path("a_spec.lua"))", "name": "x passes", "duration": 4},
          {"file": "\(specs.path("b_spec.lua"))", "name": "x passes", "duration": 3.5},
          {"file": "\(specs.path("b_spec.lua"))", "name": "x again", "duration": 2.5},
          {"file": "\(specs.path("c_spec.lua"))", "duration": 10, "status": "passed"},
          {"file": "\(specs.path("d_spec.lua"))", "duration": 5},
          {"file": "/elsewhere/gone_spec.lua", "duration": 1000}
        ]}
        """
        try specs.write("report.json", report)
        // b's two tests add up to 6 s; e is unknown and counts as the mean of the run's known
        // files, (4 + 6 + 10 + 5) / 4 = 6.25 s (the gone file is not part of this run).
        let durations = specs.path("report.json")
        let first = try runFiles([specs.folder.path]) { $0.shard = try! Shard(index: 1, count: 2); $0.durationsFile = durations }
        let second = try runFiles([specs.folder.path]) { $0.shard = try! Shard(index: 2, count: 2); $0.durationsFile = durations }
        // Longest first: c 10 → 1; e 6.25 → 2; b 6 → 2 (6.25 < 10); d 5 → 1 (10 < 12.25);
        // a 4 → 2 (12.25 < 15). Each shard keeps the run's file order.
        #expect(first == [specs.path("c_spec.lua"), specs.path("d_spec.lua")])
        #expect(second == [specs.path("a_spec.lua"), specs.path("b_spec.lua"), specs.path("e_spec.lua")])
    }

    @Test(arguments: [
        ("missing.json", nil, "cannot read the file"),
        ("garbled.json", "{\"tests\": [", "not JSON"),
        ("no_tests.json", "{\"results\": []}", "top-level \"tests\" array"),
        ("bad_item.json", "{\"tests\": [{\"file\": \"a_spec.lua\", \"duration\": \"slow\"}]}", "tests[0] needs"),
    ] as [(String, String?, String)])
    func anUnreadableDurationsFileIsAUsageError(name: String, text: String?, expected: String) throws {
        let specs = try TemporarySpecs([:])
        defer { specs.remove() }
        if let text { try specs.write(name, text) }
        do {
            _ = try RunHarness.run(["scripts/scenarios/runner/structure_spec.lua"]) {
                $0.shard = try! Shard(index: 1, count: 2)
                $0.durationsFile = specs.path(name)
            }
            Issue.record("expected a usage error")
        } catch let error as UsageError {
            #expect(error.description.hasPrefix("--durations \(specs.path(name)): "))
            #expect(error.description.contains(expected))
        }
    }

    @Test(arguments: ["3/2", "0/2", "1/0", "x", "1/2/3", "-1/2", ""])
    func badShardsAreUsageErrors(text: String) {
        #expect(throws: UsageError.self) { try Shard(parsing: text) }
    }
}
