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
}
