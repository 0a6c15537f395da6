import Testing
import DetentLayout
import DetentMotion
import DetentNavigation
import DetentWorld
@testable import DetentSheet

/// Issue 11 §7: a content height that changes while a push or pop runs inside the sheet moves
/// the sheet on from the height on show — the default timing (0.35 s, `sheet`) from there
/// towards the target, which keeps moving with the transition — instead of jumping onto the
/// transition's new line. Heights on iPhone 15: bar 56, bottom inset 34, cap 793.
@Suite("Sheet: content changing during a push or pop")
struct TransitionContentChangeTests {
    /// The `sheet` curve's steepest frame at 60 Hz: slope 1/0.2 = 5 at its start, so one frame
    /// of a 0.35 s animation moves at most 5/(60 · 0.35) ≈ 23.8 % of its change.
    static let steepestShare = 5 / (60 * 0.35)

    /// A presented sheet on `first`, pushing a screen of `second` points (animated), stepped
    /// `frames` frames into the push.
    static func pushing(_ first: Double, _ second: Double, frames: Int) throws -> (SheetHarness, Screen) {
        let h = try SheetHarness(contentHeights: [first]).presented()
        let pushed = Screen(id: "pushed", content: .scroll(ScrollContent(contentHeight: second)))
        try h.sheet.navigation.push(pushed, animated: true, in: h.world)
        h.step(frames)
        return (h, pushed)
    }

    /// Steps until idle, returning the largest change of the height between two frames.
    static func largestStep(_ h: SheetHarness, from start: Double) -> Double {
        var previous = start, largest = 0.0
        for _ in 0..<600 where h.sheet.isBusy || h.sheet.navigation.isBusy {
            h.step()
            largest = max(largest, abs(h.sheet.height - previous))
            previous = h.sheet.height
        }
        return largest
    }

    @Test func aChangeBetweenFramesMovesNothingBeforeTheNextFrame() throws {
        let (h, pushed) = try Self.pushing(150, 150, frames: 10)
        let shown = h.sheet.height
        h.setContent(400, of: pushed)
        #expect(h.sheet.height == shown)
    }

    @Test func theFrameAfterAChangeShowsTheFirstStepOfTheDefaultTimingFromTheHeightOnShow() throws {
        let (h, pushed) = try Self.pushing(150, 150, frames: 10)
        let shown = h.sheet.height
        #expect(shown == 56 + 150 + 34)
        h.setContent(400, of: pushed)
        h.step()
        // Started at the last frame shown, one frame of the curve towards the live target.
        let target = h.sheet.contentHeight
        expectClose(h.sheet.height, shown + (target - shown) * CubicBezier.sheet.value(at: frameSeconds / 0.35), tolerance: 1e-3)
        #expect(h.sheet.height - shown <= 250 * Self.steepestShare)
    }

    @Test(arguments: [1, 5, 10, 15, 19, 20])
    func noFrameMovesMoreThanTheTimingsSteepestShareOfTheChange(frame: Int) throws {
        // 240 → 490, whenever in the 21-frame push the content grows from 150 to 400.
        let (h, pushed) = try Self.pushing(150, 150, frames: frame)
        h.setContent(400, of: pushed)
        let largest = Self.largestStep(h, from: h.sheet.height)
        #expect(largest <= 250 * Self.steepestShare, "largest step \(largest)")
        #expect(h.sheet.height == 56 + 400 + 34)
        #expect(h.sheet.state == .resting(detent: "content"))
    }

    @Test func aChangeOfTheLeavingScreenDuringAPopIsFollowedSmoothlyAndEndsOnTheUncoveredScreen() throws {
        let h = try SheetHarness(contentHeights: [400, 150]).presented()
        let leaving = h.sheet.navigation.topScreen!
        h.sheet.navigation.pop(animated: true, in: h.world)
        h.step(6)
        h.setContent(600, of: leaving)
        let largest = Self.largestStep(h, from: h.sheet.height)
        #expect(largest <= 250 * Self.steepestShare, "largest step \(largest)")
        #expect(h.sheet.height == 56 + 400 + 34)
    }

    @Test func eachScreenIsCappedBeforeTheChangeIsFollowed() throws {
        // 390 → 290 with the push; 3000 asks for 793 (the cap), not 3090.
        let (h, pushed) = try Self.pushing(300, 200, frames: 6)
        h.setContent(3000, of: pushed)
        let largest = Self.largestStep(h, from: h.sheet.height)
        #expect(largest <= (793 - 290) * Self.steepestShare, "largest step \(largest)")
        #expect(h.sheet.height == 793)
    }

    @Test func aChangeAboveTheCapDoesNotMoveTheSheet() throws {
        let h = try SheetHarness(contentHeights: [2000]).presented()
        let pushed = Screen(id: "pushed", content: .scroll(ScrollContent(contentHeight: 2500)))
        try h.sheet.navigation.push(pushed, animated: true, in: h.world)
        h.step(6)
        h.setContent(4000, of: pushed)
        #expect(Self.largestStep(h, from: 793) == 0)
        #expect(h.sheet.height == 793)
    }

    @Test func atAFixedDetentAChangeMidPushStartsNothing() throws {
        let h = try SheetHarness(contentHeights: [300]).withDetents([("content", .content), ("large", .large)]).presented(detent: "large")
        let pushed = Screen(id: "pushed", content: .scroll(ScrollContent(contentHeight: 200)))
        try h.sheet.navigation.push(pushed, animated: true, in: h.world)
        h.step(6)
        h.setContent(500, of: pushed)
        h.step()
        guard case .none = h.sheet.motion else { Issue.record("a motion started: \(h.sheet.motion)"); return }
        #expect(h.sheet.height == 793)
    }

    @Test func backToBackTransitionsWithoutAContentChangeFollowTheProgressExactly() throws {
        // A push with a pop queued behind it: the pop begins on the frame the push ends. That
        // is a new transition, not content changing, so no timing starts.
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.sheet.navigation.push(Screen(id: "pushed", content: .scroll(ScrollContent(contentHeight: 500))), animated: true, in: h.world)
        h.sheet.navigation.pop(animated: true, in: h.world)
        for _ in 0..<60 where h.sheet.navigation.isBusy {
            h.step()
            if case .timing = h.sheet.motion { Issue.record("a timing started at frame \(h.world.frame)") }
            expectClose(h.sheet.height, h.sheet.contentHeight, tolerance: 1e-9)
        }
        #expect(h.sheet.height == 56 + 300 + 34)
    }

    @Test func aChangeJustBeforeTheTransitionEndsIsFollowedAfterIt() throws {
        // The push ends on frame 21; the change lands between frames 20 and 21.
        let (h, pushed) = try Self.pushing(150, 150, frames: 20)
        #expect(h.sheet.navigation.isTransitioning)
        h.setContent(400, of: pushed)
        h.step()
        #expect(!h.sheet.navigation.isTransitioning)
        #expect(h.sheet.height < 56 + 150 + 34 + 250 * Self.steepestShare)
        #expect(h.sheet.isBusy)
        h.stepUntilIdle()
        #expect(h.sheet.height == 56 + 400 + 34)
    }
}
