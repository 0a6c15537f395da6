import Testing
import Foundation
import DetentRuntime
import DetentTestSupport
@testable import DetentReports

/// `merge-reports`: shards' JSON reports combine into the report of one machine's run.
@Suite("Reports: merging shards", .serialized)
struct ReportMergeTests {
    /// Spec files of a small suite with passes, failures, errors, a pending test, output, a
    /// file that does not load and a flaky test, plus a plugin that fails (every shard
    /// reports it); run shuffled, with a retry and two iterations of every test.
    static let suite = ["scripts/scenarios/runner/structure_spec.lua", "Tests/Fixtures/reports/printing_spec.lua",
                        "Tests/Fixtures/runner/failing_spec.lua", "Tests/Fixtures/runner/syntax_error_spec.lua",
                        "scripts/scenarios/runner/waiting_spec.lua", "Tests/Fixtures/reports/flaky_spec.lua"]

    static func configure(_ options: inout RunOptions) {
        options.pluginFolders = ["Tests/Fixtures/plugins/mixed"]
        options.shuffle = true
        options.seed = 11
        options.retries = 1
        options.repeatCount = 2
    }

    /// Shard `index` of `count` of the suite, as `detent run --shard` runs it.
    static func shard(_ index: Int, of count: Int) throws -> RunRecord {
        try ReportSupport.record(suite) { options in
            configure(&options)
            options.shard = try? Shard(index: index, count: count)
        }
    }

    @Test func twoShardsMergeIntoTheSingleMachineRecord() throws {
        let whole = try ReportSupport.record(Self.suite, configure: Self.configure)
        #expect(whole.info.files != Self.suite, "shuffled")
        #expect(whole.summary.flaky == 1 && whole.tests.contains { $0.result.iteration == 2 })
        let shards = [try Self.shard(2, of: 2), try Self.shard(1, of: 2)]
        #expect(shards.allSatisfy { !$0.tests.isEmpty && $0.info.files == whole.info.files })
        #expect(shards.map(\.info.shard) == ["2/2", "1/2"])
        let merged = try ReportMerge.merge([("b.json", shards[0]), ("a.json", shards[1])])
        #expect(ReportSupport.withoutDurations(merged) == ReportSupport.withoutDurations(whole))
        #expect(merged.loadErrors.count == 2, "the plugin's load error once, the syntax error once")
        #expect(merged.summary.exitCode == 2)
    }

    @Test func shardsOfDifferentRunsAreRefused() throws {
        let record = ReportSamples.record
        var otherSeed = record
        otherSeed.info.seed = 1
        otherSeed.info.shard = "1/3"
        #expect(message { try ReportMerge.merge([("a.json", record), ("b.json", otherSeed)]) }
                == "b.json and a.json are not shards of one run: seed 1 differs from 18446744073709551615")
        var otherFiles = record
        otherFiles.info.files.append("specs/c_spec.lua")
        #expect(message { try ReportMerge.merge([("a.json", record), ("b.json", otherFiles)]) }
                == "b.json and a.json are not shards of one run: their lists of the run's spec files differ (only in one of them: specs/c_spec.lua)")
        #expect(message { try ReportMerge.merge([("a.json", record), ("again.json", record)]) } == "again.json and a.json are both shard 2/3")
        var first = record
        first.info.shard = "1/3"
        first.sections = []
        #expect(message { try ReportMerge.merge([("a.json", record), ("one.json", first)]) }
                == "shard 3/3 of the run is missing: merge every shard's report")
        var third = first
        third.info.shard = "3/3"
        third.sections = [record.sections[1]]
        #expect(message { try ReportMerge.merge([("a.json", record), ("one.json", first), ("three.json", third)]) }
                == "specs/a_spec.lua ran in both a.json and three.json: a spec file belongs to one shard (the same report given twice?)")
    }

    private func message(_ body: () throws -> RunRecord) -> String {
        do {
            _ = try body()
            return "merged"
        } catch {
            return "\(error)"
        }
    }
}
