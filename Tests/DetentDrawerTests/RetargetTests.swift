import Testing
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentDrawer

/// SPEC §6 interruptions: changing anchors while settling retargets the spring smoothly —
/// position and velocity continuous — to the anchor of the same name (or, when that name is
/// gone, the anchor nearest the old target).
@Suite("Drawer retargeting")
struct RetargetTests {
    /// A drawer animating from the bottom to `anchor`, six frames in; its events forgotten.
    static func settling(to anchor: String) throws -> DrawerHarness {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        try h.engine.animate(toAnchor: anchor, in: h.world)
        h.step(6)
        h.clearEvents()
        return h
    }

    @Test func positionAndVelocityAreContinuousAtTheRetarget() throws {
        let h = try Self.settling(to: "top")
        let origin = h.engine.origin, velocity = h.engine.velocity
        #expect(velocity < -100)
        try h.engine.setAnchors([("top", .fromTop(100)), ("middle", .named("middle")), ("bottom", .named("bottom"))], in: h.world)
        #expect(h.engine.origin == origin)
        #expect(h.engine.velocity == velocity)
        let spring = try #require(h.engine.spring)
        #expect(spring.value == origin)
        #expect(spring.startTime == h.world.seconds)
        #expect(spring.spring.initialDisplacement == origin - 100)
        #expect(spring.spring.initialVelocity == velocity)
    }

    @Test func theNextFrameContinuesFromTheRetargetedSpring() throws {
        let h = try Self.settling(to: "top")
        let origin = h.engine.origin, velocity = h.engine.velocity, time = h.world.time
        try h.engine.setAnchors([("top", .fromTop(100)), ("middle", .named("middle")), ("bottom", .named("bottom"))], in: h.world)
        let tick = h.world.step()
        let spring = Spring(parameters: settlingSpring, displacement: origin - 100, velocity: velocity)
        let elapsed = VirtualTime.seconds(tick.targetTimestamp) - VirtualTime.seconds(time)
        expectClose(h.engine.origin, 100 + spring.displacement(at: elapsed))
        expectClose(h.engine.velocity, spring.velocity(at: elapsed))
        #expect(abs(h.engine.origin - origin) < abs(velocity) / 30, "no jump: about one frame of travel")
    }

    @Test func retargetingTargetsTheAnchorOfTheSameName() throws {
        let h = try Self.settling(to: "top")
        try h.engine.setAnchors([("top", .fromTop(100)), ("middle", .named("middle")), ("bottom", .named("bottom"))], in: h.world)
        #expect(h.engine.state == .settling(target: 100))
        h.world.flushEvents()
        #expect(h.log.events.isEmpty, "a retarget emits nothing")
        h.stepUntilResting()
        #expect(h.engine.origin == 100)
        #expect(h.engine.state == .resting(anchor: "top"))
        #expect(h.log.events == [
            h.stateChanged("resting", anchor: "top"),
            h.now("drawer.settled", [("drawer", .string("drawer")), ("anchor", .string("top")), ("origin", .number(100))]),
        ])
    }

    @Test func theSameNameWinsOverANearerAnchor() throws {
        let h = try Self.settling(to: "middle")
        // "middle" moves to 852 · 0.8 = 681.6; a new "peek" sits at 430, nearer the old target.
        try h.engine.setAnchors([("top", .named("top")), ("peek", .fromTop(430)), ("middle", .fraction(0.2)), ("bottom", .named("bottom"))], in: h.world)
        let target = 852 * (1 - 0.2)
        #expect(h.engine.state == .settling(target: target))
        h.stepUntilResting()
        #expect(h.engine.origin == target)
        #expect(h.engine.state == .resting(anchor: "middle"))
    }

    @Test func aVanishedNameRetargetsToTheAnchorNearestTheOldTarget() throws {
        let h = try Self.settling(to: "top")
        try h.engine.setAnchors([("open", .fromTop(80)), ("closed", .named("bottom"))], in: h.world)
        #expect(h.engine.state == .settling(target: 80))
        h.stepUntilResting()
        #expect(h.engine.origin == 80)
        #expect(h.engine.state == .resting(anchor: "open"))
    }

    @Test func settingAnchorsWhileRestingKeepsTheRestingAnchorTrue() throws {
        // Resting at "middle" (426), the middle moves to 852 · 0.4 = 340.8: either the drawer
        // follows its anchor or it no longer claims to rest there.
        let h = DrawerHarness()
        try h.start(at: "middle")
        try h.engine.setAnchors([("top", .named("top")), ("middle", .fraction(0.6)), ("bottom", .named("bottom"))], in: h.world)
        let atOrigin = h.engine.anchors.first { $0.origin == h.engine.origin }?.name
        #expect(h.engine.anchorName == atOrigin)
    }
}
