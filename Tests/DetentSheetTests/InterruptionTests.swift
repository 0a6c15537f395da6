import Testing
import DetentLayout
import DetentNavigation
import DetentWorld
@testable import DetentSheet

/// SPEC §5 with §6's interruptions: a touch on a settling sheet stops the spring where it is
/// (its velocity recorded as `interruptedVelocity`) and the drag continues from the current
/// top; while settling to `content`, a content change retargets the spring continuously.
@Suite("Sheet: interruptions and retargeting")
struct InterruptionTests {
    /// Content 300 with content (390, top 462) and large (793, top 59), resting at large,
    /// sent to content with the spring and left to run `frames` frames.
    static func settlingToContent(frames: Int) throws -> SheetHarness {
        let h = try SheetHarness(contentHeights: [300]).withDetents([("content", .content), ("large", .large)]).presented(detent: "large")
        try h.sheet.animate(toDetent: "content", in: h.world)
        h.step(frames)
        #expect(h.sheet.state == .settling(detent: "content"))
        return h
    }

    @Test func aTouchOnASettlingSheetStopsItWhereItWasShown() throws {
        let h = try Self.settlingToContent(frames: 6)
        let top = h.sheet.top, velocity = h.sheet.velocity
        #expect(velocity > 100, "moving down fast when caught")
        try h.schedule(y: top + 5, lift: false)
        h.clearEvents()
        h.step()
        #expect(h.sheet.state == .dragging)
        #expect(h.sheet.top == top, "the touch-down frame shows the sheet where the last frame did")
        #expect(h.sheet.interruptedVelocity == velocity)
        #expect(number(h.events("sheet.drag_began").first, "interrupted_velocity") == velocity)
        h.step(10)
        #expect(h.sheet.top == top, "no motion continues under a still finger")
    }

    @Test func theDragContinuesFromTheTopWhereTheSheetWasCaught() throws {
        let h = try Self.settlingToContent(frames: 6)
        let top = h.sheet.top
        try h.schedule(y: top + 5, through: path(from: top + 5, by: -15, count: 4), lift: false)
        h.step()
        for i in 1...4 {
            h.step()
            #expect(h.sheet.top == top - 15 * Double(i))
        }
    }

    @Test func aContentChangeWhileSettlingToContentRetargetsWithoutAJump() throws {
        // The same settle twice; in the second the content grows to 450 after 6 frames.
        let baseline = try Self.settlingToContent(frames: 6)
        let changed = try Self.settlingToContent(frames: 6)
        changed.setContent(450)
        baseline.step()
        changed.step()
        // On the change frame position and velocity carry on exactly: the spring is retargeted
        // from where it is, moving as it was.
        #expect(changed.sheet.height == baseline.sheet.height)
        #expect(changed.sheet.velocity == baseline.sheet.velocity)
        #expect(changed.sheet.state == .settling(detent: "content"))
        var previous = changed.sheet.height
        var largestStep = 0.0
        while changed.sheet.isBusy {
            changed.step()
            largestStep = max(largestStep, abs(changed.sheet.height - previous))
            previous = changed.sheet.height
        }
        // From ~the middle of a 403 pt settle no frame moves more than a few per cent of it.
        #expect(largestStep < 40)
        #expect(changed.sheet.state == .resting(detent: "content"))
        #expect(changed.sheet.height == 56 + 450 + 34)
    }

    @Test func aPushWhileSettlingToContentIsFollowed() throws {
        let h = try Self.settlingToContent(frames: 4)
        try h.sheet.navigation.push(Screen(id: "s2", content: .scroll(ScrollContent(contentHeight: 100))), animated: true, in: h.world)
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "content"))
        #expect(h.sheet.height == 56 + 100 + 34)
    }

    @Test func aTouchDuringAContentAnimationStopsIt() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.setContent(500)
        h.step(5)
        let top = h.sheet.top
        try h.schedule(y: top + 5, lift: false)
        h.step()
        #expect(h.sheet.state == .dragging)
        #expect(h.sheet.top == top)
        #expect(h.sheet.interruptedVelocity < 0, "it was growing (moving up)")
    }
}
