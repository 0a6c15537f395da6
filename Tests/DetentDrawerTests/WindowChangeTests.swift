import Testing
import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentDrawer
import DetentRelease

/// The drawer follows rotation and iPad multitasking resizes (`WorldEngine.windowDidChange`):
/// anchors, limits and rubber-band distances are resolved again for the new window; a drawer
/// at rest at a named anchor moves to its new value at once, a settling one is retargeted
/// with position and velocity continuous, a dragged one keeps following the finger.
@Suite("Drawer window changes")
struct WindowChangeTests {
    /// Origins of the named anchors on `TestDevices.phone()` in landscape (852×393 pt, insets
    /// top 0, bottom 21) with a 44 pt header.
    enum Landscape {
        static let top = 0.0           // the safe top
        static let middle = 196.5      // 393 · (1 − 0.5)
        static let bottom = 328.0      // 393 − (44 + 21)
        static let screen = 393.0
    }

    @Test func aDrawerRestingAtANamedAnchorMovesToItsNewValueAtOnce() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        h.world.rotate(to: .landscape)
        #expect(h.engine.origin == Landscape.middle)
        #expect(h.engine.state == .resting(anchor: "middle"))
        #expect(!h.engine.isBusy, "no animation: UIKit relayouts on rotation")
        h.world.flushEvents()
        #expect(h.eventNames == ["world.window_changed", "drawer.changed"])
        #expect(h.events("drawer.changed") == [h.changed(origin: Landscape.middle)])
    }

    @Test func theNamedAnchorsAndLimitsAreResolvedForTheNewWindow() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        h.world.rotate(to: .landscape)
        #expect(h.engine.anchors == [DrawerAnchor(name: "top", origin: Landscape.top), DrawerAnchor(name: "middle", origin: Landscape.middle),
                                     DrawerAnchor(name: "bottom", origin: Landscape.bottom)])
        #expect(h.engine.limits == Landscape.top...Landscape.bottom)
        #expect(h.engine.origin == Landscape.bottom)
        #expect(h.engine.screenHeight == Landscape.screen)
        #expect(h.engine.screenWidth == 852)
        #expect((h.engine.safeTop, h.engine.safeBottom) == (0, 21), "the device profile's landscape insets")
    }

    @Test func anchorsFromTheBottomAsFractionsAndFitFollowTheWindowWhileAnchorsFromTheTopStay() throws {
        let h = DrawerHarness()
        try h.start(at: "low", anchors: [("fit", .fit), ("high", .fromTop(100)), ("quarter", .fraction(0.25)), ("low", .fromBottom(80))])
        #expect(h.engine.anchors.map(\.origin) == [59, 100, 639, 772])
        h.world.rotate(to: .landscape)
        // fit: 2,044 pt of header and content are taller than the screen, so the safe top (0).
        #expect(h.engine.anchors.map(\.name) == ["fit", "high", "quarter", "low"])
        #expect(h.engine.anchors.map(\.origin) == [0, 100, 393 * 0.75, 393 - 80])
        #expect(h.engine.origin == 313)
    }

    @Test func rotatingBackRestoresThePortraitLayout() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let portrait = h.engine.anchors
        h.world.rotate(to: .landscape)
        h.world.rotate(to: .portrait)
        #expect(h.engine.anchors == portrait)
        #expect(h.engine.origin == Origin.middle)
        #expect(h.engine.state == .resting(anchor: "middle"))
    }

    @Test func theHeaderPanRubberBandsOverTheNewScreenHeightBelowTheUpperLimit() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        h.world.rotate(to: .landscape)
        // d = screen height − upper = 393 − 328 = 65 pt (portrait: 852 − 774 = 78).
        #expect(h.engine.dragRange.dimensionPastUpper == 65)
        let (_, _, lift) = try h.finger(y: Landscape.bottom + 22, through: [Landscape.bottom + 22 + 50], holdFrames: 4)
        h.step(through: lift - 1)
        expectClose(h.engine.origin, Landscape.bottom + RubberBand.offset(50, dimension: 65))
        h.step()
        h.stepUntilResting()
    }

    @Test func aSettlingDrawerIsRetargetedToItsAnchorsNewValueWithPositionAndVelocityContinuous() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        try h.engine.animate(toAnchor: "middle", in: h.world)
        h.step(6)
        h.clearEvents()
        let origin = h.engine.origin, velocity = h.engine.velocity
        #expect(velocity < -100)
        h.world.rotate(to: .landscape)
        #expect(h.engine.origin == origin)
        #expect(h.engine.velocity == velocity)
        #expect(h.engine.state == .settling(target: Landscape.middle))
        let spring = try #require(h.engine.spring)
        #expect(spring.target == Landscape.middle)
        #expect(spring.spring.initialDisplacement == origin - Landscape.middle)
        #expect(spring.spring.initialVelocity == velocity)
        h.world.flushEvents()
        #expect(h.eventNames == ["world.window_changed"], "a retarget emits nothing")
        h.stepUntilResting()
        #expect(h.engine.origin == Landscape.middle)
        #expect(h.engine.state == .resting(anchor: "middle"))
        #expect(h.events("drawer.settled") == [h.now("drawer.settled", [("drawer", .string("drawer")), ("anchor", .string("middle")),
                                                                        ("origin", .number(Landscape.middle))])])
    }

    @Test func aDraggedDrawerStaysUnderTheFingerAndFollowsItWithinTheNewLimits() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        // The header at 448 goes up 100 pt: origin 326, inside the landscape limits 0…328.
        let (touch, _, _) = try h.finger(y: 448, through: DrawerHarness.path(from: 448, by: -10, count: 10), lift: false)
        h.step(11)
        #expect(h.engine.origin == 326)
        h.world.rotate(to: .landscape)
        #expect(h.engine.origin == 326)
        #expect(h.engine.state == .dragging)
        // 30 pt further up: one point per point.
        try h.world.touches.move(touch, to: Point(x: 196, y: 318), at: h.frameTime(ahead: 1))
        h.step()
        #expect(h.engine.origin == 296)
        // 52 pt down: 20 to the bottom anchor (328), then 12 past it, rubber-banded over 65.
        try h.world.touches.move(touch, to: Point(x: 196, y: 370), at: h.frameTime(ahead: 1))
        h.step()
        expectClose(h.engine.origin, Landscape.bottom + RubberBand.offset(20, dimension: 65))
        try h.world.touches.end(touch, at: h.frameTime(ahead: 4))
        h.stepUntilResting()
    }

    @Test func aDraggedDrawerBeyondTheNewLimitsIsClampedIntoThem() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        // The header at 796 goes up 200 pt: origin 574, below the landscape bottom anchor (328).
        let (touch, _, _) = try h.finger(y: 796, through: DrawerHarness.path(from: 796, by: -20, count: 10), lift: false)
        h.step(11)
        #expect(h.engine.origin == 574)
        h.clearEvents()
        h.world.rotate(to: .landscape)
        #expect(h.engine.origin == Landscape.bottom)
        h.world.flushEvents()
        #expect(h.events("drawer.changed") == [h.changed(origin: Landscape.bottom)])
        try h.world.touches.move(touch, to: Point(x: 196, y: 576), at: h.frameTime(ahead: 1))
        h.step()
        #expect(h.engine.origin == Landscape.bottom - 20, "the next 20 pt up move it by 20 pt")
        try h.world.touches.end(touch, at: h.frameTime(ahead: 4))
        h.stepUntilResting()
    }

    @Test func aDrawerRestingBetweenAnchorsIsClampedIntoTheNewLimits() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        h.engine.policy = ReleasePolicy(name: "between") { _ in 600 }
        let (_, _, lift) = try h.finger(y: 796, through: [790], holdFrames: 4)
        h.step(through: lift)
        h.stepUntilResting()
        #expect(h.engine.state == .resting(anchor: nil))
        #expect(h.engine.origin == 600)
        h.world.rotate(to: .landscape)
        #expect(h.engine.origin == Landscape.bottom)
        #expect(h.engine.state == .resting(anchor: nil))
    }

    @Test func theContentMomentumStopsAtTheNewViewportsEnd() throws {
        let h = DrawerHarness()
        try h.start(at: "top")
        h.engine.content.offset = 1100
        // 2,000 pt/s projects 998 pt, past the end in both orientations: portrait 2000 −
        // (852 − 59 − 44) = 1251, landscape 2000 − (393 − 0 − 44) = 1651.
        h.engine.startMomentum(velocity: 2000, in: h.world)
        h.step()
        h.world.rotate(to: .landscape)
        h.stepUntilResting()
        #expect(h.engine.momentum == nil)
        #expect(h.engine.content.offset == 1651)
    }

    @Test func anIPadResizeGivesTheDrawerTheWindowsWidth() throws {
        let world = World(configuration: WorldConfiguration(device: TestDevices.pad()))
        let engine = DrawerEngine(world: world, defaults: DrawerDefaults(), content: ScrollContent(contentHeight: 500))
        engine.attach(to: world)
        try engine.setAnchors(namedAnchors, in: world)
        try engine.move(toAnchor: "middle", in: world)
        try world.resize(toWidth: 504)
        #expect(engine.screenWidth == 504)
        #expect(world.locate("drawer.header")?.x == 252)
        #expect(engine.origin == 1194 / 2, "the height did not change, nor the anchors")
    }
}
