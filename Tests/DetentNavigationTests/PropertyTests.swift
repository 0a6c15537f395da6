import Testing
import DetentWorld
@testable import DetentNavigation

/// Properties readable per frame and traced by name: `navigation.depth`, `navigation.bar_height`,
/// `navigation.screen.<id>.x` and the rest, listed by `propertyNames`.
@Suite("Navigation properties")
struct PropertyTests {
    @Test func depthIsTheNumberOfScreensInTheStack() throws {
        let h = NavigationHarness()
        #expect(h.world.property("navigation.depth") == 0)
        try h.start(with: "a", "b")
        #expect(h.world.property("navigation.depth") == 2)
        try h.engine.push(makeScreen("c"), animated: true, in: h.world)
        #expect(h.world.property("navigation.depth") == 3)
    }

    @Test func barHeightIsTheCurrentBarHeight() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        #expect(h.world.property("navigation.bar_height") == 44)
        try h.engine.push(makeScreen("b", largeTitle: true), animated: true, in: h.world)
        h.step(8)
        #expect(h.world.property("navigation.bar_height") == h.engine.currentBarHeight)
        expectClose(h.world.property("navigation.bar_height"), 44 + 52 * sheetProgress(at: h.world.time, start: 0))
    }

    @Test func screenXIsTheScreensFrameX() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(4)
        #expect(h.world.property("navigation.screen.b.x") == b.frame.x)
        #expect(h.world.property("navigation.screen.a.x") == a.frame.x)
        #expect(b.frame.x > 0 && b.frame.x < 393)
    }

    @Test func screenIdsMayContainDots() throws {
        let h = NavigationHarness()
        try h.start(with: [makeScreen("a"), makeScreen("detail.view")])
        #expect(h.world.property("navigation.screen.detail.view.x") == 0)
        #expect(h.engine.propertyNames.contains("navigation.screen.detail.view.x"))
    }

    @Test func propertyNamesListBothScreensDuringATransition() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        for name in ["navigation.depth", "navigation.bar_height", "navigation.screen.a.x", "navigation.screen.b.x"] {
            #expect(h.engine.propertyNames.contains(name))
            #expect(h.world.propertyNames.contains(name))
            #expect(h.world.property(name) != nil, "\(name) is listed, so it reads")
        }
    }

    @Test func propertyNamesListOnlyTheTopScreenAtRest() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        #expect(h.engine.propertyNames.contains("navigation.screen.b.x"))
        #expect(!h.engine.propertyNames.contains("navigation.screen.a.x"))
    }

    @Test func everyListedPropertyReads() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        h.step(5)
        for name in h.engine.propertyNames {
            #expect(h.engine.property(name) != nil, "\(name)")
        }
    }

    @Test func propertiesCarryTheEnginesName() throws {
        let h = NavigationHarness()
        let other = NavigationEngine(name: "inner", world: h.world, defaults: NavigationDefaults())
        other.attach(to: h.world)
        try other.set([makeScreen("x"), makeScreen("y")], animated: false, in: h.world)
        #expect(h.world.property("inner.depth") == 2)
        #expect(h.world.property("navigation.depth") == 0)
        #expect(other.property("navigation.depth") == nil)
        #expect(h.world.propertyNames.contains("inner.screen.y.x"))
    }

    @Test func unknownPropertiesReadNil() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        #expect(h.engine.property("navigation.nothing") == nil)
        #expect(h.engine.property("navigation.screen.zzz.x") == nil)
        #expect(h.engine.property("navigation.screen.a.nothing") == nil)
    }
}

/// `appendStateValues` (what `wait_idle` compares every frame) answers without names; it must
/// give exactly the values read by name, in `propertyNames` order.
@Suite("Navigation state values")
struct StateValueTests {
    private func byName(_ engine: NavigationEngine) -> [Double?] { engine.propertyNames.map { engine.property($0) } }

    private func direct(_ engine: NavigationEngine) -> [Double?] {
        var values: [Double?] = []
        engine.appendStateValues(to: &values)
        return values
    }

    @Test func atRestTheyAreThePropertiesReadByName() throws {
        let h = NavigationHarness()
        try h.start(with: "a", "b")
        h.step()
        #expect(direct(h.engine) == byName(h.engine))
    }

    @Test func midPushAndMidPopTheyAreThePropertiesReadByName() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        try h.engine.push(makeScreen("b", largeTitle: true), animated: true, in: h.world)
        h.step(7)
        #expect(direct(h.engine).count == 7 + 2 * 8)
        #expect(direct(h.engine) == byName(h.engine))
        h.step(30)
        h.engine.pop(animated: true, in: h.world)
        h.step(5)
        #expect(direct(h.engine) == byName(h.engine))
    }
}
