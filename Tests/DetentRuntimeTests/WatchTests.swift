import Foundation
import Testing
import DetentRuntime
import DetentTestSupport

/// `detent run --watch` (SPEC §10): what reruns after a change, and the command end to end.
@Suite struct WatchTests {
    /// A project folder: scripts/lib with a chain of libraries, two specs, a plugin, config.
    private final class Project {
        let root: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("detent-watch-\(UUID().uuidString)")
            try write("scripts/lib/base.lua", "return { two = 2 }\n")
            try write("scripts/lib/helpers.lua", "local base = require(\"lib.base\")\nreturn { two = function() return base.two end }\n")
            try write("scripts/lib/unused.lua", "return {}\n")
            try write("scripts/plugins/noop.lua", "return { name = \"noop\", version = \"1\", setup = function() end }\n")
            try write("specs/uses_helpers_spec.lua", """
                local h = require 'lib.helpers'
                describe("helpers", function() it("two", function() assert.are.equal(2, h.two()) end) end)
                """)
            try write("specs/plain_spec.lua", "describe(\"plain\", function() it(\"passes\", function() assert.is_true(true) end) end)\n")
            try write("config/runner.toml", "# watched\n")
        }
        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: false, encoding: .utf8)
        }

        var watcher: SpecWatcher {
            SpecWatcher(paths: ["specs"], base: root.path, pluginFolders: ["scripts/plugins"], configFiles: ["config/runner.toml", "config/engine.toml"])
        }

        /// The plan after `change` (each edit changes the file's size, so no clock is needed).
        func plan(after change: () throws -> Void) throws -> SpecWatcher.Plan? {
            let before = watcher.snapshot()
            try change()
            return watcher.plan(from: before, to: watcher.snapshot())
        }
    }

    /// The watcher finds the specs a run would: `[run] pattern` (a .busted `pattern`) decides.
    @Test func theSpecPatternDecidesWhichFilesAreWatchedAsSpecs() throws {
        let project = try Project()
        try project.write("specs/checks_test.lua", "describe(\"t\", function() it(\"x\", function() end) end)\n")
        #expect(project.watcher.specFiles() == ["specs/plain_spec.lua", "specs/uses_helpers_spec.lua"])
        let busted = SpecWatcher(paths: ["specs"], base: project.root.path, pluginFolders: [], configFiles: [],
                                 specPatterns: ["_test"], excludedSpecPatterns: [])
        #expect(busted.specFiles() == ["specs/checks_test.lua"])
    }

    @Test func nothingChangedPlansNothing() throws {
        let project = try Project()
        #expect(try project.plan {} == nil)
    }

    @Test func aChangedSpecRunsAlone() throws {
        let project = try Project()
        let plan = try project.plan { try project.write("specs/plain_spec.lua", "describe(\"plain\", function() it(\"x\", function() end) end)\n") }
        #expect(plan?.specs == ["specs/plain_spec.lua"])
        #expect(plan?.reason == "specs/plain_spec.lua changed")
    }

    @Test func aNewSpecRuns() throws {
        let project = try Project()
        let plan = try project.plan { try project.write("specs/new_spec.lua", "describe(\"n\", function() it(\"x\", function() end) end)\n") }
        #expect(plan?.specs == ["specs/new_spec.lua"])
    }

    @Test func aChangedLibraryRunsTheSpecsThatRequireItEvenThroughAnotherLibrary() throws {
        let project = try Project()
        #expect(try project.plan { try project.write("scripts/lib/helpers.lua", "local base = require('lib.base')\nreturn { two = function() return base.two + 1 end }\n") }?.specs
                == ["specs/uses_helpers_spec.lua"])
        #expect(try project.plan { try project.write("scripts/lib/base.lua", "return { two = 22 }\n") }?.specs
                == ["specs/uses_helpers_spec.lua"])
    }

    @Test func aLibraryNoSpecUsesRunsNothing() throws {
        let project = try Project()
        let plan = try project.plan { try project.write("scripts/lib/unused.lua", "return { x = 1 }\n") }
        #expect(plan?.specs == [])
        #expect(plan?.reason == "scripts/lib/unused.lua changed")
    }

    @Test func aChangedPluginOrConfigRunsEverySpec() throws {
        let project = try Project()
        let all = ["specs/plain_spec.lua", "specs/uses_helpers_spec.lua"]
        #expect(try project.plan { try project.write("scripts/plugins/noop.lua", "return { name = \"noop\", version = \"2\", setup = function() end }\n") }?.specs == all)
        #expect(try project.plan { try project.write("config/runner.toml", "# watched, edited\n") }?.specs == all)
    }

    @Test func requireCallsAreFoundInEveryForm() {
        let source = """
            local a = require("lib.a")
            local b = require 'lib.b'
            local c = require "c"
            local d = require ( "lib.d" )
            local e = require(name)   -- not a literal: ignored
            """
        #expect(SpecWatcher.requiredModules(in: source) == ["lib.a", "lib.b", "c", "lib.d"])
    }

    @Test func theLoopRunsEverythingOnceThenWhatChangedAndStops() throws {
        let project = try Project()
        var runs: [[String]] = [], lines: [String] = [], polls = 0, clears = 0
        var loop = WatchLoop(watcher: project.watcher, runSpecs: { runs.append($0); return runs.count == 1 ? 0 : 1 },
                             print: { lines.append($0) }, clearScreen: { clears += 1 }, sleep: { _ in })
        loop.shouldStop = {
            polls += 1
            if polls == 2 { try? project.write("specs/plain_spec.lua", "describe(\"plain\", function() it(\"y\", function() end) end)\n") }
            return polls > 4
        }
        let status = loop.run()
        #expect(runs == [["specs"], ["specs/plain_spec.lua"]])
        #expect(status == 1)
        #expect(clears == 1)
        #expect(lines.contains("detent --watch: specs/plain_spec.lua changed"))
    }

    /// The command itself: a first run, an edit, a second summary, Ctrl-C (SIGINT to its pid)
    /// ending it with the last run's status. Every wait is bounded.
    @Test func detentRunWatchRerunsAnEditedSpecAndEndsOnInterrupt() throws {
        let project = try Project()
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("config"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuiltExecutables.path(of: "detent"))
        process.arguments = ["run", "--watch", "specs", "--config", BuiltExecutables.root.appendingPathComponent("config").path]
        process.currentDirectoryURL = project.root
        let output = Output()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        #expect(output.wait(for: "2 passed, 0 failed", seconds: 60), "first run: \(output.text)")
        #expect(output.wait(for: "Watching for changes", seconds: 10), "\(output.text)")
        try project.write("specs/plain_spec.lua", "describe(\"plain\", function() it(\"fails\", function() assert.is_true(false) end) end)\n")
        #expect(output.wait(for: "0 passed, 1 failed", seconds: 30), "rerun: \(output.text)")
        #expect(output.text.contains("detent --watch: specs/plain_spec.lua changed"))
        #expect(!output.text.contains("\u{1B}[2J"), "no clear-screen codes when output is not a terminal")
        #expect(output.wait(for: "0 passed, 1 failed\nWatching for changes", seconds: 10), "\(output.text)")

        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning, "detent run --watch did not end on SIGINT")
        if !process.isRunning {
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 1, "ends with the last run's status")
        }
    }

    /// Output collected from a pipe on another thread.
    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ chunk: Data) { lock.lock(); data.append(chunk); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
        /// Waits (at most `seconds` of wall time) until the output contains `needle`.
        func wait(for needle: String, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if text.contains(needle) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return text.contains(needle)
        }
    }
}
