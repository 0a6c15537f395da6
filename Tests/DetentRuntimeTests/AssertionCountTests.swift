import Foundation
import Testing
import DetentTestSupport
@testable import DetentReports

/// A spec cannot pass by accident (SPEC §9): `detent run` counts the tests that passed without
/// making an assertion, the reports carry each test's count, and `require_assertions` fails
/// such tests. Run through the `detent` binary, as a user runs it.
@Suite("Tests that make no assertion", .serialized)
struct AssertionCountTests {
    /// One test of each kind: asserting, asserting nothing (a flick with no check after it),
    /// waiting only by time, waiting on a condition that can fail, pending, and failing.
    static let spec = """
        describe("counting", function()
          it("asserts", function()
            assert.are.equal(2, 1 + 1)
            assert.is_true(true)
          end)
          it("flicks and checks nothing", function()
            world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
            flick("drawer.header", { velocity = -1200, distance = 60 })
          end)
          it("only waits by time", function()
            wait(0.5)
            wait_frames(3)
          end)
          it("waits for a condition", function()
            wait_until(function() return true end)
          end)
          pending("is pending")
          it("fails", function()
            assert.are.equal(1, 2)
          end)
        end)
        """

    /// The kinds of assertion each count once: a spy's, has_error, an assert.series check,
    /// the plain assert(v), wait_idle and wait_event.
    static let kinds = """
        describe("kinds", function()
          it("spy", function()
            local s = spy.new(function() end)
            s()
            assert.spy(s).was.called()
          end)
          it("has_error", function()
            assert.has_error(function() error("x") end)
          end)
          it("series", function()
            assert.series({ name = "x", times = { 0, 1 }, values = { 0, 1 } }):monotonic():max_step(2)
          end)
          it("plain assert", function()
            assert(true)
          end)
          it("wait_idle", function()
            wait_idle()
          end)
        end)
        """

    private func detent() throws -> String { try BuiltExecutables.path(of: "detent") }

    private func tests(inJSON path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let tests = try #require(root["tests"] as? [[String: Any]])
        var byName: [String: Any] = [:]
        for test in tests { byName[test["name"] as! String] = test["assertions"] ?? "missing" }
        byName["summary.no_assertions"] = (root["summary"] as? [String: Any])?["no_assertions"] ?? "missing"
        return byName
    }

