import Testing
@testable import DetentDrawer

/// SPEC §6 `ultradrawer` (the default): the anchor nearest the projection origin + (v/1000)·r/(1−r)
/// with r = 0.99; if (that anchor − origin)·velocity < 0, the next anchor in the velocity's
/// direction instead.
@Suite("Drawer policy: ultradrawer")
struct UltraDrawerPolicyTests {
    @Test func isTheDefaultPolicy() {
        let h = DrawerHarness()
        #expect(h.engine.policy.name == "ultradrawer")
        #expect(DrawerDefaults().decelerationRate == 0.99)
    }

    @Test func picksTheAnchorNearestTheProjectionAtRate0_99() throws {
        // From 200 (nearest anchor: top) at 1,000 pt/s: 200 + 1·99 = 299, nearest the middle.
        let projection = 200 + projectedTravel(1000, rate: 0.99)
        expectClose(projection, 299)
        #expect(abs(projection - 426) < abs(projection - 59))
        #expect(try select(.ultradrawer, origin: 200, velocity: 1000) == 426)
        // At the normal rate (0.998) the same release would project to 699, nearest the bottom.
        expectClose(200 + projectedTravel(1000, rate: 0.998), 699)
    }

    @Test func picksTheAnchorNearestTheProjectionUpwards() throws {
        // From 700 at −1,500 pt/s: 700 − 1.5·99 = 551.5, nearest the middle (125.5 vs 222.5).
        let projection = 700 + projectedTravel(-1500, rate: 0.99)
        expectClose(projection, 551.5)
        #expect(try select(.ultradrawer, origin: 700, velocity: -1500) == 426)
    }

    @Test func followsTheConfiguredDecelerationRate() throws {
        var defaults = DrawerDefaults()
        defaults.decelerationRate = 0.998
        // 200 + 1·499 = 699: nearest the bottom.
        #expect(try select(.ultradrawer, origin: 200, velocity: 1000, defaults: defaults) == 774)
    }

    @Test func takesTheNextAnchorDownWhenTheNearestIsAgainstTheVelocity() throws {
        // From 430 at 100 pt/s: 430 + 0.1·99 = 439.9, nearest the middle at 426 — above the
        // drawer, against a downward velocity: the bottom instead.
        let projection = 430 + projectedTravel(100, rate: 0.99)
        expectClose(projection, 439.9)
        #expect((426 - 430) * 100 < 0)
        #expect(try select(.ultradrawer, origin: 430, velocity: 100) == 774)
    }

    @Test func takesTheNextAnchorUpWhenTheNearestIsAgainstTheVelocity() throws {
        // From 420 at −100 pt/s: 410.1, nearest the middle at 426 — below: the top instead.
        expectClose(420 + projectedTravel(-100, rate: 0.99), 410.1)
        #expect(try select(.ultradrawer, origin: 420, velocity: -100) == 59)
    }

    @Test func keepsTheNearestWhenNoAnchorLiesAhead() throws {
        // Below the bottom anchor moving down: nothing ahead, the bottom it is.
        #expect(try select(.ultradrawer, origin: 780, velocity: 100) == 774)
        // Above the top anchor moving up: the top.
        #expect(try select(.ultradrawer, origin: 50, velocity: -100) == 59)
    }

    @Test func zeroVelocityPicksTheAnchorNearestTheOrigin() throws {
        #expect(try select(.ultradrawer, origin: 300, velocity: 0) == 426)
        #expect(try select(.ultradrawer, origin: 200, velocity: 0) == 59)
        #expect(try select(.ultradrawer, origin: 700, velocity: 0) == 774)
    }

    @Test func withoutAnchorsKeepsTheOrigin() throws {
        #expect(try select(.ultradrawer, origin: 300, velocity: 800, anchors: []) == 300)
    }
}
