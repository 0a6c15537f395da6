import Testing
import DetentTestSupport
import DetentMotion
import DetentNavigation
import DetentTime
import DetentWorld
@testable import DetentAdaptive

/// SPEC §3, §7: the tab bar fades over 0.25 s when the depth crosses 1, and its height (49,
/// 32 in landscape on phones narrower than 400 pt, 50 on iPad) is the tab roots' additional
/// bottom safe inset.
@Suite("Tab bar")
struct TabBarTests {
    static func tabs(_ device: DeviceProfile, _ orientation: Orientation = .portrait) throws -> (World, TabContainer) {
        let world = World(configuration: WorldConfiguration(device: device, orientation: orientation))
        let tabs = try TabContainer(navigationName: "navigation", world: world, defaults: AdaptiveDefaults(),
                                    navigationDefaults: NavigationDefaults(), roots: [Screen(id: "a")], mode: .alone)
        try tabs.attach(to: world)
        return (world, tabs)
    }

    @Test func barHeightsByIdiomAndOrientation() throws {
        #expect(try Self.tabs(TestDevices.phone()).1.barHeight == 49)
        #expect(try Self.tabs(TestDevices.phone(), .landscape).1.barHeight == 32)
        #expect(try Self.tabs(TestDevices.largePhone(), .landscape).1.barHeight == 49)
        #expect(try Self.tabs(TestDevices.pad()).1.barHeight == 50)
        #expect(try Self.tabs(TestDevices.pad(), .landscape).1.barHeight == 50)
    }

    @Test func tabRootsGetTheBarHeightAsBottomSafeInset() throws {
        let (world, tabs) = try Self.tabs(TestDevices.phone())
        world.step()
        #expect(tabs.selectedRoot.additionalSafeAreaInsets.bottom == 49)
        #expect(tabs.selectedRoot.safeAreaInsets.bottom == 34 + 49)
        world.rotate(to: .landscape)
        world.step()
        #expect(tabs.selectedRoot.safeAreaInsets.bottom == 21 + 32)
        #expect(tabs.barFrame.height == 21 + 32)
    }

    @Test func hidingFadesAlphaOverAQuarterSecondOnEaseInEaseOut() throws {
        let (world, tabs) = try Self.tabs(TestDevices.phone())
        try tabs.push(Screen(id: "x"), animated: true, in: world)
        for _ in 1...15 {
            world.step()
            let linear = min(VirtualTime.seconds(world.time) / 0.25, 1)
            expectClose(tabs.barAlpha, 1 - CubicBezier.easeInEaseOut.value(at: linear), tolerance: 1e-9)
        }
        #expect(tabs.barAlpha == 0)
        #expect(!tabs.isBusy)
    }

    @Test func showingWaitsForThePopToComplete() throws {
        let (world, tabs) = try Self.tabs(TestDevices.phone())
        try tabs.push(Screen(id: "x"), animated: false, in: world)
        for _ in 0..<20 { world.step() }
        #expect(tabs.barAlpha == 0)
        tabs.navigation.pop(animated: true, in: world)
        for _ in 0..<20 { world.step() }
        #expect(tabs.barAlpha == 0)                 // the pop runs until frame 21 after it
        for _ in 0..<40 { world.step() }
        #expect(tabs.barAlpha == 1)
    }

    @Test func propertiesForTraces() throws {
        let (world, tabs) = try Self.tabs(TestDevices.pad())
        #expect(world.property("tabs.bar_alpha") == 1)
        #expect(world.property("tabs.depth") == 1)
        #expect(world.property("tabs.selected_index") == 1)
        #expect(world.property("tabs.bar_height") == 50)
        _ = tabs
    }
}
