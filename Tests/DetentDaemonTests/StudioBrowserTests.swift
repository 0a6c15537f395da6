import Foundation
import Testing
import DetentTestSupport

/// Issue 30 §3: Tests/Studio/studio_browser_test.py drives Detent Studio in headless Chromium
/// (chromedriver, Selenium from the venv scripts/setup.sh makes) against a daemon it starts:
/// the token, a foreign origin refused, a drawer drawn where `state` says, a pointer drag that
/// lands it on the anchor the recorded spec then asserts under `detent run`, the console pane,
/// pause and step, two pages on one session. A missing venv or browser fails.
@Suite("Studio: the page in a real browser", .serialized)
struct StudioBrowserTests {
    @Test(.timeLimit(.minutes(10))) func theStudioWorksInChromium() throws {
        let python = BuiltExecutables.root.appendingPathComponent(".build/python/bin/python").path
        try #require(FileManager.default.isExecutableFile(atPath: python),
                     "no \(python): run scripts/setup.sh (it makes the venv with selenium and installs chromium and chromium-driver)")
        let shots = BuiltExecutables.root.appendingPathComponent(".build/artifacts/studio-screenshots").path
        let run = try BuiltExecutables.run(python, ["Tests/Studio/studio_browser_test.py", "--detent", try BuiltExecutables.path(of: "detent"),
                                                    "--screenshots", shots])
        #expect(run.status == 0, "studio browser test failed:\n\(run.output)")
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" 0 failed"), "suite summary: \(last)")
    }
}
