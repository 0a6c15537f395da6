import DetentLayout
import Testing
import DetentWorld
import DetentTestSupport
@testable import DetentPager

/// The property table: traced numbers are world properties named after the engine; the rest
/// are read on demand.
@Suite("Pager properties")
struct PagerPropertyTests {
    @Test func theTracedPropertiesAreOffsetPositionPageAndVelocity() throws {
        let h = try PagerHarness()
        #expect(h.engine.propertyNames == ["pager.offset", "pager.position", "pager.page", "pager.velocity"])
        #expect(h.world.propertyNames.suffix(4) == ["pager.offset", "pager.position", "pager.page", "pager.velocity"])
    }

    @Test func theTableDeclaresWhatATraceReaderWants() {
        #expect(PagerEngine.properties.properties.map(\.name) == [
            "name", "offset", "position", "page", "state", "target_page", "velocity", "release_velocity", "projection",
            "interrupted_velocity", "pages", "page_width", "spacing", "stride", "top", "height",
        ])
    }

    @Test func propertyNamesUseTheEnginesName() throws {
        let h = try PagerHarness(at: 2, name: "gallery")
        #expect(h.world.property("gallery.offset") == 320)
        #expect(h.world.property("gallery.page") == 2)
        #expect(h.world.property("gallery.position") == 2)
    }

    @Test func readsFollowTheEngine() throws {
        let h = try PagerHarness(at: 1)
        func read(_ name: String) -> PropertyValue? {
            PagerEngine.properties.properties.first { $0.name == name }?.value(of: h.engine)
        }
        #expect(read("state") == .string("resting"))
        #expect(read("target_page") == PropertyValue.none)
        #expect(read("projection") == PropertyValue.none)
        #expect(read("pages") == .number(5))
        #expect(read("stride") == .number(320))
        try h.engine.scroll(toPage: 3, animated: true, in: h.world)
        h.step(3)
        #expect(read("state") == .string("settling"))
        #expect(read("target_page") == .number(3))
        #expect(h.world.property("pager.velocity") == h.engine.velocity)
        #expect(h.engine.velocity > 0)
        #expect(h.world.property("pager.position") == h.engine.offset / 320 + 1)
    }

    @Test func everyTracedPropertyReads() throws {
        let h = try PagerHarness()
        for name in h.engine.propertyNames { #expect(h.engine.property(name) != nil, "\(name) is listed, so it reads") }
        #expect(h.engine.property("pager.origin") == nil)
    }
}

/// SPEC §8: the pager claims touches inside its frame — the window's width, from the safe
/// top (59) over 759 points on the test phone — behind drawers and sheets.
@Suite("Pager hit-testing")
struct PagerHitTestTests {
    static func part(_ x: Double, _ y: Double, in h: PagerHarness) -> String? {
        h.world.touches.hitTest(Point(x: x, y: y), in: h.world)?.1.part
    }

    @Test func theFrameClaimsInclusive() throws {
        let h = try PagerHarness()
        #expect(Self.part(0, 59, in: h) == "page")
        #expect(Self.part(393, 818, in: h) == "page")
        #expect(Self.part(196, 58.999, in: h) == nil)
        #expect(Self.part(196, 818.001, in: h) == nil)
        #expect(Self.part(393.001, 400, in: h) == nil)
    }

    @Test func aTouchOutsideTheFrameDoesNotMoveThePages() throws {
        let h = try PagerHarness(at: 2)
        try h.finger(y: 20, through: [100], lift: false)
        h.step(2)
        #expect(h.engine.state == .resting(page: 2))
        #expect(h.engine.offset == 320)
    }

    @Test func thePagePartIsTheFramesCentre() throws {
        let h = try PagerHarness()
        #expect(h.world.locate("pager.page") == Point(x: 196.5, y: Pages.centreY))
        #expect(h.engine.partNames(in: h.world) == ["pager.page"])
    }

    /// Its touch target is the frame its responder claims, the page part's point in it.
    @Test func itsTouchTargetIsTheFrame() throws {
        let h = try PagerHarness()
        #expect(h.world.touchTargets.map(\.part) == ["pager.page"])
        #expect(h.world.touchTargets.first?.frame == Rect(x: 0, y: 59, width: 393, height: 818 - 59))
        #expect(TouchTargetChecks.misses(in: h.world, engine: "pager") == [])
    }

    @Test func itsLayerIsBehindTheDrawerAndTheScreenEdge() {
        #expect(HitTestLayer.pager < HitTestLayer.screenEdge)
        #expect(HitTestLayer.pager > HitTestLayer.content)
    }
}
