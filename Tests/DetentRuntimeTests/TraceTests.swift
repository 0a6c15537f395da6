import Foundation
import Testing
import DetentRuntime
@testable import DetentTrace

/// `detent run --trace` (SPEC §11, issue 15 §4): a JSON Lines trace per test, identical between
/// identical runs, kept only for failures under retain-on-failure, small, and the plots made
/// from it.
@Suite("Traces")
struct TraceTests {
    static let replaySpec = "Tests/Trace/specs/replay_spec.lua"

    /// A fresh folder under the temporary directory, removed by the caller.
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "detent-trace-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func run(_ paths: [String], mode: TraceOptions.Mode, into directory: String) throws -> RunHarness.Outcome {
        try RunHarness.run(paths) { options in
            options.trace = TraceOptions(mode: mode, directory: directory)
        }
    }

    /// Every file under `directory`, by path relative to it, with its bytes.
    static func files(in directory: String) -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let relative = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: directory + "/" + relative), !relative.hasSuffix("/"),
               relative.hasSuffix(".jsonl") {
                found[relative] = data
            }
        }
        return found
    }

    @Test func twoIdenticalRunsWriteByteIdenticalTraces() throws {
        let first = Self.folder(), second = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
        let paths = [Self.replaySpec, "scripts/scenarios/drawer/release_spec.lua", "scripts/scenarios/navigation/bar_spec.lua"]
        _ = try Self.run(paths, mode: .on, into: first)
        _ = try Self.run(paths, mode: .on, into: second)
        let a = Self.files(in: first), b = Self.files(in: second)
        #expect(a.count >= 10)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (name, data) in a { #expect(data == b[name], "\(name) differs between two identical runs") }
    }

    @Test func parallelFilesWriteTheSameTracesAsOneAtATime() throws {
        let first = Self.folder(), second = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
        let paths = [Self.replaySpec, "Tests/Trace/specs/early_end_spec.lua", "scripts/scenarios/sheet/detents_spec.lua"]
        _ = try RunHarness.run(paths) { $0.trace = TraceOptions(mode: .on, directory: first); $0.jobs = 1 }
        _ = try RunHarness.run(paths) { $0.trace = TraceOptions(mode: .on, directory: second); $0.jobs = 3 }
        let a = Self.files(in: first), b = Self.files(in: second)
        #expect(a.count >= 8)
        #expect(a == b)
    }

    @Test func everyTestGetsATraceWithHeaderFramesAndOutcome() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try Self.run([Self.replaySpec], mode: .on, into: directory)
        #expect(outcome.summary.results.count == 2)
        for result in outcome.summary.results {
            let path = try #require(result.tracePath)
            #expect(path.hasPrefix(directory + "/tests-trace-specs-replay-spec.lua/"))
            #expect(path.hasSuffix(".jsonl"))
            let trace = try TraceFile(path: path)
            #expect(trace.header["spec"]?.stringValue == Self.replaySpec)
            #expect(trace.header["test"]?.stringValue == result.fullName)
            #expect(trace.header["device"]?.stringValue == "iPhone 15")
            #expect(trace.header["config"]?.stringValue?.count == 16)
            #expect(trace.status == result.status.rawValue)
            #expect(trace.frames.last?.frame == result.frame)
            #expect(trace.seriesNames.first == "drawer.origin")
            // The drawer's geometry and its origin series agree at every frame.
            for frame in trace.frames where frame.time != nil {
                let drawer = try #require(frame.elements["drawer:drawer"])
                let y = drawer["y"]?.number ?? .nan
                #expect(abs(y - (frame.series.first.flatMap { $0 } ?? .nan)) < 0.01)
            }
            #expect(trace.frames.flatMap(\.events).contains { $0["name"]?.stringValue == "drawer.settled" })
        }
        let failed = try #require(outcome.summary.results.first { $0.status == .failed })
        let trace = try TraceFile(path: failed.tracePath!)
        #expect(trace.end?["location"]?.stringValue == "\(Self.replaySpec):23")
        #expect(trace.failingFrame == failed.frame)
    }

    @Test func retainOnFailureDeletesTheTracesOfPassingTests() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A trace left by an earlier run of the passing test goes too.
        _ = try Self.run([Self.replaySpec], mode: .on, into: directory)
        #expect(Self.files(in: directory).count == 2)
        let outcome = try Self.run([Self.replaySpec], mode: .retainOnFailure, into: directory)
        let passed = try #require(outcome.summary.results.first { $0.status == .passed })
        let failed = try #require(outcome.summary.results.first { $0.status == .failed })
        #expect(passed.tracePath == nil)
        #expect(failed.tracePath != nil)
        #expect(Self.files(in: directory).keys.sorted() == [String(failed.tracePath!.dropFirst(directory.count + 1))])
    }

    @Test func traceOffWritesNothingAndReportsNoPath() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try Self.run([Self.replaySpec], mode: .off, into: directory)
        #expect(outcome.summary.results.allSatisfy { $0.tracePath == nil })
        #expect(Self.files(in: directory).isEmpty)
    }

    @Test func tracingDoesNotChangeTheResults() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = [Self.replaySpec, "scripts/scenarios/sheet/detents_spec.lua"]
        let plain = try RunHarness.run(paths)
        let traced = try Self.run(paths, mode: .on, into: directory)
        #expect(plain.output == traced.output)
    }

    @Test func aTenSecondTraceAt120HzStaysUnderOneMegabyte() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try Self.run(["Tests/Trace/specs/size_spec.lua"], mode: .on, into: directory)
        let result = try #require(outcome.summary.results.first)
        #expect(result.status == .passed, "\(result.message ?? "")")
        let path = try #require(result.tracePath)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let trace = try TraceFile(path: path)
        // The spec's own world: an iPhone 15 Pro, 120 Hz, busy in every frame.
        let frames = trace.frames.filter { $0.time != nil }
        #expect(frames.last?.elements["device"]?["name"]?.stringValue == "iPhone 15 Pro")
        #expect(trace.header["device"]?.stringValue == "iPhone 15 Pro")
        #expect(trace.header["refresh_rate"]?.stringValue == "120 Hz")
        #expect(frames.count >= 1200)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1.frame == $0.frame + 1 })
        #expect((frames.last?.time ?? 0) >= 10)
        #expect(size < 1_000_000, "a 10-second trace at 120 Hz is \(size) bytes")
    }

    @Test func seriesPlotsDrawAnchorsAsReferenceLinesAndMarkTheFailure() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try Self.run([Self.replaySpec], mode: .on, into: directory)
        let failed = try #require(outcome.summary.results.first { $0.status == .failed })
        let trace = try TraceFile(path: try #require(failed.tracePath))
        let plots = TraceReplay.plots(trace)
        #expect(plots.map(\.name) == ["drawer.origin.svg"])
        let svg = try #require(plots.first?.svg)
        // iPhone 15 anchors: top 59, middle 426, bottom 774 (SPEC §6, config/devices.toml).
        for value in ["59", "426", "774"] { #expect(svg.contains("class=\"reference\" data-value=\"\(value)\"")) }
        #expect(svg.contains("drawer.origin (pt)"))
        #expect(svg.contains("virtual time (s)"))
        #expect(svg.contains("class=\"failure\" data-time=\"0.65\""))
        let html = TraceReplay.html(trace)
        #expect(html.contains("<script id=\"trace-data\""))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"))
    }

    @Test func aTestRunAgainUnderTheSameNameKeepsEveryTrace() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try Self.run(["Tests/Trace/specs/duplicate_spec.lua"], mode: .on, into: directory)
        let paths = outcome.summary.results.compactMap(\.tracePath)
        #expect(paths.map { ($0 as NSString).lastPathComponent }
                == ["3-twins-share-a-name-and-a-line.jsonl", "3-twins-share-a-name-and-a-line.run2.jsonl"])
        #expect(Self.files(in: directory).count == 2)
    }

    @Test func aRetriedTestKeepsTheFailedAttemptsTraceUnderRetainOnFailure() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try RunHarness.run(["Tests/Trace/specs/flaky_spec.lua"]) { options in
            options.trace = TraceOptions(mode: .retainOnFailure, directory: directory)
            options.retries = 2
        }
        let result = try #require(outcome.summary.results.first)
        #expect(result.isFlaky)
        #expect(result.tracePath == nil)
        let failedTrace = try #require(result.retries.first?.tracePath)
        #expect(failedTrace.hasSuffix("/5-flaky-passes-the-second-time.jsonl"))
        #expect(try TraceFile(path: failedTrace).status == "failed")
        #expect(Self.files(in: directory).count == 1)
    }

    @Test func everyIterationOfARepeatedTestHasItsTrace() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try RunHarness.run(["Tests/Trace/specs/duplicate_spec.lua"]) { options in
            options.trace = TraceOptions(mode: .on, directory: directory)
            options.repeatCount = 2
        }
        let names = outcome.summary.results.compactMap(\.tracePath).map { ($0 as NSString).lastPathComponent }
        // Test by test, iteration by iteration; the twin on the same line is told apart by .run2.
        #expect(names == ["3-twins-share-a-name-and-a-line.iter1.jsonl", "3-twins-share-a-name-and-a-line.iter2.jsonl",
                          "3-twins-share-a-name-and-a-line.iter1.run2.jsonl", "3-twins-share-a-name-and-a-line.iter2.run2.jsonl"])
        #expect(Self.files(in: directory).count == 4)
    }

    @Test func theLastFrameShowsTheStateTheTestEndedIn() throws {
        let directory = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = try Self.run(["Tests/Trace/specs/early_end_spec.lua"], mode: .on, into: directory)
        #expect(outcome.summary.results.map(\.status) == [.failed, .failed])
        // Ended before any frame: frame 0 has the drawer the test made, at the middle anchor.
        let early = try TraceFile(path: try #require(outcome.summary.results[0].tracePath))
        #expect(early.frames.map(\.frame) == [0])
        #expect(early.frames.last?.elements["drawer:drawer"]?["y"]?.number == 426)
        // Moved without animation after its last frame: the last frame has it at the top.
        let late = try TraceFile(path: try #require(outcome.summary.results[1].tracePath))
        #expect(late.frames.last?.frame == outcome.summary.results[1].frame)
        #expect(late.frames.last?.elements["drawer:drawer"]?["y"]?.number == 59)
    }

    @Test func tracePathsAreReadableAndDistinguishRetriesAndIterations() {
        let options = TraceOptions(mode: .on, directory: "out/")
        #expect(options.path(file: "scripts/scenarios/drawer/release_spec.lua", fullName: "a slow flick #drawer", location: "x:12")
                == "out/scripts-scenarios-drawer-release-spec.lua/12-a-slow-flick-drawer.jsonl")
        #expect(options.path(file: "a_spec.lua", fullName: "t", location: "a_spec.lua:3", retry: 2, iteration: 4)
                == "out/a-spec.lua/3-t.retry2.iter4.jsonl")
        #expect(options.path(file: "../x_spec.lua", fullName: "..", location: "") == "out/x-spec.lua/test.jsonl")
    }
}
