import Testing
import DetentWorld
@testable import DetentDrawer

/// Anchor requests that cannot be met throw a `DrawerError` whose description is a sentence
/// naming what was wrong and what was expected (STYLE habit 6), and change nothing.
@Suite("Drawer anchors: errors")
struct AnchorErrorTests {
    @Test func noAnchorsIsAnError() throws {
        let h = DrawerHarness()
        #expect(throws: DrawerError.noAnchors) { try h.engine.setAnchors([], in: h.world) }
        #expect(DrawerError.noAnchors.description == "a drawer needs at least one anchor")
        #expect(h.engine.anchors.isEmpty)
    }

    @Test func twoAnchorsOfOneNameAreAnError() throws {
        let h = DrawerHarness()
        #expect(throws: DrawerError.duplicateAnchor("top")) {
            try h.engine.setAnchors([("top", .named("top")), ("top", .fromTop(200))], in: h.world)
        }
        #expect(DrawerError.duplicateAnchor("top").description == "anchor 'top' is declared twice")
        #expect(h.engine.anchors.isEmpty)
    }

    @Test func anUnknownStateIsAnErrorListingTheStates() throws {
        let h = DrawerHarness()
        #expect(throws: DrawerError.unknownState("halfway")) {
            try h.engine.setAnchors([("top", .named("top")), ("halfway", .named("halfway"))], in: h.world)
        }
        #expect(DrawerError.unknownState("halfway").description
            == "unknown anchor state 'halfway' (expected one of: top, middle, bottom, dismissed)")
        #expect(h.engine.anchors.isEmpty)
    }

    @Test func anUnknownStateErrorNamesTheStateNotTheAnchor() throws {
        let h = DrawerHarness()
        #expect(throws: DrawerError.unknownState("half")) {
            try h.engine.setAnchors([("peek", .named("half"))], in: h.world)
        }
    }

    @Test func aNonFiniteAnchorIsAnError() throws {
        let h = DrawerHarness()
        #expect(throws: DrawerError.invalidAnchor("far")) {
            try h.engine.setAnchors([("top", .named("top")), ("far", .fromTop(.infinity))], in: h.world)
        }
        #expect(throws: DrawerError.invalidAnchor("odd")) {
            try h.engine.setAnchors([("odd", .fraction(.nan))], in: h.world)
        }
        #expect(DrawerError.invalidAnchor("far").description == "anchor 'far' does not resolve to a finite origin")
    }

    @Test func aFailedSetKeepsThePreviousAnchors() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(throws: DrawerError.unknownState("halfway")) {
            try h.engine.setAnchors([("top", .fromTop(100)), ("halfway", .named("halfway"))], in: h.world)
        }
        #expect(h.engine.anchors.map(\.origin) == [59, 426, 774])
        #expect(h.engine.limits == 59...774)
        #expect(h.engine.state == .resting(anchor: "middle"))
    }

    @Test func movingToAnUnknownAnchorIsAnErrorListingTheAnchors() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(throws: DrawerError.unknownAnchor("open", ["top", "middle", "bottom"])) {
            try h.engine.move(toAnchor: "open", in: h.world)
        }
        #expect(DrawerError.unknownAnchor("open", ["top", "middle", "bottom"]).description
            == "no anchor named 'open' (anchors: top, middle, bottom)")
        h.world.flushEvents()
        #expect(h.log.events.isEmpty)
        #expect(h.engine.origin == Origin.middle)
        #expect(h.engine.state == .resting(anchor: "middle"))
    }

    @Test func animatingToAnUnknownAnchorIsAnErrorListingTheAnchors() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        #expect(throws: DrawerError.unknownAnchor("open", ["top", "middle", "bottom"])) {
            try h.engine.animate(toAnchor: "open", in: h.world)
        }
        h.world.flushEvents()
        #expect(h.log.events.isEmpty)
        #expect(h.engine.state == .resting(anchor: "middle"))
        #expect(h.engine.spring == nil)
    }

    @Test func anUnknownAnchorErrorListsAnchorsInOriginOrder() throws {
        let h = DrawerHarness()
        try h.engine.setAnchors([("b", .named("bottom")), ("t", .named("top"))], in: h.world)
        #expect(throws: DrawerError.unknownAnchor("m", ["t", "b"])) { try h.engine.move(toAnchor: "m", in: h.world) }
    }
}
