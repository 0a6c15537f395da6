import Testing
import DetentTestSupport
import DetentLayout
import DetentWorld
@testable import DetentDrawer

/// SPEC §6: anchors are origins (the y of the drawer's top), declared as points from the top
/// or bottom, fractions of the screen, `fit` (content plus header) or the named states. On a
/// 393×852 phone with insets 59/34 and a 44 pt header.
@Suite("Drawer anchors: resolution")
struct AnchorResolutionTests {
    /// The origin `spec` resolves to, declared alone under the name "a".
    static func resolve(_ spec: DrawerAnchorSpec, in h: DrawerHarness = DrawerHarness()) throws -> Double {
        try h.engine.setAnchors([("a", spec)], in: h.world)
        #expect(h.engine.anchors.map(\.name) == ["a"])
        return try #require(h.engine.anchors.first).origin
    }

    @Test func fromTopIsPointsBelowTheTopOfTheScreen() throws {
        #expect(try Self.resolve(.fromTop(100)) == 100)
    }

    @Test func fromBottomIsPointsAboveTheBottomOfTheScreen() throws {
        #expect(try Self.resolve(.fromBottom(120)) == 852 - 120)
    }

    @Test func fractionIsTheShareOfTheScreenTheDrawerCovers() throws {
        expectClose(try Self.resolve(.fraction(1.0 / 3)), 852 * 2 / 3)
        expectClose(try Self.resolve(.fraction(0.25)), 639)
    }

    @Test func fitShowsTheHeaderAndAllTheContent() throws {
        let h = DrawerHarness()
        h.engine.content.contentHeight = 300
        #expect(try Self.resolve(.fit, in: h) == 852 - (44 + 300))
    }

    @Test func fitIsClampedAtTheSafeTopWhenTheContentIsTaller() throws {
        // 852 − (44 + 2000) < 59: the drawer stops at the safe top.
        #expect(try Self.resolve(.fit) == Origin.top)
    }

    @Test func fitUsesTheEnginesHeaderHeight() throws {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let engine = DrawerEngine(world: world, defaults: DrawerDefaults(), headerHeight: 60, content: ScrollContent(contentHeight: 300))
        engine.attach(to: world)
        try engine.setAnchors([("fit", .fit), ("bottom", .named("bottom"))], in: world)
        #expect(engine.anchors == [DrawerAnchor(name: "fit", origin: 852 - 360), DrawerAnchor(name: "bottom", origin: 852 - (60 + 34))])
    }

    @Test func fitFollowsAChangeOfContentHeight() throws {
        // setAnchors documents that anchors are "resolved now, and again when content or
        // anchors change"; the specs are stored (anchorSpecs) but never resolved again.
        let h = DrawerHarness()
        try h.engine.setAnchors([("fit", .fit), ("bottom", .named("bottom"))], in: h.world)
        #expect(h.engine.anchors.first?.origin == Origin.top)
        h.engine.content.contentHeight = 300
        let fit = try #require(h.engine.anchors.first { $0.name == "fit" })
        #expect(fit.origin == 852.0 - (44.0 + 300.0), "fit at \(fit.origin), anchors \(h.engine.anchors)")
    }

    @Test func aDrawerKeptPastItsWorldIgnoresAChangeOfContentHeight() throws {
        // A script can hold a drawer's handle after making another world: the drawer's link
        // to its world reads nil then, and a content change resolves nothing.
        var world: World? = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let engine = DrawerEngine(world: world!, defaults: DrawerDefaults(), content: ScrollContent(contentHeight: 2000))
        engine.attach(to: world!)
        try engine.setAnchors([("fit", .fit), ("bottom", .named("bottom"))], in: world!)
        let link = try #require(engine.worldLink)
        #expect(link.world === world)
        let anchors = engine.anchors
        world = nil
        #expect(link.world == nil)
        engine.content.contentHeight = 300
        #expect(engine.anchors == anchors)
    }

    @Test func namedStatesResolveAgainstTheSafeAreaAndTheHeader() throws {
        let h = DrawerHarness()
        try h.engine.setAnchors(namedAnchors + [("dismissed", .named("dismissed"))], in: h.world)
        #expect(h.engine.anchors == [
            DrawerAnchor(name: "top", origin: 59),          // safe top + topInset 0
            DrawerAnchor(name: "middle", origin: 426),      // 852 · (1 − 0.5)
            DrawerAnchor(name: "bottom", origin: 774),      // 852 − (44 + 34)
            DrawerAnchor(name: "dismissed", origin: 852),   // the screen height
        ])
    }

    @Test func namedStatesFollowTheTopInsetAndMiddleFractionDefaults() throws {
        var defaults = DrawerDefaults()
        defaults.topInset = 10
        defaults.middleFraction = 0.6
        let h = DrawerHarness(defaults: defaults)
        try h.engine.setAnchors(namedAnchors, in: h.world)
        #expect(h.engine.anchors.map(\.name) == ["top", "middle", "bottom"])
        #expect(h.engine.anchors[0].origin == 59 + 10)
        expectClose(h.engine.anchors[1].origin, 852 * 0.4)
        #expect(h.engine.anchors[2].origin == 774)
    }

    @Test func theStateNamesAreTheFourOfTheSpec() {
        #expect(DrawerAnchorSpec.stateNames == ["top", "middle", "bottom", "dismissed"])
    }

    @Test func settingAnchorsEmitsNothingAndLeavesTheDrawerWhereItIs() throws {
        let h = DrawerHarness()
        try h.engine.setAnchors(namedAnchors, in: h.world)
        h.world.flushEvents()
        #expect(h.log.events.isEmpty)
        #expect(h.engine.origin == Origin.screen)
        #expect(h.engine.state == .resting(anchor: nil))
    }
}
