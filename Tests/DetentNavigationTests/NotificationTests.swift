import Testing
import DetentTestSupport
import DetentWorld
@testable import DetentNavigation

/// What a container sees through `NavigationContainer` (SPEC §7): operations starting and
/// transitions ending, changes applied at once, where it places the stack; `settle` ends a
/// transition at once; `windowDidChange` follows rotation.
@Suite("Navigation containers")
struct NotificationTests {
    static func observed(placement: NavigationPlacement = .column) throws -> (NavigationHarness, Box) {
        let h = NavigationHarness()
        try h.start(with: "a")
        let box = Box(placement: placement)
        h.engine.adopt(by: box)
        return (h, box)
    }

    /// A container that records what it is told.
    final class Box: NavigationContainer {
        var items: [NavigationNotification] = []
        var immediate = 0
        let navigationPlacement: NavigationPlacement
        init(placement: NavigationPlacement) { navigationPlacement = placement }
        func navigation(_ navigation: NavigationEngine, didNotify notification: NavigationNotification, in world: World) {
            items.append(notification)
        }
        func navigationDidChangeImmediately(_ navigation: NavigationEngine) { immediate += 1 }
    }

    @Test func changesAppliedAtOnceAreToldAndAnimatedOnesAreNot() throws {
        let (h, box) = try Self.observed()
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        h.stepUntilSettled()
        #expect(box.immediate == 0)
        try h.engine.push(makeScreen("c"), animated: false, in: h.world)
        #expect(box.immediate == 1)
    }

    @Test func aContainerPlacesItsStackAndASheetHasNoTopInset() throws {
        let (h, _) = try Self.observed(placement: .sheet)
        #expect(h.engine.placement == .sheet && h.engine.inSheet && !h.engine.followsWindow)
        #expect(h.engine.containerTopInset == 0)
        let alone = NavigationHarness()
        #expect(alone.engine.placement == .window && alone.engine.followsWindow && alone.engine.host == nil)
    }

    @Test func anAnimatedPushStartsAtOnceAndCompletesAtTheEnd() throws {
        let (h, box) = try Self.observed()
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        #expect(box.items == [.started(operation: "push", stackCount: 2)])
        h.stepUntilSettled()
        #expect(box.items == [.started(operation: "push", stackCount: 2), .completed(operation: "push", removed: 0)])
    }

    @Test func aQueuedOperationStartsWhenItRuns() throws {
        let (h, box) = try Self.observed()
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        h.engine.pop(animated: true, in: h.world)
        #expect(box.items.count == 1)
        h.stepUntilSettled()
        #expect(box.items.contains(.started(operation: "pop", stackCount: 1)))
        h.stepUntilSettled()
        #expect(box.items.last == .completed(operation: "pop", removed: 1))
    }

    @Test func aCancelledInteractivePopIsReportedAsCancelled() throws {
        let (h, box) = try Self.observed()
        try h.engine.push(makeScreen("b"), animated: false, in: h.world)
        box.items.removeAll()
        try h.swipe(through: [40, 60], holdFrames: 10)
        h.step(12)
        h.stepUntilSettled()
        #expect(box.items == [.cancelled(operation: "interactive_pop")])
        #expect(h.stackIDs == ["a", "b"])
    }

    @Test func settleEndsATransitionAndTheQueueBehindIt() throws {
        let (h, _) = try Self.observed()
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        h.step(3)
        h.engine.settle(in: h.world)
        #expect(!h.engine.isTransitioning)
        #expect(h.engine.queuedOperations == 0)
        #expect(h.stackIDs == ["a", "b", "c"])
        #expect(h.engine.topScreen?.frame.x == 0)
    }

    @Test func settleCancelsAnInteractivePopUnderTheFinger() throws {
        let (h, box) = try Self.observed()
        try h.engine.push(makeScreen("b"), animated: false, in: h.world)
        box.items.removeAll()
        _ = h.touchDown(x: 5)
        let touch = h.world.touches.touches.last!
        try h.move(touch, toX: 300)
        #expect(h.engine.isInteractive)
        h.engine.settle(in: h.world)
        #expect(!h.engine.isTransitioning)
        #expect(h.stackIDs == ["a", "b"])
        #expect(box.items == [.cancelled(operation: "interactive_pop")])
    }

    @Test func aFullScreenStackFollowsRotation() throws {
        let h = NavigationHarness()
        let screens = try h.start(with: "a")
        h.world.rotate(to: .landscape)
        #expect(h.engine.container.width == 852)
        #expect(h.engine.barHeight(for: screens[0]) == 32)
        #expect(screens[0].safeAreaInsets.left == 59)
        #expect(screens[0].safeAreaInsets.top == 0 + 44)   // max(32, 44): SPEC §4 floor
    }

    @Test func theEdgeZoneWidensWithTheLandscapeInset() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        _ = h.touchDown(x: 50, y: 200)
        #expect(!h.engine.isInteractive)              // portrait: 20 pt zone
        h.engine.settle(in: h.world)
        try h.world.touches.end(h.world.touches.touches.last!, at: frameTime(h.world.frame + 1))
        h.step(2)
        h.world.rotate(to: .landscape)
        let touch = h.touchDown(x: 50, y: 200)
        try h.move(touch, toX: 150)
        #expect(h.engine.isInteractive)               // landscape: max(20, 59) pt
    }

    @Test func aStackPlacedByItsContainerKeepsItsContainer() throws {
        let (h, _) = try Self.observed(placement: .column)
        h.world.rotate(to: .landscape)
        #expect(h.engine.container.width == 393)
    }
}
