import Testing
import DetentWorld
@testable import DetentDrawer

/// SPEC §6 content touches: the hand-off applies to each finger movement; on release, if the
/// origin is strictly inside the limits the drawer settles with the release velocity, otherwise
/// it does not settle. Anchors 59 / 426 / 774; the content starts 44 pt below the origin.
@Suite("Drawer content: touches")
struct ContentTouchTests {
    @Test func aContentTouchEntersDraggingWithoutADrawerBegan() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (touch, _, _) = try h.finger(y: 600, lift: false)
        h.step()
        #expect(touch.claim == TouchClaim(part: "content"))
        #expect(h.engine.state == .dragging)
        #expect(h.log.events == [h.touchBegan(touch, part: "content"), h.stateChanged("dragging")])
    }

    @Test func movingTheContentUpMovesTheDrawerFirst() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        try h.finger(y: 600, through: DrawerHarness.path(from: 600, by: -10, count: 3), lift: false)
        h.step()
        for i in 1...3 {
            h.clearEvents()
            h.step()
            let expected = 426 - 10 * Double(i)
            #expect(h.engine.origin == expected)
            #expect(h.engine.content.offset == 0)
            #expect(h.log.events == [h.changed(origin: expected)])
        }
    }

    @Test func aReleaseStrictlyBetweenTheLimitsSettlesWithTheReleaseVelocity() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (touch, _, lift) = try h.finger(y: 600, through: DrawerHarness.path(from: 600, by: -10, count: 6))
        h.step(through: lift - 1)
        h.clearEvents()
        h.step()
        let ended = try #require(h.events("touch.ended").first)
        let velocity = try #require(number(ended, "vy"))
        expectClose(velocity, -600, tolerance: 1e-3)
        #expect(h.engine.origin == 366)
        #expect(h.engine.content.offset == 0, "the content does not decelerate")
        #expect(h.log.events == [
            h.changed(origin: 366),
            h.now("touch.ended", [("touch", .integer(Int64(touch.id))), ("x", .number(196)), ("y", .number(540)),
                                  ("vx", ended["vx"]!), ("vy", .number(velocity))]),
            h.now("drawer.ended", [("drawer", .string("drawer")), ("velocity", .number(velocity)), ("target", .number(59)),
                                   ("anchor", .string("top")), ("policy", .string("ultradrawer"))]),
            h.stateChanged("settling"),
        ])
        #expect(h.engine.state == .settling(target: 59))
        expectClose(h.engine.velocity, velocity, tolerance: 1e-9)
        h.clearEvents()
        h.stepUntilResting()
        #expect(h.engine.state == .resting(anchor: "top"))
        #expect(h.events("drawer.settled").count == 1)
    }

    @Test func aReleaseAtTheLowerLimitDoesNotSettle() throws {
        let h = DrawerHarness()
        try h.start(at: "top")
        let (touch, _, lift) = try h.finger(y: 600, through: DrawerHarness.path(from: 600, by: -10, count: 6))
        h.step(through: lift - 1)
        #expect(h.engine.content.offset == 50)
        h.clearEvents()
        h.step()
        let ended = try #require(h.events("touch.ended").first)
        #expect(h.engine.origin == 59)
        #expect(h.engine.content.offset == 60)
        #expect(h.log.events == [
            h.now("touch.ended", [("touch", .integer(Int64(touch.id))), ("x", .number(196)), ("y", .number(540)),
                                  ("vx", ended["vx"]!), ("vy", ended["vy"]!)]),
            h.stateChanged("resting", anchor: "top"),
        ])
        #expect(h.engine.state == .resting(anchor: "top"))
        #expect(h.engine.spring == nil)
        // The content keeps the flick's momentum (UIScrollView, rate 0.998 per ms) and comes to
        // rest at its offset plus the projection of the finger's velocity; the drawer stays.
        #expect(h.engine.isBusy)
        let vy = try #require({ if case let .number(v)? = ended["vy"] { return v } else { return nil } }())
        h.stepUntilResting()
        expectClose(h.engine.content.offset, 60 + projectedTravel(-vy, rate: 0.998), tolerance: 1e-9)
        #expect(h.engine.origin == 59)
        #expect(h.engine.state == .resting(anchor: "top"))
        #expect(!h.engine.isBusy)
    }

    @Test func aReleaseAtTheUpperLimitDoesNotSettle() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        let (_, _, lift) = try h.finger(y: 830, through: DrawerHarness.path(from: 830, by: 3, count: 5))
        h.step(through: lift)
        #expect(h.engine.origin == 774)
        #expect(h.engine.content.offset == 0, "pulled at the upper limit, the content stops at its top")
        #expect(h.eventNames.suffix(2) == ["touch.ended", "drawer.state_changed"])
        #expect(h.events("drawer.ended").isEmpty)
        #expect(h.engine.state == .resting(anchor: "bottom"))
        #expect(h.engine.spring == nil)
    }

    @Test func aContentTouchDuringSettlingStopsTheSpring() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        try h.engine.animate(toAnchor: "top", in: h.world)
        h.step(6)
        let caughtAt = h.engine.origin, velocity = h.engine.velocity
        h.clearEvents()
        let (touch, _, _) = try h.finger(y: caughtAt + 200, lift: false)
        h.step()
        #expect(h.engine.state == .dragging)
        #expect(h.engine.spring == nil)
        #expect(h.engine.interruptedVelocity == velocity)
        #expect(h.engine.origin == caughtAt)
        #expect(h.log.events == [h.touchBegan(touch, part: "content"), h.stateChanged("dragging")])
        h.clearEvents()
        h.step(3)
        #expect(h.engine.origin == caughtAt)
        #expect(h.log.events.isEmpty)
    }
}
