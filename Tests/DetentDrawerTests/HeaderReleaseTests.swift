import Testing
import DetentWorld
@testable import DetentDrawer
import DetentRelease

/// SPEC §6 release of the header: the policy picks the target from the tracker's velocity and
/// `drawer.ended` reports velocity, target, anchor and policy; the drawer starts settling.
/// The flick used here is `DrawerHarness.flickUp()`: from the middle, 600 pt/s upwards,
/// released at origin 366.
@Suite("Drawer header: release")
struct HeaderReleaseTests {
    /// The events of the lift frame: the last move's `drawer.changed`, `touch.ended`,
    /// `drawer.ended`, then the state change.
    static func releaseEvents(_ h: DrawerHarness, touch: Touch, ended: WorldEvent, target: Double, anchor: String, policy: String) -> [WorldEvent] {
        [
            h.changed(origin: 366),
            h.now("touch.ended", [("touch", .integer(Int64(touch.id))), ("x", .number(196)), ("y", .number(388)),
                                  ("vx", ended["vx"]!), ("vy", ended["vy"]!)]),
            h.now("drawer.ended", [("drawer", .string("drawer")), ("velocity", ended["vy"]!), ("target", .number(target)),
                                   ("anchor", .string(anchor)), ("policy", .string(policy))]),
            h.stateChanged("settling"),
        ]
    }

    @Test func endedReportsTheTrackersVelocityAndTheChosenAnchor() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (touch, ended) = try h.flickUp()
        let velocity = try #require(number(ended, "vy"))
        expectClose(velocity, -600, tolerance: 1e-3)
        expectClose(number(ended, "vx"), 0, tolerance: 1e-6)
        // 366 − 0.6·99 = 306.6 is nearest the middle, which lies against the velocity: the top.
        expectClose(366 + projectedTravel(velocity, rate: 0.99), 306.6, tolerance: 1e-3)
        #expect(h.log.events == Self.releaseEvents(h, touch: touch, ended: ended, target: 59, anchor: "top", policy: "ultradrawer"))
        #expect(h.engine.state == .settling(target: 59))
        #expect(h.engine.releaseVelocity == velocity)
    }

    @Test func endedNamesTheSelectedPolicy() throws {
        let h = DrawerHarness()
        h.engine.policy = .nearest
        try h.start(at: "middle")
        let (touch, ended) = try h.flickUp()
        #expect(h.log.events == Self.releaseEvents(h, touch: touch, ended: ended, target: 426, anchor: "middle", policy: "nearest"))
        #expect(h.engine.state == .settling(target: 426))
    }

    @Test func aStillReleaseHasZeroVelocityAndGoesToTheNearestAnchor() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        // Held 3 frames (50 ms > 40 ms): the tracker reports 0; 366 is nearest the middle.
        let (touch, ended) = try h.flickUp(holdFrames: 3)
        #expect(ended["vy"] == .number(0))
        // The last move came three frames before the lift.
        #expect(h.log.events == Array(Self.releaseEvents(h, touch: touch, ended: ended, target: 426, anchor: "middle", policy: "ultradrawer").dropFirst()))
        #expect(h.engine.state == .settling(target: 426))
    }

    @Test func aCustomTargetBetweenAnchorsEndsWithNoAnchorName() throws {
        let h = DrawerHarness()
        h.engine.policy = ReleasePolicy(name: "halfway") { _ in 300 }
        try h.start(at: "middle")
        let (touch, ended) = try h.flickUp()
        #expect(h.log.events == Self.releaseEvents(h, touch: touch, ended: ended, target: 300, anchor: "", policy: "halfway"))
        h.clearEvents()
        h.stepUntilResting()
        #expect(h.engine.origin == 300)
        #expect(h.engine.state == .resting(anchor: nil))
        #expect(h.log.events == [
            h.stateChanged("resting"),
            h.now("drawer.settled", [("drawer", .string("drawer")), ("anchor", .string("")), ("origin", .number(300))]),
        ])
    }

    @Test func aFailingCustomPolicyIsReportedAndTheDrawerSettlesAtTheNearestAnchor() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "refused" } }
        let h = DrawerHarness()
        h.engine.policy = ReleasePolicy(name: "refuse") { _ in throw Refused() }
        try h.start(at: "middle")
        let (touch, ended) = try h.flickUp()
        // The failure is reported, then the fallback release as drawer.ended (nearest anchor),
        // so scripts waiting for drawer.ended never hang.
        #expect(h.log.events == [
            h.changed(origin: 366),
            h.now("touch.ended", [("touch", .integer(Int64(touch.id))), ("x", .number(196)), ("y", .number(388)),
                                  ("vx", ended["vx"]!), ("vy", ended["vy"]!)]),
            h.now("drawer.policy_failed", [("drawer", .string("drawer")), ("error", .string("refused"))]),
            h.now("drawer.ended", [("drawer", .string("drawer")), ("velocity", ended["vy"]!), ("target", .number(426)),
                                   ("anchor", .string("middle")), ("policy", .string("nearest"))]),
            h.stateChanged("settling"),
        ])
        #expect(h.engine.policyErrors.count == 1)
        #expect(h.engine.state == .settling(target: 426))
        expectClose(h.engine.velocity, try #require(number(ended, "vy")), tolerance: 1e-9)
    }
}
