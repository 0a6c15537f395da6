import Testing
import DetentWorld
@testable import DetentDrawer

/// SPEC §6 header pan, through real touches one frame (1/60 s) apart: began stops any
/// animation (keeping its velocity for reporting); changed puts the origin at
/// start + translation. The drawer rests at the middle (426), the finger goes down at 448.
@Suite("Drawer header: began and changed")
struct HeaderDragTests {
    @Test func beganAtRestEntersDraggingAndReportsNoInterruptedVelocity() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (touch, _, _) = try h.finger(y: 448, lift: false)
        h.step()
        #expect(h.engine.state == .dragging)
        #expect(h.engine.anchorName == nil)
        #expect(h.engine.isBusy)
        #expect(h.engine.interruptedVelocity == 0)
        #expect(h.engine.origin == Origin.middle)
        #expect(h.log.events == [
            h.touchBegan(touch, part: "header"),
            h.stateChanged("dragging"),
            h.now("drawer.began", [("drawer", .string("drawer")), ("origin", .number(426)), ("interrupted_velocity", .number(0))]),
        ])
    }

    @Test func changedFollowsTheStartPlusTheTranslation() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let ys = DrawerHarness.path(from: 448, by: -10, count: 5)
        try h.finger(y: 448, through: ys, lift: false)
        h.step()
        for (i, _) in ys.enumerated() {
            h.clearEvents()
            h.step()
            let expected = 426 - 10 * Double(i + 1)
            #expect(h.engine.origin == expected)
            #expect(h.log.events == [h.changed(origin: expected)])
            #expect(h.engine.state == .dragging)
        }
    }

    @Test func changedIgnoresHorizontalMovement() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (touch, _, _) = try h.finger(y: 448, lift: false)
        try h.world.touches.move(touch, to: Point(x: 300, y: 468), at: h.frameTime(ahead: 2))
        h.step(2)
        #expect(h.engine.origin == 446)
        #expect(h.events("drawer.changed") == [h.changed(origin: 446)])
    }

    @Test func beganStopsASettlingSpringAndReportsItsVelocity() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        try h.engine.animate(toAnchor: "top", in: h.world)
        h.step(6)
        let caughtAt = h.engine.origin, velocity = h.engine.velocity
        #expect(velocity < -100, "the spring is moving up fast")
        h.clearEvents()
        let (touch, _, _) = try h.finger(y: caughtAt + 22, lift: false)
        h.step()
        #expect(h.engine.state == .dragging)
        #expect(h.engine.spring == nil)
        #expect(h.engine.velocity == 0)
        #expect(h.engine.interruptedVelocity == velocity)
        #expect(h.engine.origin == caughtAt, "the spring stops where it was shown")
        #expect(h.log.events == [
            h.touchBegan(touch, part: "header"),
            h.stateChanged("dragging"),
            h.now("drawer.began", [("drawer", .string("drawer")), ("origin", .number(caughtAt)), ("interrupted_velocity", .number(velocity))]),
        ])
    }

    @Test func afterAnInterruptionTheDragContinuesFromWhereTheSpringStopped() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        try h.engine.animate(toAnchor: "top", in: h.world)
        h.step(6)
        let caughtAt = h.engine.origin
        let (touch, _, _) = try h.finger(y: caughtAt + 22, lift: false)
        h.step()
        h.clearEvents()
        h.step(3)
        #expect(h.log.events.isEmpty, "a still finger holds the drawer")
        #expect(h.engine.origin == caughtAt)
        try h.world.touches.move(touch, to: Point(x: 196, y: caughtAt + 52), at: h.frameTime(ahead: 1))
        h.step()
        // start + translation, with the translation as the finger measures it.
        let expected = caughtAt + ((caughtAt + 52) - (caughtAt + 22))
        expectClose(expected, caughtAt + 30)
        #expect(h.engine.origin == expected)
        #expect(h.log.events == [h.changed(origin: expected)])
    }
}
