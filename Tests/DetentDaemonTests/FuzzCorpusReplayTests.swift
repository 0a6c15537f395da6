import Foundation
import Testing

/// The fuzz corpus (Tests/FuzzCorpus, grown by scripts/fuzz/run.sh) replayed by the fuzz
/// targets' ordinary builds: every input that once mattered keeps running without a crash,
/// a trap or a hang.
@Suite("Fuzz corpus replay", .serialized)
struct FuzzCorpusReplayTests {
    @Test(.timeLimit(.minutes(10)), arguments: ["config", "lua"])
    func theCorpusReplaysCleanly(target: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try DaemonProtocolSuiteTests.binary(named: "detent-fuzz-\(target)"))
        process.arguments = ["Tests/FuzzCorpus/\(target)"]
        process.currentDirectoryURL = DaemonProtocolSuiteTests.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe   // the input being replayed when it fails is named last
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "detent-fuzz-\(target): \(output.suffix(3000))")
        #expect(output.contains("detent-fuzz-\(target): replayed"), "\(output.suffix(3000))")
    }
}
