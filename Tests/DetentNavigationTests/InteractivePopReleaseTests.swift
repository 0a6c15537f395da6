import Testing
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentNavigation

/// SPEC §4: on release, |velocity| ≥ 1 width/s (393 pt/s here) decides by its sign, otherwise
/// the pop finishes past half the width. Finishing takes (1 − p)·0.35 s and cancelling
/// p·0.35 s, on easeInEaseOut. The velocity is the tracker's, shaped by the samples.
@Suite("Interactive pop: release")
struct InteractivePopReleaseTests {
    /// Positions from `start` (exclusive) by `step` per frame, `count` samples.
    static func path(from start: Double, by step: Double, count: Int) -> [Double] {
        (1...count).map { start + step * Double($0) }
    }

    /// The first frame after `release` whose target time completes a drive of `duration` s.
    static func completionFrame(release: Int64, duration: Double) -> Int64 {
        var frame = release
        while VirtualTime.seconds(frameTime(frame) - frameTime(release)) / duration < 1 { frame += 1 }
        return frame
    }

    /// The release event (finished or cancelled) after stepping through the lift.
    static func release(_ h: NavigationHarness, through xs: [Double], holdFrames: Int64 = 0) throws -> (event: WorldEvent, liftFrame: Int64) {
        let (_, lift) = try h.swipe(through: xs, holdFrames: holdFrames)
        h.step(through: lift)
        let events = h.log.events.filter { $0.name == "interactive_pop.finished" || $0.name == "interactive_pop.cancelled" }
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.frame == lift)
        return (event, lift)
    }

    // MARK: The rule

    @Test func aStillReleasePastHalfFinishes() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let (event, _) = try Self.release(h, through: Self.path(from: 10, by: 5, count: 50), holdFrames: 6)
        #expect(event.name == "interactive_pop.finished")
        #expect(event["velocity"] == .number(0), "the finger rested over 40 ms")
        #expect(event["progress"] == .number(250.0 / 393))
    }

    @Test func aStillReleaseBeforeHalfCancels() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let (event, _) = try Self.release(h, through: Self.path(from: 10, by: 5, count: 20), holdFrames: 6)
        #expect(event.name == "interactive_pop.cancelled")
        #expect(event["progress"] == .number(100.0 / 393))
    }

    @Test func aReleaseSlowerThanOneWidthPerSecondCancelsBeforeHalfEvenMovingForward() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        // 5 pt per 1/60 s = 300 pt/s < 393 pt/s; progress 155/393 ≈ 0.39.
        let (event, _) = try Self.release(h, through: Self.path(from: 10, by: 5, count: 31))
        guard case let .number(velocity)? = event["velocity"] else { Issue.record("no velocity"); return }
        #expect(abs(velocity - 300) < 1e-3)
        #expect(event.name == "interactive_pop.cancelled")
    }

    @Test func aReleaseSlowerThanOneWidthPerSecondFinishesPastHalf() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let (event, _) = try Self.release(h, through: Self.path(from: 10, by: 5, count: 42))
        #expect(event.name == "interactive_pop.finished")
    }

    @Test func aFlickForwardFinishesBeforeHalf() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        // 20 pt per 1/60 s = 1200 pt/s; progress 100/393 ≈ 0.25.
        let (event, _) = try Self.release(h, through: Self.path(from: 10, by: 20, count: 5))
        guard case let .number(velocity)? = event["velocity"] else { Issue.record("no velocity"); return }
        #expect(abs(velocity - 1200) < 1e-3)
        #expect(event.name == "interactive_pop.finished")
    }

    @Test func aFlickBackCancelsPastHalf() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let forward = Self.path(from: 10, by: 20, count: 20)        // to 410
        let back = Self.path(from: 410, by: -20, count: 8)         // to 250: progress 240/393 ≈ 0.61
        let (event, _) = try Self.release(h, through: forward + back)
        guard case let .number(velocity)? = event["velocity"] else { Issue.record("no velocity"); return }
        #expect(abs(velocity + 1200) < 1e-3)
        #expect(event["progress"] == .number(240.0 / 393))
        #expect(event.name == "interactive_pop.cancelled")
    }

    @Test func theReleaseVelocityIsTheTrackers() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let (event, _) = try Self.release(h, through: [14, 22, 35, 52, 75])
        let ended = try #require(h.events("touch.ended").first)
        #expect(event["velocity"] == ended["vx"])
    }

    // MARK: Completion

    @Test func finishingTakesTheRemainingFractionOfTheDuration() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        let (event, lift) = try Self.release(h, through: Self.path(from: 10, by: 5, count: 50), holdFrames: 6)
        let p = 250.0 / 393
        guard case let .number(duration)? = event["duration"] else { Issue.record("no duration"); return }
        expectClose(duration, (1 - p) * 0.35)
        h.step(3)
        let linear = VirtualTime.seconds(h.world.time - frameTime(lift)) / duration
        let progress = p + (1 - p) * CubicBezier.easeInEaseOut.value(at: linear)
        expectClose(h.engine.progress, progress)
        expectClose(s[1].frame.x, 393 * progress)
        #expect(h.stepUntilSettled() == Self.completionFrame(release: lift, duration: duration))
        #expect(s[1].frame.x == 393)
        #expect(s[0].frame.x == 0)
    }

    @Test func cancellingTakesTheDoneFractionOfTheDuration() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        let (event, lift) = try Self.release(h, through: Self.path(from: 10, by: 5, count: 20), holdFrames: 6)
        let p = 100.0 / 393
        guard case let .number(duration)? = event["duration"] else { Issue.record("no duration"); return }
        expectClose(duration, p * 0.35)
        h.step(2)
        let linear = VirtualTime.seconds(h.world.time - frameTime(lift)) / duration
        expectClose(h.engine.progress, p - p * CubicBezier.easeInEaseOut.value(at: linear))
        #expect(h.stepUntilSettled() == Self.completionFrame(release: lift, duration: duration))
        #expect(s[1].frame.x == 0)
        expectClose(s[0].frame.x, parallaxEnd)
    }

    @Test func aLiftWithoutMovingCancelsAtOnce() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let (event, lift) = try Self.release(h, through: [], holdFrames: 1)
        #expect(event.name == "interactive_pop.cancelled")
        #expect(event["duration"] == .number(0))
        #expect(!h.engine.isTransitioning)
        #expect(h.events("navigation.did_show").first?.frame == lift)
    }

    @Test func aSwipeEmitsBeganThenChangedPerMoveThenItsOutcome() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let (_, lift) = try h.swipe(through: [60, 110, 160], holdFrames: 6)
        h.step(through: lift)
        let names = h.log.events.filter { $0.name.hasPrefix("interactive_pop.") }.map { "\($0.name)@\($0.frame)" }
        #expect(names == ["interactive_pop.began@1", "interactive_pop.changed@2", "interactive_pop.changed@3",
                          "interactive_pop.changed@4", "interactive_pop.cancelled@\(lift)"])
    }

    @Test func aFinishedInteractivePopLeavesTheScreenBelowOnTop() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        _ = try Self.release(h, through: Self.path(from: 10, by: 20, count: 5))
        #expect(h.stackIDs == ["a", "b"], "the stack changes when the pop completes")
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a"])
        #expect(s[1].parentName == nil)
        #expect(s[0].appearance == .appeared)
        #expect(s[1].appearance == .disappeared)
        let did = try #require(h.events("navigation.did_show").first)
        #expect(did["screen"] == .string("a"))
        #expect(did["operation"] == .string("pop"))
    }
}
