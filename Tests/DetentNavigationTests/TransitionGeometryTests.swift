import Testing
import DetentTestSupport
import DetentLayout
import DetentWorld
@testable import DetentNavigation

/// SPEC §4 push and pop geometry on a 393 pt wide phone: push moves the incoming screen
/// x = width·(1 − e) and the outgoing one x = −0.3·width·e, with e = sheet(elapsed / 0.35 s)
/// computed for the frame's target time; pop mirrors it.
@Suite("Transition geometry")
struct TransitionGeometryTests {
    static let frames: [Int] = [1, 2, 5, 10, 15, 20]

    @Test func pushStartsWithTheIncomingScreenJustOffTheTrailingEdge() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        #expect(b.frame.x == 393)
        #expect(a.frame.x == 0)
        #expect(h.engine.progress == 0)
    }

    @Test(arguments: frames)
    func pushMovesBothScreensOnTheSheetCurve(frame: Int) throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        #expect(h.world.time == frameTime(Int64(frame)))
        expectClose(h.engine.progress, e)
        expectClose(b.frame.x, 393 * (1 - e))
        expectClose(a.frame.x, -0.3 * 393 * e)
    }

    @Test func pushEndsWithTheIncomingAtZeroAndTheOutgoingAtMinusThreeTenthsOfTheWidth() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.stepUntilSettled()
        #expect(b.frame.x == 0)
        expectClose(a.frame.x, parallaxEnd)
        #expect(h.engine.progress == 0, "no transition, no progress")
    }

    @Test(arguments: frames)
    func popMirrorsPush(frame: Int) throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        h.engine.pop(animated: true, in: h.world)
        #expect(s[1].frame.x == 0)
        expectClose(s[0].frame.x, parallaxEnd)
        h.step(frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(s[1].frame.x, 393 * e)
        expectClose(s[0].frame.x, -0.3 * 393 * (1 - e))
    }

    @Test func popEndsWithTheOutgoingScreenAtTheTrailingEdge() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        h.engine.pop(animated: true, in: h.world)
        h.stepUntilSettled()
        #expect(s[1].frame.x == 393)
        #expect(s[0].frame.x == 0)
    }

    @Test func popDrawsTheIncomingScreenBeneath() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        h.engine.pop(animated: true, in: h.world)
        #expect(h.engine.screensOnShow.map(\.id) == ["a", "b"], "back to front")
    }

    @Test func pushDrawsTheIncomingScreenOnTop() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        #expect(h.engine.screensOnShow.map(\.id) == ["a", "b"], "back to front")
    }

    @Test func transitionsRunFromTheTimeOfTheRequest() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        h.step(5)
        let start = h.world.time
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(7)
        let e = sheetProgress(at: h.world.time, start: start)
        expectClose(b.frame.x, 393 * (1 - e))
        expectClose(a.frame.x, -0.3 * 393 * e)
        #expect(h.stepUntilSettled() == 26)
    }

    @Test func geometryIsAFunctionOfTimeAcrossDroppedFrames() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(2)
        h.world.dropFrames(4)
        h.step()
        #expect(h.world.time == frameTime(7))
        expectClose(b.frame.x, 393 * (1 - sheetProgress(at: frameTime(7), start: 0)))
    }

    @Test func onAnIPadScreensMoveByTheIPadsWidth() throws {
        let h = NavigationHarness(device: TestDevices.pad())
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(10)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(b.frame.x, 834 * (1 - e))
        expectClose(a.frame.x, -0.3 * 834 * e)
        h.stepUntilSettled()
        #expect(b.frame.x == 0)
        expectClose(a.frame.x, -0.3 * 834)
    }

    @Test func screensFillTheContainer() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(3)
        #expect(b.frame.y == 0)
        #expect(b.frame.width == 393)
        #expect(b.frame.height == 852)
        #expect(b.safeAreaInsets.bottom == 34)
    }

    // MARK: animated: false

    @Test func pushNotAnimatedAppliesTheEndStateWithinTheCall() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: false, in: h.world)
        #expect(!h.engine.isTransitioning)
        #expect(!h.engine.isBusy)
        #expect(h.stackIDs == ["a", "b"])
        #expect(b.frame.x == 0)
        expectClose(a.frame.x, parallaxEnd)
        #expect(b.appearance == .appeared)
        #expect(a.appearance == .disappeared)
        #expect(b.safeAreaInsets.top == 59 + 44)
    }

    @Test func popNotAnimatedAppliesTheEndStateWithinTheCall() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        #expect(h.engine.pop(animated: false, in: h.world) === s[1])
        #expect(!h.engine.isTransitioning)
        #expect(h.stackIDs == ["a"])
        #expect(s[1].frame.x == 393)
        #expect(s[0].frame.x == 0)
        #expect(s[1].parentName == nil)
        #expect(s[0].appearance == .appeared)
        #expect(s[1].appearance == .disappeared)
    }

    @Test func notAnimatedTransitionsAnnounceBothEndsBeforeTheNextFrame() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        try h.engine.push(makeScreen("b"), animated: false, in: h.world)
        h.flush()
        #expect(h.log.events.filter { $0.name.hasPrefix("navigation.") }.map(\.name) == ["navigation.will_show", "navigation.did_show"])
        #expect(h.events("navigation.will_show").first?["animated"] == .boolean(false))
    }
}
