import Testing
import DetentWorld
@testable import DetentNavigation

/// SPEC §4: the bar's height changes during a push from a plain screen (44) to a large-title
/// one (96); with diff = 96 − 44 = 52 the incoming screen starts with additional top inset
/// −52, animated to 0 alongside the transition, so content does not jump.
@Suite("Bar height during a transition")
struct BarCompensationTests {
    /// A phone showing the plain screen a, pushing the large-title screen b (animated).
    static func pushingLargeTitle(compensates: Bool = true) throws -> (NavigationHarness, a: Screen, b: Screen) {
        let h = NavigationHarness()
        h.engine.compensatesBarHeight = compensates
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b", largeTitle: true)
        try h.engine.push(b, animated: true, in: h.world)
        return (h, a, b)
    }

    @Test(arguments: TransitionGeometryTests.frames)
    func theBarHeightInterpolatesFrom44To96(frame: Int) throws {
        let (h, _, _) = try Self.pushingLargeTitle()
        #expect(h.engine.currentBarHeight == 44)
        h.step(frame)
        expectClose(h.engine.currentBarHeight, 44 + 52 * sheetProgress(at: h.world.time, start: 0))
    }

    @Test func theBarHeightIs96OnceThePushEnds() throws {
        let (h, _, _) = try Self.pushingLargeTitle()
        h.stepUntilSettled()
        #expect(h.engine.currentBarHeight == 96)
        #expect(h.engine.currentBarInset == 96)
    }

    @Test func theIncomingScreenStartsWithAnAdditionalTopInsetOfMinus52() throws {
        let (_, a, b) = try Self.pushingLargeTitle()
        #expect(b.barCompensation == -52)
        #expect(b.contentTop == a.contentTop, "its content starts where the outgoing screen's is")
        #expect(b.contentTop == 59 + 44)
    }

    @Test(arguments: TransitionGeometryTests.frames)
    func theIncomingAdditionalTopInsetShrinksWithTheProgress(frame: Int) throws {
        let (h, _, b) = try Self.pushingLargeTitle()
        h.step(frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(b.barCompensation, -52 * (1 - e))
        #expect(b.barCompensation < 0)
        expectClose(b.contentTop, 59 + h.engine.currentBarHeight, tolerance: 1e-9)
    }

    @Test(arguments: TransitionGeometryTests.frames)
    func theOutgoingContentStaysInPlace(frame: Int) throws {
        let (h, a, _) = try Self.pushingLargeTitle()
        h.step(frame)
        #expect(a.contentTop == 59 + 44)
    }

    @Test func theIncomingAdditionalTopInsetIsZeroAfterThePush() throws {
        let (h, _, b) = try Self.pushingLargeTitle()
        h.stepUntilSettled()
        #expect(b.barCompensation == 0)
        #expect(b.safeAreaInsets.top == 59 + 96)
    }

    @Test func withoutCompensationTheAdditionalTopInsetStaysZero() throws {
        let (h, _, b) = try Self.pushingLargeTitle(compensates: false)
        #expect(b.barCompensation == 0)
        #expect(b.contentTop == 59 + 96, "the content jumps to the final bar at once")
        for _ in 1...21 {
            h.step()
            #expect(b.barCompensation == 0)
        }
        #expect(!h.engine.isTransitioning)
    }

    @Test func popToAPlainScreenStartsItWithAnAdditionalTopInsetOf52() throws {
        let h = NavigationHarness()
        let a = makeScreen("a"), b = makeScreen("b", largeTitle: true)
        try h.start(with: [a, b])
        h.engine.pop(animated: true, in: h.world)
        #expect(a.barCompensation == 52)
        #expect(a.contentTop == b.contentTop)
        #expect(h.engine.currentBarHeight == 96)
        h.step(10)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(h.engine.currentBarHeight, 96 - 52 * e)
        expectClose(a.barCompensation, 52 * (1 - e))
        h.stepUntilSettled()
        #expect(a.barCompensation == 0)
        #expect(a.contentTop == 59 + 44)
    }

    @Test func anInteractivePopDrivesTheBarAndTheCompensationLinearly() throws {
        let h = NavigationHarness()
        let a = makeScreen("a"), b = makeScreen("b", largeTitle: true)
        try h.start(with: [a, b])
        let touch = h.touchDown(x: 10)
        try h.move(touch, toX: 110)
        let p = 100.0 / 393
        expectClose(h.engine.currentBarHeight, 96 - 52 * p)
        expectClose(a.barCompensation, 52 * (1 - p))
        // The leaving screen is offset by diff·p (−52·p), so its content rides up with the bar.
        expectClose(b.contentTop, 59 + 96 - 52 * p)
        expectClose(b.contentTop, a.contentTop)
    }

    @Test func aScreensOwnAdditionalTopInsetIsKeptThroughAPush() throws {
        let h = NavigationHarness()
        let a = makeScreen("a")
        a.additionalSafeAreaInsets.top = 10
        try h.start(with: [a])
        #expect(a.safeAreaInsets.top == 59 + 44 + 10)
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        let atStart = a.safeAreaInsets.top
        h.stepUntilSettled()
        #expect(atStart == 59 + 44 + 10, "the outgoing screen's content must not jump when the push starts")
        #expect(a.additionalSafeAreaInsets.top == 10)
    }
}
