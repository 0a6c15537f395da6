import Testing
import DetentTestSupport
import DetentWorld
@testable import DetentNavigation

/// SPEC §4, §8: the edge swipe starts only from a touch within max(20, left safe inset) of the
/// left edge, only with more than one screen, and its progress is translation / width,
/// driving the pop geometry linearly. Touches go through the world's TouchEngine.
@Suite("Interactive pop: start and drag")
struct InteractivePopStartTests {
    @Test func aTouchWithin20PointsOfTheLeftEdgeStartsAnInteractivePop() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let touch = h.touchDown(x: 20)
        #expect(touch.claim?.part == "edge")
        #expect(h.engine.isTransitioning)
        #expect(h.engine.isInteractive)
        let began = try #require(h.events("interactive_pop.began").first)
        #expect(began["navigation"] == .string("navigation"))
        #expect(began["progress"] == .number(0))
        #expect(began.frame == 1)
    }

    @Test func aTouchFurtherFromTheEdgeStartsNothing() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let touch = h.touchDown(x: 21)
        #expect(touch.claim == nil)
        #expect(!h.engine.isTransitioning)
        #expect(h.events("interactive_pop.began").isEmpty)
    }

    @Test func withOneScreenNoInteractivePopStarts() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        let touch = h.touchDown(x: 5)
        #expect(touch.claim == nil)
        #expect(!h.engine.isTransitioning)
        #expect(h.events("interactive_pop.began").isEmpty)
        #expect(!h.world.partNames.contains("navigation.edge"))
    }

    @Test func inLandscapeTheZoneIsTheLeftSafeInset() throws {
        let h = NavigationHarness(orientation: .landscape)
        try h.start(with: "a", "b")
        #expect(h.touchDown(x: 59, y: 200).claim?.part == "edge", "the landscape screen is 393 pt tall")
        #expect(h.engine.isInteractive)
    }

    @Test func inLandscapeATouchBeyondTheLeftSafeInsetStartsNothing() throws {
        let h = NavigationHarness(orientation: .landscape)
        try h.start(with: "a", "b")
        #expect(h.touchDown(x: 60, y: 200).claim == nil)
        #expect(!h.engine.isTransitioning)
    }

    @Test func duringAnAnimatedTransitionNoInteractivePopStarts() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        let touch = h.touchDown(x: 10)
        #expect(touch.claim == nil)
        #expect(!h.engine.isInteractive)
        #expect(h.events("interactive_pop.began").isEmpty)
    }

    @Test func aTouchOnTheBackButtonIsNotAnEdgeSwipe() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let touch = h.touchDown(x: 10, y: 59 + 22)
        #expect(touch.claim?.part == "back_button")
        #expect(!h.engine.isTransitioning)
    }

    @Test func beganAnnouncesAnInteractivePopOfTheScreenBelow() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        _ = h.touchDown(x: 10)
        let will = try #require(h.events("navigation.will_show").first)
        #expect(will["screen"] == .string("a"))
        #expect(will["operation"] == .string("pop"))
        #expect(will["interactive"] == .boolean(true))
    }

    @Test func theStackIsUnchangedWhileTheFingerDrags() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let touch = h.touchDown(x: 10)
        try h.move(touch, toX: 200)
        #expect(h.stackIDs == ["a", "b"])
        #expect(h.world.property("navigation.depth") == 2)
    }

    @Test(arguments: [40.0, 110.0, 206.5, 300.0])
    func progressIsTheTranslationOverTheWidth(x: Double) throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        let touch = h.touchDown(x: 10)
        try h.move(touch, toX: x)
        let p = (x - 10) / 393
        expectClose(h.engine.progress, p)
        expectClose(s[1].frame.x, 393 * p)
        expectClose(s[0].frame.x, -0.3 * 393 * (1 - p))
        let changed = try #require(h.events("interactive_pop.changed").last)
        #expect(changed["progress"] == .number(h.engine.progress))
    }

    @Test func onAnIPadProgressIsTheTranslationOverTheIPadsWidth() throws {
        let h = NavigationHarness(device: TestDevices.pad())
        let s = try h.start(with: "a", "b")
        let touch = h.touchDown(x: 10)
        try h.move(touch, toX: 427)
        expectClose(h.engine.progress, 0.5)
        expectClose(s[1].frame.x, 417)
    }

    @Test func progressStaysWithinZeroAndOne() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let touch = h.touchDown(x: 15)
        try h.move(touch, toX: 2)
        #expect(h.engine.progress == 0)
        try h.move(touch, toX: 15 + 400)
        #expect(h.engine.progress == 1)
        #expect(h.engine.isInteractive, "only the release ends it")
    }

    @Test func everyMoveEmitsChanged() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let touch = h.touchDown(x: 10)
        for x in [30.0, 60.0, 90.0] { try h.move(touch, toX: x) }
        #expect(h.events("interactive_pop.changed").map { $0["progress"] } == [20.0, 50.0, 80.0].map { .number($0 / 393) })
        #expect(h.events("interactive_pop.changed").map(\.frame) == [2, 3, 4])
    }

    @Test func aPopRequestedDuringTheDragIsQueued() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        _ = h.touchDown(x: 10)
        #expect(h.engine.pop(animated: true, in: h.world) == nil)
        #expect(h.engine.queuedOperations == 1)
    }
}
