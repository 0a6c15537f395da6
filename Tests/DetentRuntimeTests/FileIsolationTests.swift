import Foundation
import Testing
import DetentRuntime
@testable import DetentReports

/// `detent run` builds one Lua state per worker and puts it back to pristine between spec
/// files (issue 16 §3): nothing a file does is seen by the next, with one job or several.
@Suite("spec files sharing a worker's Lua state see nothing of each other")
struct FileIsolationTests {
    static let fixture = RunHarness.root.appendingPathComponent("Tests/Fixtures/isolation/leaks_everything_spec.lua")

    /// `count` copies of the fixture (each checks that nothing leaked in, then changes
    /// everything it can reach) in a scratch folder.
    static func copies(_ count: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try String(contentsOf: fixture, encoding: .utf8)
        for i in 1...count {
            try text.write(to: folder.appendingPathComponent(String(format: "leaks_%02d_spec.lua", i)), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// With the bundled plugins loaded (their registries are part of the pristine state) and without.
    @Test(arguments: zip([1, 2, 2], [true, false, true]))
    func aFileSeesNoneOfTheChangesOfTheFilesBeforeIt(jobs: Int, plugins: Bool) throws {
        let folder = try Self.copies(8)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try RunHarness.run([folder.path]) { $0.jobs = jobs; $0.noPlugins = !plugins }
        #expect(outcome.summary.passed == 16, "\(outcome.output)")
        #expect(outcome.summary.exitCode == 0)
    }

    /// The fixture's checks catch every leak it makes: for each line of its "changes" test, a
    /// file that makes that one change and then runs the checks fails (files run one after
    /// another in one reusable session, put back to pristine in between).
    @Test func everyChangeOfTheFixtureIsCaughtByItsChecks() throws {
        let lines = try String(contentsOf: Self.fixture, encoding: .utf8).components(separatedBy: "\n")
        func body(of test: String) -> [String] {
            let start = lines.firstIndex { $0.contains("it(\"\(test)\"") }! + 1
            let end = lines[start...].firstIndex { $0 == "  end)" }!
            return Array(lines[start..<end])
        }
        let checks = body(of: "sees none of another file's changes")
        let changes = body(of: "then changes all of it")
        #expect(checks.count > 20 && changes.count > 20)
        let settings = try SessionSettings(configuration: try RunHarness.configuration(),
                                           luaSetup: try RunHarness.configuration().luaSetup(defaultLibrary: .full))
        let session = try Session.make(settings: settings, label: "isolation", reusable: true)
        func status(change: String?) throws -> [TestResult.Status] {
            let text = (["local counter = require(\"scenarios.runner.support.counter\")",
                         "describe(\"a file\", function() it(\"changes one thing\", function()"]
                        + [change ?? ""] + checks + ["end) end)"]).joined(separator: "\n")
            var statuses: [TestResult.Status] = []
            try session.sync { session in
                try session.prepareForAnotherFile()
                try session.runSpec(text: text, file: "one_change_spec.lua", selection: TestSelection()) { outcome in
                    if case let .testFinished(result) = outcome { statuses.append(result.status) }
                }
            }
            return statuses
        }
        #expect(try status(change: nil) == [.passed])
        for change in changes {
            let statuses = try status(change: change)
            #expect(statuses == [.failed] || statuses == [.error], "not caught: \(change)")
        }
        #expect(try status(change: nil) == [.passed])
    }

    /// The snapshot lives in the registry, which `debug.getregistry()` hands to scripts. A file
    /// that rewrites it neither crashes its worker nor fails the next file: that one gets a new
    /// Lua state, and sees nothing of the first.
    @Test(arguments: [1, 2])
    func aFileThatRewritesTheSnapshotLeavesTheNextOneANewState(jobs: Int) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rewrite = """
            describe("a file", function() it("rewrites the pristine snapshot", function()
              left_behind = true
              local rewritten = 0
              for _, v in pairs(debug.getregistry()) do
                if type(v) == "table" and type(rawget(v, 1)) == "table" and type(rawget(v, 4)) == "userdata" then
                  rawset(v, 4, false); rawset(v, 1, 7); rewritten = rewritten + 1
                end
              end
              assert.equal(1, rewritten)
            end) end)
            """
        let check = """
            describe("the next file", function() it("sees a state as new", function()
              assert.is_nil(left_behind)
            end) end)
            """
        for i in 1...3 {
            try rewrite.write(to: folder.appendingPathComponent("a\(i)_spec.lua"), atomically: true, encoding: .utf8)
            try check.write(to: folder.appendingPathComponent("b\(i)_spec.lua"), atomically: true, encoding: .utf8)
        }
        let outcome = try RunHarness.run([folder.path]) { $0.jobs = jobs; $0.noPlugins = true }
        #expect(outcome.summary.passed == 6, "\(outcome.output)")
        #expect(outcome.summary.exitCode == 0)
    }
}

