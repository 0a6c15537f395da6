import Testing
import DetentWorld
@testable import DetentNavigation

/// SPEC §4: operations requested during a transition wait in a queue (each announced by a
/// `navigation.queued` event with the operation and the queue's length) and run in order when
/// the transition ends.
@Suite("Operations queued during a transition")
struct QueueTests {
    /// A phone showing a, pushing b (animated, ends on frame 21).
    static func pushing() throws -> (NavigationHarness, a: Screen, b: Screen) {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.flush()
        h.clearEvents()
        return (h, a, b)
    }

    @Test func pushDuringATransitionIsQueuedWithAnEvent() throws {
        let (h, _, _) = try Self.pushing()
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        #expect(h.stackIDs == ["a", "b"])
        #expect(h.engine.queuedOperations == 1)
        h.flush()
        let queued = try #require(h.events("navigation.queued").first)
        #expect(queued["navigation"] == .string("navigation"))
        #expect(queued["operation"] == .string("push"))
        #expect(queued["queued"] == .integer(1))
        #expect(h.events("navigation.will_show").isEmpty)
    }

    @Test func popDuringATransitionReturnsNilAndIsQueued() throws {
        let (h, _, _) = try Self.pushing()
        #expect(h.engine.pop(animated: true, in: h.world) == nil)
        #expect(h.stackIDs == ["a", "b"])
        #expect(h.engine.queuedOperations == 1)
        h.flush()
        #expect(h.events("navigation.queued").map { $0["operation"] } == [.string("pop")])
    }

    @Test func everyQueuedOperationIsNamedWithTheQueueLength() throws {
        let (h, a, b) = try Self.pushing()
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        h.engine.pop(animated: true, in: h.world)
        h.engine.popToRoot(animated: true, in: h.world)
        try h.engine.popTo(a, animated: true, in: h.world)
        try h.engine.set([a, b], animated: true, in: h.world)
        h.flush()
        let queued = h.events("navigation.queued")
        #expect(queued.map { $0["operation"] } == ["push", "pop", "pop_to_root", "pop_to", "set"].map { .string($0) })
        #expect(queued.map { $0["queued"] } == (1...5).map { .integer(Int64($0)) })
        #expect(h.engine.property("navigation.queued") == 5)
    }

    @Test func queuedOperationsRunInOrderWhenTheTransitionEnds() throws {
        let (h, _, _) = try Self.pushing()
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        h.engine.pop(animated: true, in: h.world)
        h.step(21)
        // The push of b ended on frame 21; the queued push of c starts on the same frame.
        #expect(h.stackIDs == ["a", "b", "c"])
        #expect(h.engine.isTransitioning)
        #expect(h.engine.queuedOperations == 1)
        h.step(21)
        // c's push ended on frame 42; the queued pop starts on the same frame.
        #expect(h.stackIDs == ["a", "b"])
        #expect(h.engine.isTransitioning)
        #expect(h.engine.queuedOperations == 0)
        h.step(21)
        #expect(!h.engine.isTransitioning)
        #expect(h.stackIDs == ["a", "b"])
        #expect(!h.engine.isBusy)
    }

    @Test func aQueuedOperationStartsOnTheFrameThePreviousOneEnds() throws {
        let (h, _, _) = try Self.pushing()
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        h.step(21)
        let shows = h.log.events.filter { $0.name.hasPrefix("navigation.") && $0.name != "navigation.queued" }
        #expect(shows.map { "\($0.name) \($0["screen"]!) @\($0.frame)" } == ["navigation.did_show b @21", "navigation.will_show c @21"])
        let c = try #require(h.engine.topScreen)
        #expect(c.frame.x == 393, "progress 0 on its first frame")
    }

    @Test func queuedOperationsNotAnimatedRunBackToBack() throws {
        let (h, _, _) = try Self.pushing()
        try h.engine.push(makeScreen("c"), animated: false, in: h.world)
        try h.engine.push(makeScreen("d"), animated: false, in: h.world)
        h.step(21)
        #expect(h.stackIDs == ["a", "b", "c", "d"])
        #expect(!h.engine.isTransitioning)
        #expect(h.engine.queuedOperations == 0)
    }

    @Test func theEngineIsBusyWhileOperationsWait() throws {
        let (h, _, _) = try Self.pushing()
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        #expect(h.engine.isBusy)
        #expect(h.world.isBusy)
        h.step(42)
        #expect(!h.engine.isBusy)
    }

    @Test func aQueuedPopToAScreenThatLeftIsDropped() throws {
        let (h, a, b) = try Self.pushing()
        h.engine.popToRoot(animated: false, in: h.world)
        try h.engine.popTo(b, animated: true, in: h.world)
        h.step(21)
        #expect(h.stackIDs == ["a"])
        #expect(!h.engine.isTransitioning)
        #expect(h.engine.queuedOperations == 0)
        #expect(a.appearance == .appeared)
    }

    @Test func aScreenQueuedForPushTwiceIsPushedOnce() throws {
        let (h, _, _) = try Self.pushing()
        let c = makeScreen("c")
        try h.engine.push(c, animated: false, in: h.world)
        // Either fix is fine: refuse the second request, or drop it when it runs.
        _ = try? h.engine.push(c, animated: false, in: h.world)
        h.step(21)
        #expect(h.stackIDs == ["a", "b", "c"])
    }
}
