import Testing
import Foundation
@testable import DetentConsole
import DetentRuntime
import DetentTestSupport
@testable import DetentConfig
@testable import DetentReports

/// `:record` … `:stop` against a local evaluator in virtual time: the spec it writes keeps the
/// statements, notes the expressions, waits the frames between chunks and asserts the end
/// state — and `detent run`'s own runner passes it.
@Suite("Console recording")
struct SessionRecordingTests {
    @Test func framesBetweenChunksBecomeWaitsAndExpressionsBecomeNotes() throws {
        var recording = SessionRecording(file: "/tmp/x_spec.lua", started: Date(timeIntervalSince1970: 0))
        recording.add(.init(code: "a = 1", chunkName: "stdin", printed: "", frames: 3...3))
        recording.add(.init(code: "wait(0.5)", chunkName: "stdin", printed: "", frames: 10...40))
        recording.add(.init(code: "return a + 1", chunkName: "stdin", printed: "2", frames: 45...45))
        recording.addFailure(code: "nil + 1", message: "stdin:1: attempt to perform arithmetic on a nil value")
        let spec = try recording.spec(snapshot: "iPhone 15\nSSE\nassert.are.equal(1, a)", stopFrame: 50)
        #expect(spec.contains("""
              it("replays the recorded session", function()
                wait_frames(3)
                a = 1
                wait_frames(7)
                wait(0.5)
                wait_frames(5)
                -- a + 1  --> 2
                wait_frames(5)
                assert.are.equal(1, a)
              end)
            end)
            """))
        #expect(spec.contains("--   nil + 1"))
        #expect(spec.contains(#"-- Recorded on the device "iPhone 15""#))
        #expect(spec.hasPrefix("-- Recorded by `detent console` (:record /tmp/x_spec.lua) on 1970-01-01T00:00:00Z."))
    }

    @Test func framesTheDisplayLinkDroppedAreDroppedAgainAtTheSameFrames() throws {
        var recording = SessionRecording(file: "/tmp/x_spec.lua")
        recording.add(.init(code: "a = 1", chunkName: "stdin", printed: "", frames: 0...0))
        let spec = try recording.spec(snapshot: "iPhone 15\nS\n", stopFrame: 30, drops: [(frame: 4, count: 2), (frame: 12, count: 1), (frame: 40, count: 3)])
        #expect(spec.contains("for _, drop in ipairs({ { 4, 2 }, { 12, 1 } }) do"), Comment(rawValue: spec))
        #expect(spec.contains("drop_frames(drop[2])"))
        let calm = try recording.spec(snapshot: "iPhone 15\nS\n", stopFrame: 30, drops: [])
        #expect(!calm.contains("spawn("))
    }

    @Test func chunksArePlacedWhereTheyBeganAndOnesStillRunningGoBesideWhatFollows() throws {
        var recording = SessionRecording(file: "/tmp/x_spec.lua")
        // Added as they ended: the eval typed during the drag ends first.
        recording.add(.init(code: "a = 1", chunkName: "studio", printed: "", frames: 2...2))
        recording.add(.init(code: "b = 2", chunkName: "studio", printed: "", frames: 20...20))
        recording.add(.init(code: "touch_path{ { 0, 1, 2 }, { 0.1, 1, 50 }, up = 0.1 }", chunkName: "pointer", printed: "", frames: 10...30))
        recording.add(.init(code: "touch_path{ { 0, 1, 2 }, { 0.1, 1, 50 }, up = 0.1 }", chunkName: "pointer", printed: "", frames: 40...47))
        recording.add(.init(code: "touch_path{ { 0, 1, 2 } }", chunkName: "pointer", printed: "", frames: 55...55, isOpen: true))
        let spec = try recording.spec(snapshot: "iPhone 15\nSSSSS\n", stopFrame: 60)
        #expect(spec.contains("""
                wait_frames(2)
                a = 1
                wait_frames(8)
                -- Still running when the next chunk began: beside what follows.
                spawn(function()
                  touch_path{ { 0, 1, 2 }, { 0.1, 1, 50 }, up = 0.1 }
                end)
                wait_frames(10)
                b = 2
                wait_frames(20)
                touch_path{ { 0, 1, 2 }, { 0.1, 1, 50 }, up = 0.1 }
                wait_frames(8)
                -- Still running when the recording stopped: beside what follows.
                spawn(function()
                  touch_path{ { 0, 1, 2 } }
                end)
                wait_frames(5)
                -- (no engine in the world when the recording stopped)
            """), Comment(rawValue: spec))
    }

    @Test func anOpenChunkFinishedLaterIsPlacedInline() throws {
        var recording = SessionRecording(file: "/tmp/x_spec.lua")
        recording.add(.init(code: "touch_path{ { 0, 1, 2 }, up = 0.1 }", chunkName: "pointer", printed: "", frames: 4...4, isOpen: true))
        recording.finish(chunk: 0, at: 11)
        let spec = try recording.spec(snapshot: "iPhone 15\nS\n", stopFrame: 20)
        #expect(spec.contains("    wait_frames(4)\n    touch_path{ { 0, 1, 2 }, up = 0.1 }\n    wait_frames(9)\n"), Comment(rawValue: spec))
    }

    @Test func aMalformedSnapshotIsAnErrorNotASpec() {
        let recording = SessionRecording(file: "/tmp/x_spec.lua")
        #expect(throws: RecordingError.self) { try recording.spec(snapshot: "not a state", stopFrame: 0) }
    }

    @Test func aRecordedVirtualTimeSessionPassesUnderTheRunner() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("detent-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("recorded_spec.lua").path
        let evaluator = try ConsoleRulesTests.evaluator()
        defer { evaluator.close() }
        var printed = ""
        let console = Console(evaluator: evaluator) { printed += $0 }
        let lines = [
            ":record \(file)",
            #"d = world:drawer{anchors = {"top", "middle", "bottom"}, at = "middle"}"#,
            #"d:animate_to("top")"#, "wait(0.2)",
            "nav = world:navigation{}", #"nav:push(world:screen{id = "detail"})"#, "wait_idle()", "d.anchor",
            #"note = "a]==]b \\ é""#,
            ":stop",
        ]
        var iterator = lines.makeIterator()
        #expect(console.runLines { iterator.next() }, Comment(rawValue: printed))
        let spec = try String(contentsOfFile: file, encoding: .utf8)
        #expect(spec.contains(#"assert.are.equal("top", d.anchor)"#), Comment(rawValue: spec))
        #expect(spec.contains(#"assert.are.equal("detail", nav.top.id)"#), Comment(rawValue: spec))
        #expect(spec.contains("-- d.anchor  --> top"), Comment(rawValue: spec))
        #expect(spec.contains(#"    note = "a]==]b \\ é""#), "a chunk goes to the snapshot and the spec byte for byte")

        // As `detent run --no-plugins FILE` (the console had no plugins either).
        var options = RunOptions()
        options.paths = [file]
        options.noPlugins = true
        var output = ""
        let configuration = try DetentConfiguration.load(from: BuiltExecutables.root.appendingPathComponent("config"))
        let runner = try SpecRunner(configuration: configuration, options: options, reporter: ConsoleReporter(sink: TextSink { output += $0 }))
        let summary = try runner.run()
        #expect(summary.exitCode == 0, Comment(rawValue: output + "\n" + spec))
        #expect(summary.passed == 1)
    }
}
