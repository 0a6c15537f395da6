import CLua
import CLuaShim

/// Line coverage of the scripts a state runs (`detent run --coverage`): the line hook counts
/// every line of every script file — a chunk named "@path", not Detent's own — riding along
/// with the count hook the limits use, so stops, resets and kills keep it on.
extension LuaState {
    /// Turns coverage on for this state and every coroutine it makes from now on.
    public func enableCoverage() {
        guard detent_coverage_enable(L) != 0 else { fatalError("coverage: out of memory") }
    }

    /// The lines counted since the last call, by file (the chunk name without its "@"): line
    /// → times run. Clears the counts.
    public func takeCoverage() -> [String: [Int: Int]] {
        var result: [String: [Int: Int]] = [:]
        for i in 0..<detent_coverage_file_count(limits) {
            guard let source = detent_coverage_file_source(limits, i), let hits = detent_coverage_file_hits(limits, i) else { continue }
            var lines: [Int: Int] = [:]
            for line in 0..<Int(detent_coverage_file_size(limits, i)) where hits[line] > 0 { lines[line] = Int(hits[line]) }
            result[String(String(cString: source).dropFirst())] = lines   // one entry per file (coverage.c)
        }
        detent_coverage_clear(limits)
        return result
    }
}
