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
                                               luaSetup: try RunHarness.configuration().luaSetup(defaultLibrary: .full))
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

    /// Samples read properties by index once resolved; engines and animators that appear
    /// after the subscription are still found, with the values a read by name gives.
    @Test func samplesFollowEnginesAndAnimatorsMadeAfterSubscribing() throws {
        let h = try Harness()
        var samples: [LiveSession.Sample] = []
        h.onQueue { live in
            _ = live.subscribe(.init(events: nil, properties: ["drawer.origin", "slide.value"], every: 1, onEvent: { _ in },
                                       onSample: { samples.append($0) }))
        }
        _ = h.eval("world:animate{ name = 'warm', from = 0, to = 1, duration = 10 }")
        h.advance(seconds: 0.1)
        #expect(!samples.isEmpty && samples.allSatisfy { $0.values.allSatisfy { $0.1 == nil } })
        _ = h.eval("d = world:drawer{ anchors = { 'top', 'bottom' } }; world:animate{ name = 'slide', from = 0, to = 100, duration = 1 }")
        samples.removeAll()
        h.advance(seconds: 0.2)
        let last = try #require(samples.last)
        let byName = h.onQueue { live in ["drawer.origin", "slide.value"].map { live.world.property($0) } }
        #expect(last.values.map(\.0) == ["drawer.origin", "slide.value"])
        #expect(last.values.map(\.1) == byName)
        #expect(last.values.allSatisfy { $0.1 != nil })
        #expect(samples.compactMap { $0.values[1].1 }.count == samples.count)

        // A reset world has engines of its own: samples read those, not the old world's.
        try h.onQueue { try $0.resetWorld() }
        _ = h.eval("d = world:drawer{ anchors = { 'top', 'bottom' }, at = 'top' }; world:animate{ name = 'slide', from = 7, to = 9, duration = 1 }")
        samples.removeAll()
        h.advance(seconds: 0.2)
        let afterReset = try #require(samples.last)
        #expect(afterReset.values.map(\.1) == h.onQueue { live in ["drawer.origin", "slide.value"].map { live.world.property($0) } })
        #expect(afterReset.values.map(\.1) != last.values.map(\.1))
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