    @Test(.timeLimit(.minutes(10))) func theSummaryCountsTheTestsThatMadeNoAssertion() throws {
        // A short folder: Lua shortens chunk names past 60 bytes in locations.
        let specs = try TemporarySpecs([:])
        defer { specs.remove() }
        let folder = specs.folder
        let spec = folder.appendingPathComponent("count_spec.lua")
        try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
        let run = try WatchedProcess.run(try detent(), ["run", spec.path, "--jobs", "1"], folder: folder, timeout: 120)
        #expect(!run.timedOut && run.status == 1, "one test fails: \(run.output)\(run.error)")
        // The flick and the timed waits made none; the pending and the failing test are not counted.
        #expect(run.output.hasSuffix("\n2 tests made no assertion\n4 passed, 1 failed, 1 skipped\n"), "\(run.output)")
        let verbose = try WatchedProcess.run(try detent(), ["run", spec.path, "--jobs", "1", "-v"], folder: folder, timeout: 120)
        #expect(verbose.output.contains("Made no assertion:\n  counting flicks and checks nothing (\(spec.path):6)\n"
                                        + "  counting only waits by time (\(spec.path):10)\n"), "\(verbose.output)")
    }

    @Test(.timeLimit(.minutes(10))) func everyKindOfAssertionCountsAndPlainWaitsDoNot() throws {
        // A short folder: Lua shortens chunk names past 60 bytes in locations.
        let specs = try TemporarySpecs([:])
        defer { specs.remove() }
        let folder = specs.folder
        let count = folder.appendingPathComponent("count_spec.lua"), kinds = folder.appendingPathComponent("kinds_spec.lua")
        try Self.spec.write(to: count, atomically: true, encoding: .utf8)
        try Self.kinds.write(to: kinds, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("run.json").path
        let run = try WatchedProcess.run(try detent(), ["run", count.path, kinds.path, "--report", report], folder: folder, timeout: 120)
        #expect(!run.timedOut && run.status == 1, "\(run.output)\(run.error)")
        let counts = try tests(inJSON: report)
        #expect(counts["asserts"] as? Int == 2)
        #expect(counts["flicks and checks nothing"] as? Int == 0)
        #expect(counts["only waits by time"] as? Int == 0)
        #expect(counts["waits for a condition"] as? Int == 1)
        #expect(counts["is pending"] as? Int == 0)
        #expect(counts["fails"] as? Int == 1)
        #expect(counts["spy"] as? Int == 1)
        #expect(counts["has_error"] as? Int == 1)
        #expect(counts["series"] as? Int == 2, "each check of assert.series counts")
        #expect(counts["plain assert"] as? Int == 1)
        #expect(counts["wait_idle"] as? Int == 1)
        #expect(counts["summary.no_assertions"] as? Int == 2)
    }

    @Test(.timeLimit(.minutes(10))) func junitAndTAPSayWhichTestMadeNoAssertion() throws {
        // A short folder: Lua shortens chunk names past 60 bytes in locations.
        let specs = try TemporarySpecs([:])
        defer { specs.remove() }
        let folder = specs.folder
        let spec = folder.appendingPathComponent("count_spec.lua")
        try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
        let xunit2 = folder.appendingPathComponent("run.xml").path, tap = folder.appendingPathComponent("run.tap").path
        _ = try WatchedProcess.run(try detent(), ["run", spec.path, "--report", xunit2, "--report", tap], folder: folder, timeout: 120)
        let xml = try String(contentsOfFile: xunit2, encoding: .utf8)
        #expect(xml.contains("<testcase name=\"flicks and checks nothing\" classname=\"\(JUnitReport.className(file: spec.path, describePath: "counting"))\" time=\"")
                && xml.contains("<system-out>\(JUnitReport.noAssertionNote)</system-out>"), "\(xml)")
        #expect(xml.components(separatedBy: JUnitReport.noAssertionNote).count == 3, "two tests made none: \(xml)")
        let tapText = try String(contentsOfFile: tap, encoding: .utf8)
        #expect(tapText.contains("ok 2 - counting flicks and checks nothing\n# \(JUnitReport.noAssertionNote)\nok 3 "), "\(tapText)")

        let xunit1 = folder.appendingPathComponent("xunit1.xml").path
        _ = try WatchedProcess.run(try detent(), ["run", spec.path, "--junit-family", "xunit1", "--report", xunit1], folder: folder, timeout: 120)
        let legacy = try String(contentsOfFile: xunit1, encoding: .utf8)
        #expect(legacy.contains("line=\"2\" assertions=\"2\">") || legacy.contains("line=\"2\" assertions=\"2\"/>"), "\(legacy)")
        #expect(legacy.contains("line=\"6\" assertions=\"0\""), "\(legacy)")
    }

    @Test(.timeLimit(.minutes(10))) func requireAssertionsFailsATestThatMadeNone() throws {
        // A short folder: Lua shortens chunk names past 60 bytes in locations.
        let specs = try TemporarySpecs([:])
        defer { specs.remove() }
        let folder = specs.folder
        let spec = folder.appendingPathComponent("count_spec.lua")
        try Self.spec.write(to: spec, atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("detent.toml")
        try "[run]\nrequire_assertions = true\n".write(to: config, atomically: true, encoding: .utf8)
        let message = "test made no assertion, and require_assertions is on ([run] require_assertions or --require-assertions)"
        for arguments in [["--require-assertions"], ["--config", config.path]] {
            let report = folder.appendingPathComponent("run.json").path
            let run = try WatchedProcess.run(try detent(), ["run", spec.path, "--report", report] + arguments, folder: folder, timeout: 120)
            #expect(!run.timedOut && run.status == 1, "\(arguments): \(run.output)\(run.error)")
            #expect(run.output.contains("FAIL  counting flicks and checks nothing\n        \(spec.path):6: \(message)"), "\(arguments): \(run.output)")
            #expect(run.output.contains("FAIL  counting only waits by time\n"), "\(arguments): \(run.output)")
            #expect(run.output.contains("ok    counting waits for a condition\n"), "\(arguments): \(run.output)")
            #expect(run.output.hasSuffix("\n2 passed, 3 failed, 1 skipped\n"), "\(arguments): \(run.output)")
            #expect(try tests(inJSON: report)["summary.no_assertions"] as? Int == 0)
        }
    }
}
