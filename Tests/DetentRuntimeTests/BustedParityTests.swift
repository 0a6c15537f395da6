import Testing
import Foundation
import DetentTestSupport

/// Runs the busted parity suite (Tests/BustedParity/parity.py): each portable spec there runs
/// under Debian's busted 2 (luassert 1.9) and under the `detent` this build made, and every
/// test must end with the same full name, status and message (addresses aside). The files'
/// known differences must still differ. busted missing is a failure, not a skip: install it
/// with `apt-get install lua-busted` (scripts/setup.sh does).
@Suite("Busted parity, busted against detent run", .serialized)
struct BustedParityTests {
    @Test(.timeLimit(.minutes(10))) func portableSpecsRunTheSameUnderBustedAndDetent() throws {
        let busted = ["/usr/bin/busted", "/usr/local/bin/busted"].first { FileManager.default.isExecutableFile(atPath: $0) }
        #expect(busted != nil, "busted is not installed: apt-get install lua-busted (or bash scripts/setup.sh)")
        guard busted != nil else { return }
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/BustedParity/parity.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"),
                                                          "--repo", BuiltExecutables.root.path])
        #expect(run.exitedNormally && run.status == 0, "busted parity failed:\n\(run.output)")
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"), "suite summary: \(last)")
    }
}
