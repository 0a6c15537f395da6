import Testing
import DetentWorld
@testable import DetentNavigation

/// SPEC §3, §4: lifecycle calls in UIKit's order as the engine documents them. A transition's
/// start sends willMove(toParent:) to screens entering and leaving, then viewWillDisappear to
/// the outgoing and viewWillAppear to the incoming screen; its end sends viewDidDisappear,
/// viewDidAppear, then didMove(toParent:) to screens entering and leaving. Each call is also a
/// `screen.lifecycle` event.
@Suite("Lifecycle order")
struct LifecycleTests {
    @Test func theFirstScreenMovesInAndAppearsAtOnce() throws {
        let h = NavigationHarness()
        let a = makeScreen("a")
        try h.engine.set([a], animated: false, in: h.world)
        h.flush()
        #expect(h.lifecycleCalls == ["a willMove(toParent: navigation)", "a viewWillAppear", "a viewDidAppear",
                                     "a didMove(toParent: navigation)"])
        #expect(a.lifecycle == ["willMove(toParent: navigation)", "viewWillAppear", "viewDidAppear", "didMove(toParent: navigation)"])
    }

    @Test func lifecycleOfAPush() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.flush()
        #expect(h.lifecycleCalls == ["b willMove(toParent: navigation)", "a viewWillDisappear", "b viewWillAppear"])
        #expect(a.appearance == .disappearing)
        #expect(b.appearance == .appearing)
        #expect(b.parentName == "navigation")
        h.clearEvents()
        h.stepUntilSettled()
        #expect(h.lifecycleCalls == ["a viewDidDisappear", "b viewDidAppear", "b didMove(toParent: navigation)"])
        #expect(a.appearance == .disappeared)
        #expect(b.appearance == .appeared)
    }

    @Test func lifecycleOfAPop() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        h.engine.pop(animated: true, in: h.world)
        h.flush()
        #expect(h.lifecycleCalls == ["b willMove(toParent: nil)", "b viewWillDisappear", "a viewWillAppear"])
        #expect(s[1].appearance == .disappearing)
        #expect(s[0].appearance == .appearing)
        h.clearEvents()
        h.stepUntilSettled()
        #expect(h.lifecycleCalls == ["b viewDidDisappear", "a viewDidAppear", "b didMove(toParent: nil)"])
        #expect(s[1].parentName == nil)
    }

    @Test func lifecycleOfPopToRoot() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b", "c", "d")
        h.engine.popToRoot(animated: true, in: h.world)
        h.flush()
        #expect(h.lifecycleCalls == ["d willMove(toParent: nil)", "c willMove(toParent: nil)", "b willMove(toParent: nil)",
                                     "d viewWillDisappear", "a viewWillAppear"])
        h.clearEvents()
        h.stepUntilSettled()
        #expect(h.lifecycleCalls == ["d viewDidDisappear", "a viewDidAppear", "d didMove(toParent: nil)",
                                     "c didMove(toParent: nil)", "b didMove(toParent: nil)"])
    }

    @Test func popToRootSendsIntermediateScreensOnlyTheMoveToNil() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b", "c", "d")
        let before = s.map(\.lifecycle.count)
        h.engine.popToRoot(animated: true, in: h.world)
        h.stepUntilSettled()
        for screen in [s[1], s[2]] {
            let index = s.firstIndex { $0 === screen }!
            #expect(Array(screen.lifecycle[before[index]...]) == ["willMove(toParent: nil)", "didMove(toParent: nil)"])
            #expect(screen.appearance == .disappeared)
        }
    }

    @Test func lifecycleOfPopTo() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b", "c", "d")
        try h.engine.popTo(s[1], animated: true, in: h.world)
        h.flush()
        #expect(h.lifecycleCalls == ["d willMove(toParent: nil)", "c willMove(toParent: nil)", "d viewWillDisappear", "b viewWillAppear"])
        h.clearEvents()
        h.stepUntilSettled()
        #expect(h.lifecycleCalls == ["d viewDidDisappear", "b viewDidAppear", "d didMove(toParent: nil)", "c didMove(toParent: nil)"])
    }

    @Test func setWhoseTopWasInTheStackIsPopStyle() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b", "c")
        try h.engine.set([s[0], s[1]], animated: true, in: h.world)
        #expect(h.engine.transition?.kind == .pop)
        h.flush()
        #expect(h.lifecycleCalls == ["c willMove(toParent: nil)", "c viewWillDisappear", "b viewWillAppear"])
        h.step(10)
        let e = sheetProgress(at: h.world.time, start: 0)
        expectClose(s[2].frame.x, 393 * e)
        h.clearEvents()
        h.stepUntilSettled()
        #expect(h.lifecycleCalls == ["c viewDidDisappear", "b viewDidAppear", "c didMove(toParent: nil)"])
    }

    @Test func setWithANewTopIsPushStyle() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        let c = makeScreen("c")
        try h.engine.set([s[0], c], animated: true, in: h.world)
        #expect(h.engine.transition?.kind == .push)
        h.flush()
        #expect(h.lifecycleCalls == ["c willMove(toParent: navigation)", "b willMove(toParent: nil)",
                                     "b viewWillDisappear", "c viewWillAppear"])
        h.step(10)
        expectClose(c.frame.x, 393 * (1 - sheetProgress(at: h.world.time, start: 0)))
        h.clearEvents()
        h.stepUntilSettled()
        #expect(h.lifecycleCalls == ["b viewDidDisappear", "c viewDidAppear", "c didMove(toParent: navigation)",
                                     "b didMove(toParent: nil)"])
    }

    @Test func setWithTheSameTopOnlyMovesScreensInAndOut() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        let c = makeScreen("c")
        try h.engine.set([c, s[1]], animated: true, in: h.world)
        h.flush()
        #expect(h.lifecycleCalls == ["c willMove(toParent: navigation)", "a willMove(toParent: nil)",
                                     "c didMove(toParent: navigation)", "a didMove(toParent: nil)"])
    }

    @Test func lifecycleEventsMirrorEachScreensLog() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b", "c")
        let before = s.map(\.lifecycle.count)
        try h.engine.popTo(s[0], animated: true, in: h.world)
        h.stepUntilSettled()
        for (screen, count) in zip(s, before) {
            let fromEvents = h.events("screen.lifecycle").filter { $0["screen"] == .string(screen.id) }.map { $0["call"]?.description ?? "" }
            #expect(fromEvents == Array(screen.lifecycle[count...]))
        }
    }

    @Test func anInteractivePopStartsLikeAPop() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        _ = h.touchDown(x: 10)
        #expect(h.lifecycleCalls == ["b willMove(toParent: nil)", "b viewWillDisappear", "a viewWillAppear"])
    }

    @Test func aCancelledInteractivePopRestoresTheScreensInUIKitsOrder() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        let (_, lift) = try h.swipe(through: [60, 110], holdFrames: 6)
        h.step(through: lift)
        h.stepUntilSettled()
        #expect(h.lifecycleCalls == [
            "b willMove(toParent: nil)", "b viewWillDisappear", "a viewWillAppear",
            "a viewWillDisappear", "a viewDidDisappear", "b viewWillAppear", "b viewDidAppear",
            "b didMove(toParent: navigation)",
        ])
        let did = try #require(h.events("navigation.did_show").first)
        #expect(did["screen"] == .string("b"))
        #expect(did["operation"] == .string("cancel"))
    }

    @Test func aCancelledInteractivePopLeavesEverythingAsBefore() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        let (frame, insets) = (s[1].frame, s[1].safeAreaInsets)
        let (_, lift) = try h.swipe(through: [60, 110], holdFrames: 6)
        h.step(through: lift)
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a", "b"])
        #expect(s.map(\.appearance) == [.disappeared, .appeared])
        #expect(s.map(\.parentName) == ["navigation", "navigation"])
        #expect(s[1].frame == frame)
        #expect(s[1].safeAreaInsets == insets)
        #expect(s.map(\.barCompensation) == [0, 0])
        #expect(!h.engine.isBusy)
    }
}
