import Testing
import DetentTestSupport
import DetentNavigation
import DetentTime
import DetentWorld
@testable import DetentAdaptive

/// SPEC §7 depth counting of the tab container in `alone` mode: up on push, down when a pop
/// completes, unchanged by a cancelled interactive pop, 1 on pop-to-root and tab selection.
@Suite("Tab container depth")
struct TabDepthTests {
    final class Harness {
        let world: World
        let tabs: TabContainer
        let roots = ["a", "b"].map { Screen(id: $0) }
        init(device: DeviceProfile = TestDevices.phone()) throws {
            world = World(configuration: WorldConfiguration(device: device))
            tabs = try TabContainer(navigationName: "navigation", world: world, defaults: AdaptiveDefaults(),
                                    navigationDefaults: NavigationDefaults(), roots: roots, mode: .alone)
            try tabs.attach(to: world)
        }
        func settle() { for _ in 0..<600 where world.isBusy { world.step() } }
        func step(_ n: Int) { for _ in 0..<n { world.step() } }
    }

    @Test func pushRaisesTheDepthAsItStarts() throws {
        let h = try Harness()
        try h.tabs.push(Screen(id: "x"), animated: true, in: h.world)
        #expect(h.tabs.depth == 2)
        #expect(h.tabs.isBarHidden)
    }

    @Test func popLowersTheDepthOnlyWhenItCompletes() throws {
        let h = try Harness()
        try h.tabs.push(Screen(id: "x"), animated: false, in: h.world)
        h.tabs.navigation.pop(animated: true, in: h.world)
        #expect(h.tabs.depth == 2)
        h.step(20)
        #expect(h.tabs.depth == 2)
        h.step(1)   // frame 21 ≥ 0.35 s
        #expect(h.tabs.depth == 1)
        #expect(!h.tabs.isBarHidden)
    }

    @Test func popToRootSetsTheDepthToOneAtOnce() throws {
        let h = try Harness()
        for id in ["x", "y", "z"] { try h.tabs.push(Screen(id: id), animated: false, in: h.world) }
        #expect(h.tabs.depth == 4)
        h.tabs.navigation.popToRoot(animated: true, in: h.world)
        #expect(h.tabs.depth == 1)
        h.settle()
        #expect(h.tabs.depth == 1)
    }

    @Test func popToLowersByTheScreensRemovedWhenItCompletes() throws {
        let h = try Harness()
        let x = Screen(id: "x")
        try h.tabs.push(x, animated: false, in: h.world)
        for id in ["y", "z"] { try h.tabs.push(Screen(id: id), animated: false, in: h.world) }
        try h.tabs.navigation.popTo(x, animated: true, in: h.world)
        #expect(h.tabs.depth == 4)
        h.settle()
        #expect(h.tabs.depth == 2)
    }

    @Test func aCancelledInteractivePopChangesNothingAndAFinishedOneCountsOnce() throws {
        let h = try Harness()
        try h.tabs.push(Screen(id: "x"), animated: false, in: h.world)
        // Cancelled: 30% of the width, then a hold (velocity 0).
        var touch = h.world.touches.begin(at: Point(x: 5, y: 400), time: h.world.time + 16_666_667)
        try h.world.touches.move(touch, to: Point(x: 120, y: 400), at: h.world.time + 33_333_334)
        try h.world.touches.end(touch, at: h.world.time + 200_000_000)
        h.settle()
        #expect(h.tabs.navigation.stack.count == 2)
        #expect(h.tabs.depth == 2)
        // Finished: 70% of the width.
        touch = h.world.touches.begin(at: Point(x: 5, y: 400), time: h.world.time + 16_666_667)
        try h.world.touches.move(touch, to: Point(x: 280, y: 400), at: h.world.time + 33_333_334)
        try h.world.touches.end(touch, at: h.world.time + 200_000_000)
        h.settle()
        #expect(h.tabs.navigation.stack.count == 1)
        #expect(h.tabs.depth == 1)
    }

    @Test func selectionReplacesTheStackWithoutAnimationAndResetsDepth() throws {
        let h = try Harness()
        for id in ["x", "y"] { try h.tabs.push(Screen(id: id), animated: false, in: h.world) }
        #expect(try h.tabs.select(1, in: h.world))
        #expect(h.tabs.navigation.stack.map(\.id) == ["b"])
        #expect(!h.tabs.navigation.isTransitioning)
        #expect(h.tabs.depth == 1)
        #expect(h.tabs.selectedIndex == 1)
    }

    @Test func shouldSelectCanRefuseATab() throws {
        let h = try Harness()
        var asked: [String] = []
        h.tabs.shouldSelect = { index, screen in asked.append("\(index) \(screen.id)"); return index != 1 }
        #expect(try !h.tabs.select(1, in: h.world))
        #expect(h.tabs.selectedIndex == 0)
        #expect(h.tabs.navigation.stack.map(\.id) == ["a"])
        #expect(asked == ["1 b"])
    }

    @Test func settingTheSelectedIndexAsksNobody() throws {
        let h = try Harness()
        h.tabs.shouldSelect = { _, _ in Issue.record("should_select asked"); return false }
        try h.tabs.setSelectedIndex(1, in: h.world)
        #expect(h.tabs.selectedRoot.id == "b")
    }

    @Test func outOfRangeSelectionsAreSentences() throws {
        let h = try Harness()
        #expect(throws: AdaptiveError.tabOutOfRange(3, count: 2)) { try h.tabs.select(2, in: h.world) }
        #expect(AdaptiveError.tabOutOfRange(3, count: 2).description == "tab index 3 is out of range (expected 1…2)")
    }
}
