import Testing
import DetentWorld
@testable import DetentDrawer

/// Properties readable per frame and traced by name: `drawer.origin`, `drawer.velocity`,
/// `drawer.content_offset`, listed by `propertyNames` with the engine's name as prefix.
@Suite("Drawer properties")
struct DrawerPropertyTests {
    @Test func propertyNamesAreOriginVelocityAndContentOffset() {
        let h = DrawerHarness()
        #expect(h.engine.propertyNames == ["drawer.origin", "drawer.velocity", "drawer.content_offset"])
        #expect(h.world.propertyNames.suffix(3) == ["drawer.origin", "drawer.velocity", "drawer.content_offset"])
    }

    @Test func propertyNamesUseTheEnginesName() {
        let h = DrawerHarness(name: "card")
        #expect(h.engine.propertyNames == ["card.origin", "card.velocity", "card.content_offset"])
        #expect(h.world.property("card.origin") == Origin.screen)
    }

    @Test func originIsTheDrawersTop() throws {
        let h = DrawerHarness()
        #expect(h.world.property("drawer.origin") == Origin.screen)
        try h.start(at: "middle")
        #expect(h.world.property("drawer.origin") == Origin.middle)
    }

    @Test func velocityIsTheSpringsWhileSettlingAndZeroOtherwise() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(h.world.property("drawer.velocity") == 0)
        try h.engine.animate(toAnchor: "top", in: h.world)
        h.step(4)
        let velocity = try #require(h.engine.spring?.velocity)
        #expect(velocity < 0)
        #expect(h.world.property("drawer.velocity") == velocity)
        h.stepUntilResting()
        #expect(h.world.property("drawer.velocity") == 0)
    }

    @Test func contentOffsetIsTheContentsOffset() throws {
        let h = DrawerHarness()
        try h.start(at: "top")
        #expect(h.world.property("drawer.content_offset") == 0)
        h.engine.contentDragged(by: -25, in: h.world)
        #expect(h.world.property("drawer.content_offset") == 25)
    }

    @Test func everyListedPropertyReads() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        for name in h.engine.propertyNames {
            #expect(h.engine.property(name) != nil, "\(name) is listed, so it reads")
        }
        #expect(h.engine.property("drawer.height") == nil)
    }

    @Test func propertiesOfAnotherEngineAreNotAnswered() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(h.engine.property("sheets.origin") == nil)
        #expect(h.world.property("sheets.origin") == nil)
    }
}
