import Testing
import DetentWorld
@testable import DetentDrawer

/// SPEC §6: beyond the limits a dragged header rubber-bands with c = 0.55 — d = |lower limit|
/// above, screen height − upper limit below; where d is 0 it clamps — or clamps when
/// `bounces` is off. Anchors 59 / 426 / 774 on an 852 pt screen.
@Suite("Drawer header: rubber band and clamping")
struct HeaderRubberBandTests {
    /// Drags the header from `anchor` by `step` per frame for `count` frames, checking after
    /// each frame that the origin is `expected(distance dragged)` and that one `drawer.changed`
    /// carried it.
    static func drag(_ h: DrawerHarness, from anchor: Double, by step: Double, count: Int,
                     expected: (Double) -> Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let y = anchor + 22
        try h.finger(y: y, through: DrawerHarness.path(from: y, by: step, count: count), lift: false)
        h.step()
        for i in 1...count {
            h.clearEvents()
            h.step()
            let want = expected(step * Double(i))
            expectClose(h.engine.origin, want, sourceLocation: sourceLocation)
            #expect(h.log.events == [h.changed(origin: h.engine.origin)], sourceLocation: sourceLocation)
        }
    }

    @Test func aboveTheTopItRubberBandsWithTheTopOriginAsDimension() throws {
        let h = DrawerHarness()
        try h.start(at: "top")
        // 59 − b(x) with d = |59|.
        try Self.drag(h, from: 59, by: -20, count: 5) { 59 - rubberBand(-$0, dimension: 59) }
        expectClose(h.engine.origin, 59 - (1 - 1 / (100 * 0.55 / 59 + 1)) * 59)
        #expect(h.engine.origin > 59 - 59, "the band never reaches d")
    }

    @Test func belowTheBottomItRubberBandsWithTheRemainingScreenAsDimension() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        // 774 + b(x) with d = 852 − 774 = 78.
        try Self.drag(h, from: 774, by: 10, count: 5) { 774 + rubberBand($0, dimension: 78) }
        expectClose(h.engine.origin, 774 + (1 - 1 / (50 * 0.55 / 78 + 1)) * 78)
    }

    @Test func betweenTheLimitsThereIsNoBand() throws {
        let h = DrawerHarness()
        try h.start(at: "top")
        try Self.drag(h, from: 59, by: 20, count: 3) { 59 + $0 }
    }

    @Test func aTopAnchorAtZeroClampsInsteadOfBanding() throws {
        let h = DrawerHarness()
        try h.start(at: "edge", anchors: [("edge", .fromTop(0)), ("bottom", .named("bottom"))])
        try Self.drag(h, from: 0, by: -10, count: 3) { _ in 0 }
    }

    @Test func aBottomAnchorAtTheScreensEdgeClampsInsteadOfBanding() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom", anchors: namedAnchors + [("dismissed", .named("dismissed"))])
        // 774 → 852 follows the finger; past 852, d = 852 − 852 = 0.
        try Self.drag(h, from: 774, by: 30, count: 4) { min(774 + $0, 852) }
        #expect(h.engine.origin == 852)
    }

    @Test func withoutBouncesItClampsAtTheTop() throws {
        let h = DrawerHarness()
        h.engine.bounces = false
        try h.start(at: "top")
        try Self.drag(h, from: 59, by: -20, count: 4) { _ in 59 }
    }

    @Test func withoutBouncesItClampsAtTheBottom() throws {
        let h = DrawerHarness()
        h.engine.bounces = false
        try h.start(at: "middle")
        // 426 + 30·k reaches 774 after 11.6 frames: clamp from the 12th.
        try Self.drag(h, from: 426, by: 30, count: 14) { min(426 + $0, 774) }
        #expect(h.engine.origin == 774)
    }
}
