import Testing
import Foundation
import DetentTestSupport

/// Issue 27 §1: luassert's and busted's own spec files (Tests/Upstream, copied unchanged from
/// lunarmodules/luassert a1c4902 and lunarmodules/busted 901de7d, licences kept) run under
/// Debian's busted 2.1.1 and under the `detent` this build made (Tests/Upstream/upstream_suite.py):
/// of the tests busted passes, detent must pass at least 95 %. busted missing is a failure,
/// not a skip (scripts/setup.sh installs lua-busted).
@Suite("Upstream suites: luassert's and busted's own specs", .serialized)
struct UpstreamSuiteTests {
    @Test(.timeLimit(.minutes(10))) func luassertsAndBustedsOwnSpecsPassUnderDetent() throws {
        let busted = ["/usr/bin/busted", "/usr/local/bin/busted"].first { FileManager.default.isExecutableFile(atPath: $0) }
        #expect(busted != nil, "busted is not installed: apt-get install lua-busted (or bash scripts/setup.sh)")
        guard let busted else { return }
        // The suite itself exits 1 below the threshold, which is named here once.
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/Upstream/upstream_suite.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"),
                                                          "--busted", busted, "--threshold", "0.95"])
        #expect(run.exitedNormally && run.status == 0, "upstream suites below 95 % of busted:\n\(run.output)")
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.range(of: #"^[1-9][0-9]* passed, [0-9]+ failed$"#, options: .regularExpression) != nil, "suite summary: \(last)")
    }

    /// Penlight's stringx spec (lunarmodules/Penlight c317508, unchanged) gives strings a `%`
    /// operator in a setup and uses it in the tests after it: what a file sets on the string
    /// metatable lasts for its tests, as under busted. Every test busted passes must pass.
    @Test(.timeLimit(.minutes(5))) func penlightsStringxSpecPassesAsUnderBusted() throws {
        let busted = ["/usr/bin/busted", "/usr/local/bin/busted"].first { FileManager.default.isExecutableFile(atPath: $0) }
        #expect(busted != nil, "busted is not installed: apt-get install lua-busted (or bash scripts/setup.sh)")
        guard let busted else { return }
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/Upstream/upstream_suite.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"),
                                                          "--busted", busted, "--suite", "penlight", "--threshold", "1"])
        #expect(run.exitedNormally && run.status == 0, "Penlight's stringx spec under detent:\n\(run.output)")
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last == "53 passed, 0 failed", "suite summary: \(last)")
    }
}
