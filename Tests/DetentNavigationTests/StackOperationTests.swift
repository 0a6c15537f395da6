import Testing
import DetentWorld
@testable import DetentNavigation

/// SPEC §4 stack operations: what the stack holds right after each request and after the
/// transition, and the requests that are refused.
@Suite("Stack operations")
struct StackOperationTests {
    // MARK: set

    @Test func setOnAnEmptyStackShowsItsLastScreenAtOnce() throws {
        let h = NavigationHarness()
        let a = makeScreen("a"), b = makeScreen("b")
        try h.engine.set([a, b], animated: true, in: h.world)
        #expect(h.stackIDs == ["a", "b"])
        #expect(h.engine.topScreen === b)
        #expect(!h.engine.isTransitioning)
        #expect(b.appearance == .appeared)
        #expect(a.appearance == .disappeared)
        #expect(a.parentName == "navigation")
        #expect(b.parentName == "navigation")
        #expect(b.frame.x == 0)
    }

    @Test func setWithANewTopReplacesTheStackAtOnceAndKeepsItAfterTheTransition() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        let c = makeScreen("c")
        try h.engine.set([s[0], c], animated: true, in: h.world)
        #expect(h.stackIDs == ["a", "c"])
        #expect(h.engine.isTransitioning)
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a", "c"])
        #expect(s[1].parentName == nil)
        #expect(c.parentName == "navigation")
    }

    @Test func setWithTheSameTopChangesTheStackWithoutATransition() throws {
        let h = NavigationHarness()
        let screens = try h.start(with: "a", "b")
        let c = makeScreen("c")
        try h.engine.set([c, screens[1]], animated: true, in: h.world)
        #expect(h.stackIDs == ["c", "b"])
        #expect(!h.engine.isTransitioning)
        #expect(screens[0].parentName == nil)
        #expect(c.parentName == "navigation")
        #expect(screens[1].appearance == .appeared)
    }

    @Test func setWithNoScreensIsRefused() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        #expect(throws: NavigationError.emptyStack) { try h.engine.set([], animated: false, in: h.world) }
        #expect(h.stackIDs == ["a"])
    }

    @Test func setWithAScreenTwiceIsRefused() throws {
        let h = NavigationHarness()
        let a = makeScreen("a"), b = makeScreen("b")
        #expect(throws: NavigationError.duplicateScreen("a")) { try h.engine.set([a, b, a], animated: false, in: h.world) }
        #expect(h.engine.stack.isEmpty)
        #expect(a.parentName == nil)
    }

    @Test func setWithAScreenOfAnotherStackIsRefused() throws {
        let h = NavigationHarness()
        let other = NavigationEngine(name: "other", world: h.world, defaults: NavigationDefaults())
        let b = makeScreen("b")
        try other.set([b], animated: false, in: h.world)
        #expect(throws: NavigationError.screenAlreadyInAStack("b")) { try h.engine.set([makeScreen("a"), b], animated: false, in: h.world) }
        #expect(h.engine.stack.isEmpty)
        #expect(b.parentName == "other")
    }

    // MARK: push

    @Test func pushOntoAnEmptyStackShowsTheScreenAtOnce() throws {
        let h = NavigationHarness()
        let a = makeScreen("a")
        try h.engine.push(a, animated: true, in: h.world)
        #expect(h.stackIDs == ["a"])
        #expect(!h.engine.isTransitioning)
        #expect(a.appearance == .appeared)
    }

    @Test func pushAddsTheScreenAtOnceAndTheTransitionEndsOnFrame21() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        #expect(h.stackIDs == ["a", "b"])
        #expect(h.engine.isTransitioning)
        h.step(20)
        #expect(h.engine.isTransitioning, "0.35 s is 21 frames at 60 Hz")
        h.step()
        #expect(!h.engine.isTransitioning)
        #expect(h.stackIDs == ["a", "b"])
    }

    @Test func pushingAScreenAlreadyInTheStackIsRefused() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        #expect(throws: NavigationError.screenAlreadyInAStack("a")) { try h.engine.push(a, animated: true, in: h.world) }
        #expect(h.stackIDs == ["a"])
        #expect(!h.engine.isTransitioning)
    }

    @Test func pushingAScreenOfAnotherStackIsRefused() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        let other = NavigationEngine(name: "other", world: h.world, defaults: NavigationDefaults())
        let b = makeScreen("b")
        try other.set([b], animated: false, in: h.world)
        #expect(throws: NavigationError.screenAlreadyInAStack("b")) { try h.engine.push(b, animated: true, in: h.world) }
        #expect(h.stackIDs == ["a"])
    }

    // MARK: pop

    @Test func popReturnsTheTopScreenAndRemovesItAtOnce() throws {
        let h = NavigationHarness()
        let b = try h.start(with: "a", "b")[1]
        let popped = h.engine.pop(animated: true, in: h.world)
        #expect(popped === b)
        #expect(h.stackIDs == ["a"])
        #expect(h.engine.isTransitioning)
        #expect(b.parentName == "navigation", "a popped screen leaves its parent at didMove, when the pop ends")
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a"])
        #expect(b.parentName == nil)
    }

    @Test func popNeverPopsTheRoot() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        #expect(h.engine.pop(animated: true, in: h.world) == nil)
        #expect(h.stackIDs == ["a"])
        #expect(!h.engine.isTransitioning)
        #expect(a.parentName == "navigation")
        h.flush()
        #expect(h.log.events.isEmpty)
    }

    // MARK: pop_to_root and pop_to

    @Test func popToRootLeavesOnlyTheRoot() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b", "c", "d")
        h.engine.popToRoot(animated: true, in: h.world)
        #expect(h.stackIDs == ["a"])
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a"])
        #expect(s[1...].allSatisfy { $0.parentName == nil })
        #expect(s[0].appearance == .appeared)
    }

    @Test func popToRootWithOnlyTheRootDoesNothing() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        h.engine.popToRoot(animated: true, in: h.world)
        #expect(h.stackIDs == ["a"])
        #expect(!h.engine.isTransitioning)
        h.flush()
        #expect(h.log.events.isEmpty)
    }

    @Test func popToKeepsTheScreensUpToTheTarget() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b", "c", "d")
        try h.engine.popTo(s[1], animated: true, in: h.world)
        #expect(h.stackIDs == ["a", "b"])
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a", "b"])
        #expect(s[2].parentName == nil)
        #expect(s[3].parentName == nil)
        #expect(s[1].appearance == .appeared)
    }

    @Test func popToTheTopScreenDoesNothing() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        try h.engine.popTo(s[1], animated: true, in: h.world)
        #expect(h.stackIDs == ["a", "b"])
        #expect(!h.engine.isTransitioning)
    }

    @Test func popToAScreenNotInTheStackIsRefused() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        #expect(throws: NavigationError.screenNotInStack("x")) { try h.engine.popTo(makeScreen("x"), animated: true, in: h.world) }
        #expect(h.stackIDs == ["a", "b"])
        #expect(!h.engine.isTransitioning)
    }

    // MARK: Events and errors

    @Test func pushAnnouncesWillShowAtTheRequestAndDidShowAtTheEnd() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        h.flush()
        let will = try #require(h.events("navigation.will_show").first)
        #expect(will["navigation"] == .string("navigation"))
        #expect(will["screen"] == .string("b"))
        #expect(will["operation"] == .string("push"))
        #expect(will["animated"] == .boolean(true))
        #expect(will["interactive"] == .boolean(false))
        #expect(h.events("navigation.did_show").isEmpty)
        h.stepUntilSettled()
        let did = try #require(h.events("navigation.did_show").first)
        #expect(did.frame == 21)
        #expect(did["screen"] == .string("b"))
        #expect(did["operation"] == .string("push"))
    }

    @Test func popAnnouncesItsOperationAsPop() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        h.engine.popToRoot(animated: true, in: h.world)
        h.stepUntilSettled()
        #expect(h.events("navigation.will_show").map { $0["operation"] } == [.string("pop")])
        #expect(h.events("navigation.did_show").map { $0["screen"] } == [.string("a")])
    }

    @Test func errorsReadAsSentences() {
        #expect(NavigationError.screenAlreadyInAStack("b").description == "screen 'b' is already in a navigation stack")
        #expect(NavigationError.screenNotInStack("x").description == "screen 'x' is not in this navigation stack")
        #expect(NavigationError.emptyStack.description == "set needs at least one screen (the root)")
        #expect(NavigationError.duplicateScreen("a").description == "screen 'a' appears twice")
    }
}
