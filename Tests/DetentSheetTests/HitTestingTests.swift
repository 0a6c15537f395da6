import Testing
import DetentLayout
import DetentNavigation
import DetentWorld
import DetentTestSupport
@testable import DetentSheet

/// SPEC §5 dimming tap and §8 hit-testing (front to back: dimming, sheet, …, bar items,
/// screen edge, content). Sheet of content 300: top 462.
@Suite("Sheet: dimming tap and hit-testing")
struct HitTestingTests {
    /// The world's touch targets of a presented sheet are the bands hit-testing gives its
    /// parts: the dimming above it, the content below its bar area.
    @Test func theTouchTargetsAreTheBandsHitTestingClaims() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        let parts = h.world.touchTargets.map(\.part).filter { $0.hasPrefix("sheet.") }
        #expect(parts.contains("sheet.dimming") && parts.contains("sheet.content"), "\(parts)")
        #expect(h.world.touchTargets.first { $0.part == "sheet.dimming" }?.frame == Rect(x: 0, y: 0, width: h.sheet.screenWidth, height: 462))
        #expect(TouchTargetChecks.misses(in: h.world, engine: "sheet") == [])
        h.sheet.dismiss(animated: false, in: h.world)
        #expect(!h.world.touchTargets.contains { $0.part.hasPrefix("sheet.") })
    }

    @Test func tappingTheDimmingDismisses() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.tap(y: 200)
        #expect(h.events("touch.began").first.flatMap { string($0, "part") } == "dimming")
        #expect(h.names() == ["sheet.dimming_tapped", "sheet.will_dismiss", "sheet.state_changed"])
        #expect(boolean(h.events("sheet.dimming_tapped").first, "dismissed") == true)
        #expect(string(h.events("sheet.will_dismiss").first, "reason") == "tap")
        h.stepUntilIdle()
        #expect(h.sheet.state == .hidden)
    }

    @Test func withDimmingTapsOffTheTapIsReportedAndNothingHappens() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.dismissesOnDimmingTap = false
        try h.tap(y: 200)
        #expect(h.names() == ["sheet.dimming_tapped"])
        #expect(boolean(h.events("sheet.dimming_tapped").first, "dismissed") == false)
        #expect(h.sheet.state == .resting(detent: "content"))
    }

    @Test func aNonDismissibleSheetIgnoresTheDimmingTap() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.isDismissible = false
        try h.tap(y: 200)
        #expect(boolean(h.events("sheet.dimming_tapped").first, "dismissed") == false)
        h.step(30)
        #expect(h.sheet.state == .resting(detent: "content"))
    }

    @Test func scriptsMayDismissANonDismissibleSheet() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.isDismissible = false
        h.sheet.dismiss(animated: true, in: h.world)
        h.stepUntilIdle()
        #expect(h.sheet.state == .hidden)
    }

    @Test func theDimmingBlocksWhatLiesBeneath() throws {
        // A full-screen navigation stack of two screens under the sheet: its back button
        // (0…100 × 59…103) and its edge zone (x ≤ 20) lie above the sheet's top.
        let h = try SheetHarness(contentHeights: [300])
        let below = NavigationEngine(name: "below", world: h.world, defaults: NavigationDefaults())
        below.attach(to: h.world)
        try below.set([Screen(id: "a"), Screen(id: "b")], animated: false, in: h.world)
        _ = try h.presented()
        try h.tap(x: 50, y: 80)
        #expect(string(h.events("touch.began").first, "part") == "dimming")
        #expect(!below.isTransitioning)
        #expect(below.stack.count == 2)
        // The tap dismissed the sheet; while it slides out the dimming still blocks.
        h.step(3)
        #expect(h.sheet.state == .dismissing)
        #expect(h.world.touches.hitTest(Point(x: 50, y: 80), in: h.world)?.1.part == "dimming")
        h.stepUntilIdle()
        #expect(h.sheet.state == .hidden)
        #expect(below.stack.count == 2)
        // Once the sheet is gone the same tap reaches the back button.
        h.clearEvents()
        try h.tap(x: 50, y: 80)
        #expect(string(h.events("touch.began").first, "part") == "back_button")
        #expect(below.isTransitioning)
    }

    @Test func aHiddenSheetClaimsNothing() throws {
        let h = try SheetHarness(contentHeights: [300, 300])
        for y in [100.0, 500, 840] {
            #expect(h.world.touches.hitTest(Point(x: 5, y: y), in: h.world) == nil)
            #expect(h.world.touches.hitTest(Point(x: 196, y: y), in: h.world) == nil)
        }
    }

    @Test func whilePresentingTheSheetTakesNoTouches() throws {
        let h = try SheetHarness(contentHeights: [300])
        try h.sheet.present(animated: true, in: h.world)
        h.step(5)
        let top = h.sheet.top
        try h.schedule(y: top + 5, through: [top - 100], lift: true)
        h.step(3)
        #expect(h.events("touch.began").count == 1)
        #expect(string(h.events("touch.began").first, "part") == nil)
        #expect(h.events("sheet.drag_began").isEmpty)
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "content"))
        #expect(h.sheet.height == 390)
    }

    @Test func whileDismissingTheSheetTakesNoTouches() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.dismiss(animated: true, in: h.world)
        h.step(3)
        let top = h.sheet.top
        try h.schedule(y: top + 5, through: [top - 100], lift: true)
        h.step(3)
        #expect(h.events("sheet.drag_began").isEmpty)
        h.stepUntilIdle()
        #expect(h.sheet.state == .hidden)
    }

    @Test func theBackButtonInTheSheetsBarGoesToTheNavigation() throws {
        let h = try SheetHarness(contentHeights: [300, 200]).presented()
        let top = h.sheet.top
        try h.tap(x: 50, y: top + 20)
        #expect(string(h.events("touch.began").first, "part") == "back_button")
        #expect(h.events("sheet.drag_began").isEmpty)
        #expect(h.sheet.navigation.isTransitioning, "the back button pops")
        #expect(h.sheet.state == .resting(detent: "content"))
    }

    @Test func theEdgeZoneOfTheSheetsNavigationGoesToTheNavigation() throws {
        let h = try SheetHarness(contentHeights: [300, 200]).presented()
        let top = h.sheet.top
        try h.schedule(x: 5, y: top + 150, lift: false)
        h.step()
        #expect(string(h.events("touch.began").first, "part") == "edge")
        #expect(h.sheet.navigation.isInteractive)
        #expect(h.sheet.state == .resting(detent: "content"))
    }

    @Test func theBarAreaBesideItsItemsIsTheGrabber() throws {
        let h = try SheetHarness(contentHeights: [300, 200]).presented()
        #expect(h.world.touches.hitTest(Point(x: 196, y: h.sheet.top + 20), in: h.world)?.1.part == "grabber")
    }

    @Test func scrollableContentBelowTheBarIsTheContentPart() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        #expect(h.world.touches.hitTest(Point(x: 196, y: h.sheet.top + 56 + 10), in: h.world)?.1.part == "content")
    }

    @Test func stackLayoutContentIsDraggedLikeTheGrabber() throws {
        let h = try SheetHarness(contentHeights: [300])
        h.screen().content = .stack(try StackLayoutModel(StackLayout(StackConfiguration(axis: .vertical, sizeMode: .auto),
                                                                       items: [StackItem(id: "a", mainSize: .fixed(300))])))
        _ = try h.presented()
        #expect(h.world.touches.hitTest(Point(x: 196, y: h.sheet.top + 56 + 10), in: h.world)?.1.part == "grabber")
        // The grabber's target is then the whole sheet, and the content none of its own.
        #expect(h.world.touchTargets.map(\.part).filter { $0.hasPrefix("sheet.") } == ["sheet.grabber", "sheet.dimming"])
        #expect(TouchTargetChecks.misses(in: h.world, engine: "sheet") == [])
    }
}
