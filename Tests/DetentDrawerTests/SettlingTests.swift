import Testing
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentDrawer

/// SPEC §6 settling: a spring of mass 1, stiffness 200, damping ratio 1, whose initial velocity
/// is the release velocity in pt/s; when it has settled (SPEC §2) the origin is written exactly
/// as the anchor and `drawer.settled` fires. The release is `DrawerHarness.flickUp()`: 600 pt/s
/// upwards from origin 366, towards the top (59).
@Suite("Drawer settling")
struct SettlingTests {
    @Test func theSpringStartsWithTheReleaseVelocityOnTheReleaseFrame() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (_, ended) = try h.flickUp()
        let velocity = try #require(number(ended, "vy"))
        let spring = try #require(h.engine.spring)
        #expect(spring.startTime == h.world.seconds, "the spring starts on the release frame")
        #expect(spring.target == Origin.top)
        #expect(spring.spring.initialVelocity == velocity)
        #expect(h.engine.origin == 366)
        #expect(h.engine.releaseVelocity == velocity)
        expectClose(h.engine.velocity, velocity, tolerance: 1e-9)
        expectClose(h.world.property("drawer.velocity"), velocity, tolerance: 1e-9)
        #expect(h.engine.velocity < -500, "pt/s: a pt/ms mix-up would start near −0.6")
    }

    @Test func itSettlesExactlyOnTheAnchorWhenTheSpringHasSettled() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (_, ended) = try h.flickUp()
        let velocity = try #require(number(ended, "vy"))
        let start = h.world.time
        let settleTime = Spring(parameters: settlingSpring, displacement: 366 - 59, velocity: velocity).settleTime
        var ahead: Int64 = 1
        while VirtualTime.seconds(h.frameTime(ahead: ahead)) - VirtualTime.seconds(start) < settleTime { ahead += 1 }
        let settleFrame = h.world.frame + ahead
        h.clearEvents()
        h.step(through: settleFrame - 1)
        #expect(h.log.events.isEmpty, "nothing is emitted while the spring runs")
        #expect(h.engine.state == .settling(target: 59))
        #expect(h.engine.origin != 59)
        h.step()
        #expect(h.engine.origin == 59)
        #expect(h.engine.velocity == 0)
        #expect(h.engine.spring == nil)
        #expect(h.log.events == [
            h.stateChanged("resting", anchor: "top"),
            h.now("drawer.settled", [("drawer", .string("drawer")), ("anchor", .string("top")), ("origin", .number(59))]),
        ])
    }

    @Test func afterwardsItRestsAtTheAnchor() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        _ = try h.flickUp()
        h.stepUntilResting()
        h.clearEvents()
        h.step(30)
        #expect(h.log.events.isEmpty)
        #expect(h.engine.state == .resting(anchor: "top"))
        #expect(h.engine.anchorName == "top")
        #expect(h.engine.origin == 59)
        #expect(h.engine.restingOrigin == 59)
        #expect(!h.engine.isBusy)
        #expect(!h.world.isBusy, "the world may fast-forward")
    }

    @Test func theSpringIsCriticallyDampedSoItDoesNotOvershoot() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (_, ended) = try h.flickUp()
        let spring = try #require(h.engine.spring)
        #expect(spring.parameters.mass == 1)
        #expect(spring.parameters.stiffness == 200)
        expectClose(spring.parameters.dampingRatio, 1, tolerance: 1e-12)
        #expect(spring.spring.regime == .criticallyDamped)
        // A critically damped spring crosses its target at most once, and only when it is
        // thrown towards it faster than ω·x0; 600 pt/s < √200 · 307 ≈ 4,342 pt/s.
        let velocity = try #require(number(ended, "vy"))
        #expect(abs(velocity) < (200.0).squareRoot() * (366 - 59))
        var previous = h.engine.origin
        while h.engine.isBusy {
            h.step()
            #expect(h.engine.origin >= 59, "no overshoot past the top")
            #expect(h.engine.origin <= previous, "monotonic towards the anchor")
            previous = h.engine.origin
        }
        #expect(h.engine.origin == 59)
    }
}
