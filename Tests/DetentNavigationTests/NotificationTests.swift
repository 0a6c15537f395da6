import Testing
import DetentTestSupport
import DetentWorld
@testable import DetentNavigation

/// The hooks a container uses (SPEC §7): `observer` hears operations start and transitions
/// end; `settle` ends a transition at once; `windowDidChange` follows rotation.
@Suite("Navigation hooks for containers")
struct NotificationTests {
    static func observed() throws -> (NavigationHarness, Box) {
        let h = NavigationHarness()
        try h.start(with: "a")
        let box = Box()
        h.engine.observer = { notification, _ in box.items.append(notification) }
        return (h, box)
    }

    final class Box { var items: [NavigationNotification] = [] }

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
        let h = NavigationHarness()
        try h.start(with: "a")
        h.engine.followsWindow = false
        h.world.rotate(to: .landscape)
        #expect(h.engine.container.width == 393)
    }
}
