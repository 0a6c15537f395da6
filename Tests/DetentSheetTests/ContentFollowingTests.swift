import Testing
import DetentLayout
import DetentMotion
import DetentNavigation
import DetentWorld
@testable import DetentSheet

/// SPEC §5 "height follows content", resting at the `content` detent: during a push or pop the
/// height is bar + the content height interpolated with the navigation's progress (+ 34); a
/// content change outside a transition animates on the default timing (0.35 s, `sheet`) from
/// the last frame shown; a change made with `animated: false` jumps at once. Resting at a
/// fixed detent the height ignores the content.
@Suite("Sheet: height follows the content")
struct ContentFollowingTests {
    static let pushFrames = 21 // 0.35 s at 60 Hz

    /// The sheet curve at the linear progress of `frames` frames into a 0.35 s animation.
    static func eased(_ frames: Int) -> Double {
        CubicBezier.sheet.value(at: min(1, Double(frames) * frameSeconds / 0.35))
    }

    @Test func midPushTheHeightIsBarPlusTheContentInterpolatedWithTheNavigationsProgress() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.sheet.navigation.push(Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 500))), animated: true, in: h.world)
        for frame in 1..<Self.pushFrames {
            h.step()
            let p = h.sheet.navigation.progress
            expectClose(p, Self.eased(frame), tolerance: 1e-3)
            expectClose(h.sheet.height, 56 + 300 + (500 - 300) * p + 34, tolerance: 1e-9)
            #expect(h.sheet.state == .resting(detent: "content"))
        }
    }

    @Test func midPushABarThatChangesHeightInterpolatesToo() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        let s2 = Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 200)))
        s2.navigationItem.largeTitle = .always // bar 56 + 52
        try h.sheet.navigation.push(s2, animated: true, in: h.world)
        for _ in 1..<Self.pushFrames {
            h.step()
            let p = h.sheet.navigation.progress
            expectClose(h.sheet.height, (56 + 52 * p) + (300 + (200 - 300) * p) + 34, tolerance: 1e-9)
        }
    }

    @Test func midPopTheHeightFollowsTheNavigationsProgress() throws {
        let h = try SheetHarness(contentHeights: [300, 500]).presented()
        #expect(h.sheet.height == 56 + 500 + 34)
        h.sheet.navigation.pop(animated: true, in: h.world)
        for frame in 1..<Self.pushFrames {
            h.step()
            let p = h.sheet.navigation.progress
            expectClose(p, Self.eased(frame), tolerance: 1e-3)
            expectClose(h.sheet.height, 56 + 500 + (300 - 500) * p + 34, tolerance: 1e-9)
        }
    }

    @Test func onThePushsLastFrameTheHeightIsTheNewContentsAndTheSheetIsIdle() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.sheet.navigation.push(Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 500))), animated: true, in: h.world)
        h.step(Self.pushFrames)
        #expect(!h.sheet.navigation.isTransitioning)
        #expect(h.sheet.height == 56 + 500 + 34)
        #expect(!h.sheet.isBusy)
        h.stepUntilIdle()
        #expect(h.sheet.height == 56 + 500 + 34)
    }

    @Test func onThePopsLastFrameTheHeightIsTheNewContentsAndTheSheetIsIdle() throws {
        let h = try SheetHarness(contentHeights: [300, 500]).presented()
        h.sheet.navigation.pop(animated: true, in: h.world)
        h.step(Self.pushFrames)
        #expect(h.sheet.height == 56 + 300 + 34)
        #expect(!h.sheet.isBusy)
    }

    @Test func aContentChangeBetweenFramesAnimatesOnTheDefaultTimingFromTheLastFrameShown() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.setContent(500)
        let from = 56 + 300 + 34.0, to = 56 + 500 + 34.0
        for frame in 1...Self.pushFrames {
            h.step()
            // The first frame after the change already shows the first step of the curve.
            expectClose(h.sheet.height, from + (to - from) * Self.eased(frame), tolerance: 1e-3)
            #expect(h.sheet.state == .resting(detent: "content"))
        }
        #expect(h.sheet.height == to)
        #expect(!h.sheet.isBusy)
    }

    @Test func hidingTheBarAnimatedAnimatesTheHeightOnTheDefaultTiming() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.navigation.setBarHidden(true, animated: true, in: h.world)
        let from = 56 + 300 + 34.0, to = 300 + 34.0
        for frame in 1...Self.pushFrames {
            h.step()
            expectClose(h.sheet.height, from + (to - from) * Self.eased(frame), tolerance: 1e-3)
        }
        #expect(h.sheet.height == to)
    }

    @Test func unanimatedPushJumpsAtOnce() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.sheet.navigation.push(Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 500))), animated: false, in: h.world)
        h.step()
        #expect(h.sheet.height == 56 + 500 + 34)
        #expect(!h.sheet.isBusy)
    }

    @Test func unanimatedPopJumpsAtOnce() throws {
        let h = try SheetHarness(contentHeights: [300, 500]).presented()
        h.sheet.navigation.pop(animated: false, in: h.world)
        h.step()
        #expect(h.sheet.height == 56 + 300 + 34)
        #expect(!h.sheet.isBusy)
    }

    @Test func unanimatedSetJumpsAtOnce() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.sheet.navigation.set([Screen(id: "x", content: .scroll(ScrollContent(contentHeight: 100)))], animated: false, in: h.world)
        h.step()
        #expect(h.sheet.height == 56 + 100 + 34)
        #expect(!h.sheet.isBusy)
    }

    @Test func unanimatedBarHidingJumpsAtOnce() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.navigation.setBarHidden(true, animated: false, in: h.world)
        h.step()
        #expect(h.sheet.height == 300 + 34)
        #expect(!h.sheet.isBusy)
    }

    @Test func anUnanimatedChangeDuringAContentAnimationJumpsToTheNewHeight() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.setContent(500)
        h.step(5)
        #expect(h.sheet.isBusy)
        h.sheet.navigation.setBarHidden(true, animated: false, in: h.world)
        h.step()
        #expect(h.sheet.height == 500 + 34)
    }

    @Test(arguments: ["medium", "large"])
    func restingAtAFixedDetentTheHeightIgnoresTheContent(detent: String) throws {
        let h = try SheetHarness(contentHeights: [300])
            .withDetents([("content", .content), ("medium", .medium), ("large", .large)]).presented(detent: detent)
        let height = h.sheet.height
        try h.sheet.navigation.push(Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 100))), animated: true, in: h.world)
        h.step(3)
        #expect(h.sheet.height == height)
        h.setContent(50)
        h.stepUntilIdle()
        #expect(h.sheet.height == height)
        #expect(h.sheet.state == .resting(detent: detent))
    }

    @Test func contentTallerThanTheCapStopsAtTheCap() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.setContent(5000)
        h.stepUntilIdle()
        #expect(h.sheet.height == 793)
    }

    // MARK: Interactive pop, bar hiding during a push, dropped frames

    @Test func duringAnInteractivePopTheHeightFollowsTheFingersProgress() throws {
        // A finger at the sheet's left edge moving right 39.3 pt (a tenth of the width) a frame.
        let h = try SheetHarness(contentHeights: [300, 500]).presented()
        let y = h.sheet.top + 200
        let finger = h.world.touches.begin(at: Point(x: 5, y: y), time: h.frameTime(ahead: 1))
        for i in 1...4 {
            try h.world.touches.move(finger, to: Point(x: 5 + 39.3 * Double(i), y: y), at: h.frameTime(ahead: 1 + Int64(i)))
        }
        h.step()
        #expect(h.sheet.navigation.isInteractive)
        for i in 1...4 {
            h.step()
            let p = 39.3 * Double(i) / 393
            expectClose(h.sheet.navigation.progress, p, tolerance: 1e-12)
            expectClose(h.sheet.height, 56 + 500 + (300 - 500) * p + 34, tolerance: 1e-9)
        }
    }

    @Test func hidingTheBarWhilePushingNeverOvershootsTheFinalHeight() throws {
        // Both start between the same two frames: content 300 → 500, bar 56 → 0, so the sheet
        // goes from 390 to 534 and has no reason to pass 534 on the way.
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.navigation.setBarHidden(true, animated: true, in: h.world)
        try h.sheet.navigation.push(Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 500))), animated: true, in: h.world)
        var highest = 0.0
        for _ in 0..<60 { h.step(); highest = max(highest, h.sheet.height) }
        #expect(h.sheet.height == 500 + 34)
        #expect(highest <= 500 + 34)
    }

    @Test func aContentChangeAnimationDoesNotDependOnDroppedFrames() throws {
        // The change is made at the last frame shown (t0); whether the next two frames are
        // dropped or not, the frame at t0 + 3/60 s shows the curve at 3/60 s (SPEC §1:
        // animations are functions of time, not of frame count).
        let from = 390.0, to = 590.0
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.setContent(500)
        h.world.dropFrames(2)
        h.step()
        expectClose(h.sheet.height, from + (to - from) * Self.eased(3), tolerance: 1e-3)
        // Without drops, three frames land on the same time and height.
        let reference = try SheetHarness(contentHeights: [300]).presented()
        reference.setContent(500)
        reference.step(3)
        #expect(reference.world.time == h.world.time)
        expectClose(reference.sheet.height, from + (to - from) * Self.eased(3), tolerance: 1e-3)
    }

    @Test func aPushOnlyJustStartedFollowsTheNavigationAcrossDroppedFrames() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.sheet.navigation.push(Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 500))), animated: true, in: h.world)
        h.world.dropFrames(2)
        h.step()
        let p = h.sheet.navigation.progress
        expectClose(p, Self.eased(3), tolerance: 1e-3)
        expectClose(h.sheet.height, 56 + 300 + 200 * p + 34, tolerance: 1e-9)
    }
}
