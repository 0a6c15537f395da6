import Testing
import DetentMotion
import DetentWorld
@testable import DetentSheet

/// SPEC §5 presenting and dismissing: the sheet slides up from below the screen over 0.35 s on
/// the `sheet` curve while the dimming fades to 0.4, and slides back down when dismissed.
@Suite("Sheet: present and dismiss")
struct PresentationTests {
    @Test func aNewSheetIsHidden() throws {
        let h = try SheetHarness()
        #expect(h.sheet.state == .hidden)
        #expect(h.sheet.height == 0)
        #expect(h.sheet.dimmingAlpha == 0)
        #expect(!h.sheet.isBusy)
    }

    @Test func presentingFollowsTheSheetCurveForThirtyFivehundredthsOfASecond() throws {
        let h = try SheetHarness()
        try h.sheet.present(animated: true, in: h.world)
        let target = Height.content(300)
        let curve = CubicBezier.sheet
        for frame in 1...21 {
            h.step()
            let progress = min(1, Double(frame) / 60 / 0.35)
            // Frame times are whole ns (1/60 s floored) and the curve is exact to 1e-6: 1e-3 pt.
            expectClose(h.sheet.height, target * curve.value(at: progress), tolerance: 1e-3)
        }
        #expect(h.sheet.state == .resting(detent: "content"))
        #expect(h.sheet.height == target)
        expectClose(h.sheet.dimmingAlpha, 0.4)
        #expect(h.names() == ["sheet.will_present", "sheet.state_changed", "sheet.state_changed", "sheet.did_present"])
    }

    @Test func theDimmingFollowsTheHeightWhilePresenting() throws {
        let h = try SheetHarness()
        try h.sheet.present(animated: true, in: h.world)
        h.step(5)
        expectClose(h.sheet.dimmingAlpha, 0.4 * h.sheet.height / Height.content(300))
    }

    @Test func dismissingSlidesDownAndHides() throws {
        let h = try SheetHarness().presented()
        h.sheet.dismiss(animated: true, in: h.world)
        h.step(10)
        #expect(h.sheet.height > 0 && h.sheet.height < Height.content(300))
        h.step(11)
        #expect(h.sheet.state == .hidden)
        #expect(h.sheet.height == 0)
        #expect(h.names().last == "sheet.did_dismiss")
    }

    @Test func unanimatedPresentAndDismissApplyAtOnce() throws {
        let h = try SheetHarness()
        try h.sheet.present(animated: false, in: h.world)
        #expect(h.sheet.height == Height.content(300))
        h.sheet.dismiss(animated: false, in: h.world)
        #expect(h.sheet.height == 0)
        #expect(h.sheet.state == .hidden)
    }

    @Test func presentingAtAnUnknownDetentIsAnErrorListingTheDetents() throws {
        let h = try SheetHarness()
        #expect(throws: SheetError.unknownDetent("huge", ["content"])) { try h.sheet.present(detent: "huge", animated: true, in: h.world) }
        #expect(SheetError.unknownDetent("huge", ["content"]).description == "no detent named 'huge' (detents: content)")
        #expect(h.sheet.state == .hidden)
    }

    @Test func presentingWhileDismissingTurnsBackFromWhereItIs() throws {
        let h = try SheetHarness().presented()
        h.sheet.dismiss(animated: true, in: h.world)
        h.step(6)
        let height = h.sheet.height
        try h.sheet.present(animated: true, in: h.world)
        #expect(h.sheet.state == .presenting(detent: "content"))
        h.step()
        let target = Height.content(300)
        expectClose(h.sheet.height, height + (target - height) * CubicBezier.sheet.value(at: 1.0 / 60 / 0.35), tolerance: 1e-3)
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "content"))
        #expect(h.sheet.height == target)
    }

    @Test func presentingAPresentedSheetDoesNothing() throws {
        let h = try SheetHarness().presented()
        try h.sheet.present(animated: true, in: h.world)
        h.step()
        #expect(h.names().isEmpty)
        #expect(!h.sheet.isBusy)
    }

    @Test func presentingAtANamedDetent() throws {
        let h = try SheetHarness().withDetents([("content", .content), ("large", .large)])
        try h.sheet.present(detent: "large", animated: true, in: h.world)
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "large"))
        #expect(h.sheet.height == 793)
        #expect(string(h.events("sheet.did_present").first, "detent") == "large")
    }

    @Test func aContentChangeWhilePresentingIsFollowed() throws {
        let h = try SheetHarness()
        try h.sheet.present(animated: true, in: h.world)
        h.step(5)
        h.setContent(500)
        h.stepUntilIdle()
        #expect(h.sheet.height == Height.content(500))
    }
}
