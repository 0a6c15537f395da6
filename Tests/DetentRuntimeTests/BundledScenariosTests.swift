import Testing
import DetentRuntime

/// The Lua suites: every bundled scenario spec passes under `swift test` too.
@Suite("Bundled scenarios (scripts/scenarios)")
struct BundledScenariosTests {
    @Test func everyBundledSpecPasses() throws {
        let outcome = try RunHarness.run(["scripts/scenarios"])
        #expect(outcome.summary.failed == 0 && outcome.summary.errors == 0 && outcome.summary.loadErrors == 0,
                "failures:\n\(outcome.output)")
        #expect(outcome.summary.passed >= 50)
        #expect(outcome.output.hasSuffix("\(outcome.summary.line)\n"))
        #expect(outcome.summary.exitCode == 0)
    }

    @Test func thePlainExampleScriptRunsAsOneTest() throws {
        let outcome = try RunHarness.run(["scripts/examples/hello_world.lua"])
        #expect(outcome.summary.passed == 1)
        #expect(outcome.output.contains("| settled at y = 400 pt after 22 frames (0.367 s of virtual time)"))
    }
}
