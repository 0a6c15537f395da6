import Testing
// Re-exported: every file of this target uses its shared expectations and formulas.
@_exported import DetentTestSupport
import DetentNavigation
import DetentTime
import DetentWorld
@testable import DetentAdaptive

/// A world with a split view attached (three tab roots "a", "b", "c" and a placeholder),
/// recording every event it delivers.
final class SplitHarness {
    let world: World
    let split: SplitViewEngine
    let roots: [Screen]
    var events: [WorldEvent] = []

    init(device: DeviceProfile = TestDevices.pad(), orientation: Orientation = .portrait, defaults: AdaptiveDefaults = AdaptiveDefaults()) throws {
        world = World(configuration: WorldConfiguration(device: device, orientation: orientation))
        roots = ["a", "b", "c"].map { Screen(id: $0, title: $0.uppercased()) }
        split = try SplitViewEngine(world: world, defaults: defaults, navigationDefaults: NavigationDefaults(),
                                    roots: roots, placeholder: Screen(id: "placeholder"))
        try split.attach(to: world)
        world.observe { [unowned self] in events.append($0) }
        world.flushEvents()
        events.removeAll()
    }

    var tabs: TabContainer { split.tabs }
    var primaryIDs: [String] { split.primary.stack.map(\.id) }
    var secondaryIDs: [String] { split.secondary.stack.map(\.id) }

    func step(_ count: Int = 1) { for _ in 0..<count { world.step() } }

    /// Steps until nothing is busy (at most `limit` frames).
    func settle(limit: Int = 600) {
        world.flushEvents()
        for _ in 0..<limit where world.isBusy { world.step() }
    }

    func eventNames(prefix: String) -> [String] { events.map(\.name).filter { $0.hasPrefix(prefix) } }

    /// Pushes fresh screens named `ids` through the tab container, settling after each.
    @discardableResult
    func push(_ ids: String...) throws -> [Screen] {
        var screens: [Screen] = []
        for id in ids {
            let s = Screen(id: id)
            try tabs.push(s, animated: true, in: world)
            settle()
            screens.append(s)
        }
        return screens
    }
}

