import Testing
import DetentWorld
@testable import DetentDrawer

/// SPEC §6: anchors are kept sorted by origin; the limits are [min anchor, max anchor].
/// `move(toAnchor:)` jumps, `animate(toAnchor:)` settles with the spring.
@Suite("Drawer anchors: order, limits, move and animate")
struct AnchorLimitTests {
    @Test func anchorsAreSortedByOrigin() throws {
        let h = DrawerHarness()
        try h.engine.setAnchors([("bottom", .named("bottom")), ("top", .named("top")), ("peek", .fromBottom(200)), ("middle", .named("middle"))], in: h.world)
        #expect(h.engine.anchors == [
            DrawerAnchor(name: "top", origin: 59), DrawerAnchor(name: "middle", origin: 426),
            DrawerAnchor(name: "peek", origin: 652), DrawerAnchor(name: "bottom", origin: 774),
        ])
    }

    @Test func limitsRunFromTheSmallestToTheLargestAnchor() throws {
        let h = DrawerHarness()
        try h.engine.setAnchors([("bottom", .named("bottom")), ("middle", .named("middle")), ("top", .named("top"))], in: h.world)
        #expect(h.engine.limits == 59...774)
    }

    @Test func oneAnchorMakesAPointLimit() throws {
        let h = DrawerHarness()
        try h.engine.setAnchors([("middle", .named("middle"))], in: h.world)
        #expect(h.engine.limits == 426...426)
    }

    @Test func beforeAnyAnchorTheDrawerRestsOffScreenWithAPointLimit() {
        let h = DrawerHarness()
        #expect(h.engine.origin == Origin.screen)
        #expect(h.engine.limits == 852...852)
        #expect(h.engine.state == .resting(anchor: nil))
        #expect(h.engine.anchorName == nil)
        #expect(!h.engine.isBusy)
    }

    @Test func moveJumpsToTheAnchorAndRestsThere() throws {
        let h = DrawerHarness()
        try h.engine.setAnchors(namedAnchors, in: h.world)
        try h.engine.move(toAnchor: "middle", in: h.world)
        #expect(h.engine.origin == Origin.middle)
        #expect(h.engine.state == .resting(anchor: "middle"))
        #expect(h.engine.anchorName == "middle")
        #expect(h.engine.restingOrigin == Origin.middle)
        h.world.flushEvents()
        #expect(h.log.events == [h.stateChanged("resting", anchor: "middle")])
        h.clearEvents()
        h.step()
        #expect(h.log.events.isEmpty, "a jump does not settle")
        #expect(h.engine.origin == Origin.middle)
    }

    @Test func moveToTheRestingAnchorEmitsNothing() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        try h.engine.move(toAnchor: "middle", in: h.world)
        h.world.flushEvents()
        #expect(h.log.events.isEmpty)
    }

    @Test func animateStartsTheSettlingSpringFromRest() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        try h.engine.animate(toAnchor: "top", in: h.world)
        #expect(h.engine.state == .settling(target: Origin.top))
        #expect(h.engine.anchorName == nil)
        #expect(h.engine.isBusy)
        let spring = try #require(h.engine.spring)
        #expect(spring.target == Origin.top)
        #expect(spring.value == Origin.middle)
        #expect(spring.velocity == 0)
        #expect(spring.startTime == h.world.seconds)
        h.world.flushEvents()
        #expect(h.log.events == [h.stateChanged("settling")])
    }

    @Test func animateEndsRestingAtTheAnchor() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        try h.engine.animate(toAnchor: "top", in: h.world)
        h.world.flushEvents()
        h.clearEvents()
        h.stepUntilResting()
        #expect(h.engine.origin == Origin.top)
        #expect(h.engine.state == .resting(anchor: "top"))
        #expect(h.log.events == [
            h.stateChanged("resting", anchor: "top"),
            h.now("drawer.settled", [("drawer", .string("drawer")), ("anchor", .string("top")), ("origin", .number(59))]),
        ])
    }
}
