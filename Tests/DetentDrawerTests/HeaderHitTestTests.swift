import DetentLayout
import Testing
import DetentWorld
import DetentTestSupport
@testable import DetentDrawer

/// SPEC §8: the drawer header claims touches within [origin, origin + header]; below it, the
/// content claims them down to the bottom of the screen. The drawer rests at the middle (426),
/// so the header spans 426–470.
@Suite("Drawer header: hit-testing")
struct HeaderHitTestTests {
    static func part(at y: Double, in h: DrawerHarness) -> String? {
        h.world.touches.hitTest(Point(x: 196, y: y), in: h.world)?.1.part
    }

    @Test func theHeaderClaimsItsBandInclusive() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(Self.part(at: 426, in: h) == "header")
        #expect(Self.part(at: 448, in: h) == "header")
        #expect(Self.part(at: 470, in: h) == "header")
    }

    @Test func nothingOfTheDrawerClaimsAboveTheOrigin() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(Self.part(at: 425.999, in: h) == nil)
        #expect(Self.part(at: 100, in: h) == nil)
    }

    @Test func theContentClaimsBelowTheHeader() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(Self.part(at: 470.001, in: h) == "content")
        #expect(Self.part(at: 852, in: h) == "content")
    }

    @Test func theHeaderBandFollowsTheOrigin() throws {
        let h = DrawerHarness()
        try h.start(at: "top")
        #expect(Self.part(at: 59, in: h) == "header")
        #expect(Self.part(at: 103, in: h) == "header")
        #expect(Self.part(at: 103.001, in: h) == "content")
        #expect(Self.part(at: 58.999, in: h) == nil)
    }

    /// The world's touch targets are those bands in window points, each with the point a
    /// gesture aimed at it by name touches, which hit-testing gives to that very part.
    @Test func theTouchTargetsAreTheBandsHitTestingClaims() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let targets = h.world.touchTargets
        #expect(targets.map(\.part) == ["drawer.header", "drawer.content"])
        #expect(targets.first?.frame == Rect(x: 0, y: 426, width: h.engine.screenWidth, height: 44))
        #expect(targets.last?.frame == Rect(x: 0, y: 470, width: h.engine.screenWidth, height: h.engine.screenHeight - 470))
        #expect(TouchTargetChecks.misses(in: h.world, engine: "drawer") == [])
        try h.engine.move(toAnchor: "top", in: h.world)
        #expect(h.world.touchTargets.first?.frame.y == 59)
    }

    @Test func aTouchAboveTheHeaderDoesNotStartADrag() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (touch, _, _) = try h.finger(y: 425, through: [400], lift: false)
        h.step()
        #expect(touch.claim == nil)
        #expect(h.log.events == [h.touchBegan(touch, part: nil)])
        #expect(h.engine.state == .resting(anchor: "middle"))
        h.clearEvents()
        h.step()
        #expect(h.log.events.isEmpty)
        #expect(h.engine.origin == Origin.middle)
    }

    @Test func aTouchOnTheHeadersLowerEdgeStartsADrag() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (touch, _, _) = try h.finger(y: 470, lift: false)
        h.step()
        #expect(touch.claim == TouchClaim(part: "header"))
        #expect(h.engine.state == .dragging)
    }

    @Test func theHeaderPartIsLocatedInsideTheHeader() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let point = try #require(h.world.locate("drawer.header"))
        #expect(point == Point(x: 196.5, y: 448))
        #expect(h.world.touches.hitTest(point, in: h.world)?.1.part == "header")
        let content = try #require(h.world.locate("drawer.content"))
        #expect(h.world.touches.hitTest(content, in: h.world)?.1.part == "content")
        #expect(h.engine.partNames(in: h.world) == ["drawer.header", "drawer.content"])
    }
}
