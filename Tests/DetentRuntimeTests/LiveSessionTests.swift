import Testing
import DetentLua
import Foundation
import DetentTime
import DetentWorld
@testable import DetentRuntime

/// The live session: evals are jobs of the shared task scheduler, stepped by the real-time
/// loop. A manual wall clock and scheduler stand in for the timer (no sleeps).
@Suite("Live sessions on the real-time display link (SPEC §1)")
struct LiveSessionTests {
    final class Harness {
        let clock = ManualWallClock()
        var scheduler: ManualScheduler!
        let live: QueueOwned<LiveSession>
        init() throws {
            let settings = try SessionSettings(configuration: try RunHarness.configuration(),
                                               scriptsRoot: RunHarness.root.appendingPathComponent("scripts"))
            var made: ManualScheduler?
            live = try LiveSession.make(settings: settings, label: "test.live", clock: clock,
                                   scheduler: { _ in let s = ManualScheduler(); made = s; return s })
            scheduler = made
        }
        /// Runs `body` with the live session on its queue.
        func onQueue<T: Sendable>(_ body: (LiveSession) throws -> T) rethrows -> T { try live.sync(body) }
        func advance(seconds: Double) { onQueue { _ in scheduler.advance(clock, by: UInt64(seconds * 1e9)) } }
        func eval(_ code: String) -> Box {
            let box = Box()
            onQueue { live in live.eval(code) { box.result = $0 } }
            return box
        }
    }
    final class Box { var result: Result<LiveSession.EvalResult, DetentLua.LuaError>? }

    @Test func anExpressionAnswersAtOnceAndAnIdleWorldSchedulesNothing() throws {
        let h = try Harness()
        let box = h.eval("1 + 1")
        #expect(try box.result?.get().text == "2")
        #expect(try box.result?.get().json == "2")
        #expect(h.onQueue { _ in h.scheduler.deadline } == nil)
    }

    @Test func aWaitingEvalAnswersWhenItsWallTimeHasPassed() throws {
        let h = try Harness()
        let box = h.eval("wait(1); return world.time")
        #expect(box.result == nil)
        // Idle but waiting: one timer, at the waiter's deadline, not one per frame.
        #expect(h.onQueue { _ in h.scheduler.deadline } != nil)
        h.advance(seconds: 0.9)
        #expect(box.result == nil)
        h.advance(seconds: 0.2)
        let result = try #require(box.result)
        let time = try #require(Double(try result.get().text))
        #expect(time >= 1 && time < 1.1)
    }

    @Test func slowMotionStretchesAWait() throws {
        let h = try Harness()
        h.onQueue { $0.setSpeed(0.5) }
        let box = h.eval("wait(1)")
        h.advance(seconds: 1.5)
        #expect(box.result == nil)
        h.advance(seconds: 0.6)
        #expect(box.result != nil)
    }

    @Test func stepDeliversExactlyTheFramesAsked() throws {
        let h = try Harness()
        let before = h.onQueue { $0.world.frame }
        h.onQueue { $0.step(10) }
        #expect(h.onQueue { $0.world.frame } == before + 10)
        #expect(h.onQueue { $0.isPaused })
    }

    @Test func samplesArriveOncePerFrameInOrder() throws {
        let h = try Harness()
        var frames: [Int64] = []
        _ = h.eval("d = world:drawer{ anchors = { 'top', 'middle', 'bottom' } }")
        h.onQueue { live in
            _ = live.subscribe(.init(events: nil, properties: ["drawer.origin"], every: 1, onEvent: { _ in },
                                       onSample: { frames.append($0.frame) }))
        }
        h.advance(seconds: 0.5)
        #expect(frames.count >= 29)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $1 == $0 + 1 })
    }

    @Test func aRunawayEvalIsStoppedAndTheWorldStays() throws {
        let h = try Harness()
        _ = h.eval("kept = 42")
        let box = h.eval("while true do end")
        guard case let .failure(error)? = box.result else { Issue.record("the runaway eval did not fail"); return }
        #expect(error.message.contains("instruction budget"))
        #expect(try h.eval("kept").result?.get().text == "42")
    }
}
