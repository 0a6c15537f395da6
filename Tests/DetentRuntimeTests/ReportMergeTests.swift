import Testing
import Foundation
import DetentRuntime
import DetentTestSupport

/// `merge-reports`: shards' JSON reports combine into the report of one machine's run.
@Suite("Reports: merging shards", .serialized)
struct ReportMergeTests {
    /// Spec files of a small suite with passes, failures, errors, a pending test, output and
    /// a file that does not load, plus a plugin that fails (every shard reports it).
    static let suite = ["scripts/scenarios/runner/structure_spec.lua", "Tests/Fixtures/reports/printing_spec.lua",
                        "Tests/Fixtures/runner/failing_spec.lua", "Tests/Fixtures/runner/syntax_error_spec.lua",
                        "scripts/scenarios/runner/waiting_spec.lua"]

    static func configure(_ options: inout RunOptions) {
        options.pluginFolders = ["Tests/Fixtures/plugins/mixed"]
        options.shuffle = true
        options.seed = 11
    }

    /// Shard `index` of `count`: the files at positions index-1, index-1+count, … of the whole
    /// run's order, with the header a sharded run writes (the whole run's files, `i/n`).
    static func shard(_ index: Int, of count: Int, whole: RunRecord) throws -> RunRecord {
        let files = whole.info.files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        var record = try ReportSupport.record(files, configure: configure)
        record.info.files = whole.info.files
        record.info.shard = "\(index)/\(count)"
        record.info.shuffled = whole.info.shuffled
        return record
    }

    @Test func twoShardsMergeIntoTheSingleMachineRecord() throws {
        let whole = try ReportSupport.record(Self.suite, configure: Self.configure)
        // The files in the run's shuffled order, so each shard runs them in that order.
        #expect(whole.info.files != Self.suite)
        let shards = [try Self.shard(2, of: 2, whole: whole), try Self.shard(1, of: 2, whole: whole)]
        #expect(shards.allSatisfy { !$0.tests.isEmpty })
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
