import Testing
import DetentMotion
import DetentTime
import DetentWorld
import DetentTestSupport
@testable import DetentNavigation

/// SPEC §4: the bar can be hidden, animated over UINavigationControllerHideShowBarDuration
/// (0.2 s, easeInEaseOut) or at once; `barVisibility` goes 1 → 0 and the top inset with it.
@Suite("Hiding and showing the bar")
struct BarVisibilityTests {
    /// The visibility an animated hide shows at `time`, begun at `start`.
    static func hidingVisibility(at time: Nanoseconds, start: Nanoseconds) -> Double {
        let linear = VirtualTime.seconds(time - start) / 0.2
        return linear >= 1 ? 0 : 1 - CubicBezier.easeInEaseOut.value(at: linear)
    }

    @Test func hidingAnimatedEmitsBarHiddenAndStartsFromFullVisibility() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        h.engine.setBarHidden(true, animated: true, in: h.world)
        #expect(h.engine.isBarHidden)
        #expect(h.engine.barVisibility == 1)
        #expect(h.engine.isBusy)
        h.flush()
        let event = try #require(h.events("navigation.bar_hidden").first)
        #expect(event["navigation"] == .string("navigation"))
        #expect(event["hidden"] == .boolean(true))
        #expect(event["animated"] == .boolean(true))
    }

    @Test(arguments: [1, 3, 6, 9, 11])
    func hidingAnimatedFadesTheBarOnEaseInEaseOut(frame: Int) throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        h.engine.setBarHidden(true, animated: true, in: h.world)
        h.step(frame)
        let visibility = Self.hidingVisibility(at: h.world.time, start: 0)
        expectClose(h.engine.barVisibility, visibility)
        expectClose(h.engine.property("navigation.bar_visibility"), visibility)
        expectClose(a.safeAreaInsets.top, 59 + 44 * visibility)
    }

    @Test func hidingAnimatedEndsAfter12FramesAtZero() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        h.engine.setBarHidden(true, animated: true, in: h.world)
        h.step(11)
        #expect(h.engine.barVisibility > 0)
        h.step()
        #expect(h.engine.barVisibility == 0)
        #expect(!h.engine.isBusy)
        #expect(a.safeAreaInsets.top == 59)
        #expect(h.engine.currentBarInset == 0)
    }

    @Test func hidingNotAnimatedAppliesAtOnce() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        h.engine.setBarHidden(true, animated: false, in: h.world)
        #expect(h.engine.barVisibility == 0)
        #expect(a.safeAreaInsets.top == 59)
        #expect(!h.engine.isBusy)
        h.flush()
        #expect(h.events("navigation.bar_hidden").first?["animated"] == .boolean(false))
    }

    @Test func showingAnimatedFadesTheBarBackIn() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        h.engine.setBarHidden(true, animated: false, in: h.world)
        h.engine.setBarHidden(false, animated: true, in: h.world)
        #expect(!h.engine.isBarHidden)
        h.step(6)
        expectClose(h.engine.barVisibility, 1 - Self.hidingVisibility(at: h.world.time, start: 0))
        h.step(6)
        #expect(h.engine.barVisibility == 1)
        h.flush()
        #expect(h.events("navigation.bar_hidden").map { $0["hidden"] } == [.boolean(true), .boolean(false)])
    }

    @Test func hidingAHiddenBarDoesNothing() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        h.engine.setBarHidden(true, animated: false, in: h.world)
        h.flush()
        h.clearEvents()
        h.engine.setBarHidden(true, animated: true, in: h.world)
        #expect(!h.engine.isBusy)
        h.flush()
        #expect(h.events("navigation.bar_hidden").isEmpty)
    }

    /// The back button and the edge-swipe zone are touch targets with the frames their
    /// responders claim; a hidden bar takes the button's away.
    @Test func theBarItemsAndTheEdgeAreTouchTargets() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        #expect(h.world.touchTargets.map(\.part) == ["navigation.back_button", "navigation.edge"])
        #expect(TouchTargetChecks.misses(in: h.world, engine: "navigation") == [])
        h.engine.setBarHidden(true, animated: false, in: h.world)
        #expect(h.world.touchTargets.map(\.part) == ["navigation.edge"])
    }

    @Test func aHiddenBarOffersNoBarItems() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        #expect(h.world.partNames.contains("navigation.back_button"))
        h.engine.setBarHidden(true, animated: false, in: h.world)
        #expect(!h.world.partNames.contains("navigation.back_button"))
        #expect(h.world.partNames.contains("navigation.edge"))
    }

    @Test func aHiddenBarHasTheSameHeightAtRestAndDuringAPush() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        h.engine.setBarHidden(true, animated: false, in: h.world)
        let atRest = h.engine.currentBarHeight
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        #expect(h.engine.currentBarHeight == 0, "the transition scales both ends by the visibility")
        #expect(atRest == 0)
    }
}
