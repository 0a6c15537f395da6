import FoundationEssentials
import DetentJSON

/// How `--shard i/n` splits a suite by spec file (SPEC §10). Every shard of a CI matrix
/// computes the same split from the same file list, so together the shards run each file
/// exactly once.
///
/// - Without durations: round-robin over the files sorted by path — file k (0-based) goes to
///   shard k mod n + 1; stable while files are added, independent of `--shuffle`.
/// - With the durations of a previous report (`--durations`): greedy longest-processing-time
///   — the files, longest first (ties by path), each go to the shard with the least time so
///   far (ties to the lowest shard). A file the report does not know counts as the mean of
///   those it knows.
enum ShardSplit {
    /// The files of `shard`, in the order of `files`.
    static func files(_ files: [String], shard: Shard, durations: [String: Double]? = nil) -> [String] {
        let mine = Set(assignment(files, shards: shard.count, durations: durations)
            .filter { $0.value == shard.index }.map(\.key))
        return files.filter(mine.contains)
    }

    /// Which shard (1-based) each file belongs to.
    static func assignment(_ files: [String], shards: Int, durations: [String: Double]?) -> [String: Int] {
        let sorted = Array(Set(files)).sorted()
        var result: [String: Int] = [:]
        guard let durations else {
            for (k, file) in sorted.enumerated() { result[file] = k % shards + 1 }
            return result
        }
        let known = sorted.compactMap { durations[$0] }
        let fallback = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
        let cost = Dictionary(uniqueKeysWithValues: sorted.map { ($0, max(durations[$0] ?? fallback, 0)) })
        let longestFirst = sorted.sorted { cost[$0]! != cost[$1]! ? cost[$0]! > cost[$1]! : $0 < $1 }
        var load = Array(repeating: 0.0, count: shards)
        for file in longestFirst {
            // The least-loaded shard; `min` keeps the first (lowest) of equals.
            let target = load.indices.min { load[$0] < load[$1] }!
            load[target] += cost[file]!
            result[file] = target + 1
        }
        return result
    }
}

/// The per-file durations of a previous JSON report (`--durations FILE`): its top-level
/// `tests` array, each item's `file` and `duration` (seconds), summed per file. Nothing else
/// of the report is read, so any report version with those two fields works.
enum DurationsReport {
    static func read(_ path: String, base: String) throws -> [String: Double] {
        let absolute = SpecDiscovery.resolve(path, base: base)
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw UsageError(description: "--durations \(path): cannot read the file (give a JSON report of an earlier run, from -o json or --report)")
        }
        let report: JSONValue
        do { report = try JSONValue.parse(Array(data)) } catch {
            throw UsageError(description: "--durations \(path): not JSON (expected a JSON report of an earlier run)")
        }
        guard let tests = report["tests"]?.arrayValue else {
            throw UsageError(description: "--durations \(path): expected a JSON report with a top-level \"tests\" array")
        }
        var durations: [String: Double] = [:]
        for (i, test) in tests.enumerated() {
            guard let file = test["file"]?.stringValue, let duration = test["duration"]?.number, duration.isFinite, duration >= 0 else {
                throw UsageError(description: "--durations \(path): tests[\(i)] needs a \"file\" string and a \"duration\" number of seconds")
            }
            durations[file, default: 0] += duration
        }
        return durations
    }
}
