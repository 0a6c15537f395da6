/// `detent merge-reports`: the JSON reports of a suite's shards combined into the report one
/// machine running the whole suite would have written (durations aside).
public enum ReportMerge {
    /// Shards that cannot be combined: they ran different suites, or some part is missing or
    /// doubled. The description says which files disagree and how.
    public struct Mismatch: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Combines `reports` (each with the file it came from, for messages). The shards must
    /// agree on seed, shuffle, device and the whole run's file list; each spec file must have
    /// run in at most one shard; with `i/n` shards, every shard 1…n exactly once. The
    /// merged run: plugin load errors first (once, as every shard reports them), then each
    /// file's section in the run's order (RunInfo.files), the totals recounted.
    public static func merge(_ reports: [(source: String, record: RunRecord)]) throws -> RunRecord {
        guard let (firstSource, first) = reports.first else { throw Mismatch(description: "no reports to merge") }
        for (source, record) in reports.dropFirst() {
            func differ(_ what: String, _ mine: String, _ theirs: String) -> Mismatch {
                Mismatch(description: "\(source) and \(firstSource) are not shards of one run: \(what) \(theirs) differs from \(mine)")
            }
            if record.info.seed != first.info.seed { throw differ("seed", String(first.info.seed), String(record.info.seed)) }
            if record.info.shuffled != first.info.shuffled { throw differ("shuffled", String(first.info.shuffled), String(record.info.shuffled)) }
            if record.info.device != first.info.device { throw differ("device", first.info.device, record.info.device) }
            if record.detentVersion != first.detentVersion { throw differ("detent version", first.detentVersion, record.detentVersion) }
            if record.info.files != first.info.files {
                let missing = Set(first.info.files).symmetricDifference(record.info.files).sorted()
                throw Mismatch(description: "\(source) and \(firstSource) are not shards of one run: their lists of the run's spec files differ"
                               + (missing.isEmpty ? " in order" : " (only in one of them: \(missing.prefix(5).joined(separator: ", "))\(missing.count > 5 ? ", …" : ""))"))
            }
        }
        try checkShards(reports)

        let order = Dictionary(first.info.files.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var outside: [RunRecord.Section] = []
        var byFile: [String: (source: String, sections: [RunRecord.Section])] = [:]
        for (source, record) in reports {
            var mine: [String: [RunRecord.Section]] = [:]
            for section in record.sections {
                if order[section.file] == nil {
                    // Not a spec file of the run: a plugin's load error, reported by every shard.
                    if !outside.contains(section) { outside.append(section) }
                } else {
                    mine[section.file, default: []].append(section)
                }
            }
            for (file, sections) in mine {
                if let earlier = byFile[file] {
                    throw Mismatch(description: "\(file) ran in both \(earlier.source) and \(source): a spec file belongs to one shard (the same report given twice?)")
                }
                byFile[file] = (source, sections)
            }
        }
        var merged = RunRecord(detentVersion: first.detentVersion,
                               info: RunInfo(seed: first.info.seed, shuffled: first.info.shuffled, device: first.info.device, files: first.info.files),
                               sections: outside)
        for file in first.info.files { merged.sections += byFile[file]?.sections ?? [] }
        merged.summary = merged.recountedSummary(cancelled: reports.contains { $0.record.summary.cancelled })
        return merged
    }

    /// Shards `i/n` must share n and cover 1…n once each; unsharded reports (no `shard`) may be
    /// merged with each other (file subsets of one run), not with shards.
    private static func checkShards(_ reports: [(source: String, record: RunRecord)]) throws {
        let shards = reports.map { ($0.source, $0.record.info.shard) }
        let sharded = shards.filter { $0.1 != nil }
        guard !sharded.isEmpty else { return }
        if let plain = shards.first(where: { $0.1 == nil }) {
            throw Mismatch(description: "\(plain.0) is not a shard (no --shard) but \(sharded[0].0) is shard \(sharded[0].1!): merge the shards of one run")
        }
        var seen: [Int: String] = [:]
        var total: Int?
        for (source, shard) in sharded {
            let parts = shard!.split(separator: "/")
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0, (1...count).contains(index) else {
                throw Mismatch(description: "\(source): shard \"\(shard!)\" is not of the form i/n")
            }
            if let total, total != count { throw Mismatch(description: "\(source) is shard \(shard!), but \(sharded[0].0) is one of \(total) shards") }
            total = count
            if let earlier = seen[index] { throw Mismatch(description: "\(source) and \(earlier) are both shard \(index)/\(count)") }
            seen[index] = source
        }
        let missing = (1...total!).filter { seen[$0] == nil }
        if !missing.isEmpty {
            throw Mismatch(description: "shard" + (missing.count == 1 ? " " : "s ") + missing.map { "\($0)/\(total!)" }.joined(separator: ", ")
                           + " of the run " + (missing.count == 1 ? "is" : "are") + " missing: merge every shard's report")
        }
    }
}
