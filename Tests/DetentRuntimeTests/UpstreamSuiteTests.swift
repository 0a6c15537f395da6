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
        let run = try BuiltExecutables.run("/usr/bin/env", ["python3", "Tests/Upstream/upstream_suite.py",
                                                          "--detent", try BuiltExecutables.path(of: "detent"),
                                                          "--busted", busted])
        #expect(run.exitedNormally && run.status == 0, "upstream suites below 95 % of busted:\n\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let summary = lines.last?.split(separator: " ").compactMap { Int($0) } ?? []
        // "N passed, N failed": N passed of busted's passes, at least 95 % of them.
        #expect(summary.count == 2 && summary[0] > 0 && Double(summary[0]) >= 0.95 * Double(summary[0] + summary[1]),
                "suite summary: \(lines.last ?? "")")
    }
}
