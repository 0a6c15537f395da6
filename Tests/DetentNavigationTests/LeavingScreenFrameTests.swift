import Testing
import DetentLayout
import DetentWorld
@testable import DetentNavigation

/// SPEC §4 (issue 11 §7): on pop the outgoing screen is offset by diff = to.safeTop −
/// from.safeTop and grows by max(0, −diff), over the transition — the seed article sets both
/// inside the transition coordinator's animation, so they run with the pop's eased progress e,
/// follow the finger in an interactive pop and come back when one is cancelled. Its safe top
/// stays its old one, so its content rides with the bar. iPhone 15 portrait: 393 × 852,
/// status bar 59; a plain bar adds 44, a large title 96, so diff is ±52.
@Suite("The leaving screen's frame on pop")
struct LeavingScreenFrameTests {
    /// A stack [a, b] where b (on top) has a large title when `fromLargeTitle`, else a does.
    static func stack(fromLargeTitle: Bool, compensates: Bool = true) throws -> (NavigationHarness, a: Screen, b: Screen) {
        let h = NavigationHarness()
        h.engine.compensatesBarHeight = compensates
        let a = makeScreen("a", largeTitle: !fromLargeTitle), b = makeScreen("b", largeTitle: fromLargeTitle)
        try h.start(with: [a, b])
        return (h, a, b)
    }

    // MARK: Large title → plain: diff = (59 + 44) − (59 + 96) = −52

    @Test func atTheStartOfThePopTheLeavingScreenHasItsOldFrame() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: true)
        h.engine.pop(animated: true, in: h.world)
        #expect(b.frame == Rect(x: 0, y: 0, width: 393, height: 852))
        #expect(b.safeAreaInsets.top == 59 + 96)
    }

    @Test(arguments: TransitionGeometryTests.frames)
    func poppingToASmallerBarMovesTheLeavingScreenUpAndGrowsItWithTheProgress(frame: Int) throws {
        let (h, a, b) = try Self.stack(fromLargeTitle: true)
        h.engine.pop(animated: true, in: h.world)
        h.step(frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(b.frame.y, -52 * e)
        expectClose(b.frame.height, 852 + 52 * e)
        expectClose(b.frame.y + b.frame.height, 852, tolerance: 1e-9)
        #expect(b.safeAreaInsets.top == 59 + 96, "its safe top stays the old one")
        // Its content rides up with the shrinking bar, level with the incoming screen's.
        expectClose(b.contentTop, 59 + h.engine.currentBarHeight)
        expectClose(b.contentTop, a.contentTop)
    }

    @Test func atTheEndOfThePopTheLeavingScreenIsOffsetByMinus52And52Taller() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: true)
        h.engine.pop(animated: true, in: h.world)
        h.stepUntilSettled()
        #expect(b.frame == Rect(x: 393, y: -52, width: 393, height: 904))
        #expect(b.contentTop == 59 + 44)
    }

    // MARK: Plain → large title: diff = +52

    @Test(arguments: TransitionGeometryTests.frames)
    func poppingToALargerBarMovesTheLeavingScreenDownWithoutGrowingIt(frame: Int) throws {
        let (h, a, b) = try Self.stack(fromLargeTitle: false)
        h.engine.pop(animated: true, in: h.world)
        #expect(b.frame == Rect(x: 0, y: 0, width: 393, height: 852))
        h.step(frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(b.frame.y, 52 * e)
        #expect(b.frame.height == 852, "max(0, −52) = 0")
        #expect(b.safeAreaInsets.top == 59 + 44)
        expectClose(b.contentTop, 59 + h.engine.currentBarHeight)
        expectClose(b.contentTop, a.contentTop)
    }

    @Test func atTheEndOfAPopToALargerBarTheLeavingScreenIsOffsetBy52() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: false)
        h.engine.pop(animated: true, in: h.world)
        h.stepUntilSettled()
        #expect(b.frame == Rect(x: 393, y: 52, width: 393, height: 852))
    }

    // MARK: Interactive pop

    @Test func anInteractivePopMovesAndGrowsTheLeavingScreenLinearlyWithTheFinger() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: true)
        let touch = h.touchDown(x: 10)
        try h.move(touch, toX: 110)
        let p = 100.0 / 393
        expectClose(b.frame.y, -52 * p)
        expectClose(b.frame.height, 852 + 52 * p)
        try h.move(touch, toX: 210)
        let q = 200.0 / 393
        expectClose(b.frame.y, -52 * q)
        try h.move(touch, toX: 60)
        expectClose(b.frame.y, -52 * 50 / 393, tolerance: 1e-9)
    }

    @Test func aCancelledInteractivePopReturnsTheLeavingScreenToExactlyItsOldFrame() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: true)
        let before = (frame: b.frame, safe: b.safeAreaInsets)
        // 5 pt a frame, held still before the lift: progress 100/393 < 0.5 cancels.
        let (_, lift) = try h.swipe(through: (1...20).map { 10 + 5 * Double($0) }, holdFrames: 6)
        h.step(through: lift)
        #expect(b.frame.y < 0, "it had moved with the finger")
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a", "b"])
        #expect(b.frame == before.frame)
        #expect(b.safeAreaInsets == before.safe)
    }

    @Test func aFinishedInteractivePopLeavesTheScreenOffsetByTheWholeDiff() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: true)
        let (_, lift) = try h.swipe(through: (1...50).map { 10 + 5 * Double($0) }, holdFrames: 6)
        h.step(through: lift)
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a"])
        #expect(b.frame == Rect(x: 393, y: -52, width: 393, height: 904))
    }

    // MARK: What does not change

    @Test func aPushLeavesTheOutgoingScreensFrameAloneVertically() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        try h.engine.push(makeScreen("b", largeTitle: true), animated: true, in: h.world)
        for _ in 1...21 {
            h.step()
            #expect(a.frame.y == 0)
            #expect(a.frame.height == 852)
        }
    }

    @Test func withoutTheCompensationTheLeavingScreenKeepsItsFrame() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: true, compensates: false)
        h.engine.pop(animated: true, in: h.world)
        h.step(10)
        #expect(b.frame.y == 0)
        #expect(b.frame.height == 852)
    }

    @Test func theOffsetIsMeasuredFromTheContainerNotTheWindow() throws {
        let (h, _, b) = try Self.stack(fromLargeTitle: true)
        h.engine.container = Rect(x: 0, y: 300, width: 393, height: 552)
        h.engine.pop(animated: true, in: h.world)
        h.step(10)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(b.frame.y, 300 - 52 * e)
        expectClose(b.frame.height, 552 + 52 * e)
    }

    @Test func popToRootUsesTheDiffBetweenTheTopAndTheRoot() throws {
        let h = NavigationHarness()
        let root = makeScreen("root"), middle = makeScreen("middle"), top = makeScreen("top", prompt: "Pick")
        try h.start(with: [root, middle, top])
        h.engine.popToRoot(animated: true, in: h.world)
        h.stepUntilSettled()
        // The prompt's 30 pt: diff = (59 + 44) − (59 + 74) = −30.
        #expect(top.frame.y == -30)
        #expect(top.frame.height == 882)
    }
}
