import Foundation
import Testing
import DetentTestSupport

/// The fuzz corpus (Tests/FuzzCorpus, grown by scripts/fuzz/run.sh) replayed by the fuzz
/// targets' ordinary builds: every input that once mattered keeps running without a crash,
/// a trap or a hang.
@Suite("Fuzz corpus replay", .serialized)
struct FuzzCorpusReplayTests {
    @Test(.timeLimit(.minutes(10)), arguments: ["config", "lua"])
    func theCorpusReplaysCleanly(target: String) throws {
        let run = try BuiltExecutables.run(try BuiltExecutables.path(of: "detent-fuzz-\(target)"), ["Tests/FuzzCorpus/\(target)"])
        // The input being replayed when it fails is named last.
        #expect(run.exitedNormally && run.status == 0, "detent-fuzz-\(target): \(run.output.suffix(3000))")
        #expect(run.output.contains("detent-fuzz-\(target): replayed"), "\(run.output.suffix(3000))")
    }
}
