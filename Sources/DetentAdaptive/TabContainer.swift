import DetentLayout
import DetentMotion
import DetentNavigation
import DetentTime
import DetentWorld

/// A navigation stack with a tab bar (the seed article's EmbeddedTabBarController, SPEC §7)
/// as a state machine stepped by ticks. It counts the stack's logical depth (up when a push
/// starts, down when a pop completes, to 1 on pop-to-root or a tab selection; a cancelled
/// interactive pop changes nothing), shows the tab bar only while the depth is ≤ 1 — fading
/// its alpha over 0.25 s — and gives the tab roots an additional bottom safe inset equal to
/// the bar's height. Points, seconds.
///
/// Events: `tabs.did_select` (index, screen), `tabs.bar_hidden` (hidden, depth).
public final class TabContainer {
    /// The events a tab bar controller emits (each payload names it as `tabs`).
    public static let eventNames = ["tabs.did_select", "tabs.bar_hidden"]

    /// How pushes are routed (seed article: `NavigationMode`).
    public enum Mode: String, Sendable, CaseIterable {
        /// inside a split view: a push asks the split to show the screen as a detail
        case embedded
        /// on its own: a push goes straight onto the stack
        case alone
    }

    public let name: String
    public let defaults: AdaptiveDefaults
    public let mode: Mode
    /// The stack the tab bar sits on.
    public let navigation: NavigationEngine
    /// The root screen of each tab, in bar order.
    public let roots: [Screen]
    /// The selected tab, 0-based (scripts see it 1-based).
    public private(set) var selectedIndex: Int
    /// Logical depth of the stack (the seed's countOfViewControllers).
    public private(set) var depth = 1
    /// Tab bar alpha: 1 shown, 0 hidden, between while fading.
    public private(set) var barAlpha: Double = 1
    /// The bar's target: true once the depth went above 1.
    public private(set) var isBarHidden = false
    /// Asked before a user selection (`select`); false keeps the current tab. Nil allows all.
    public var shouldSelect: ((Int, Screen) throws -> Bool)?
    /// The container above this one (the split view), which a push in `embedded` mode goes
    /// through (`show(_:from:in:)`, as UIKit's show(_:sender:) walks up).
    public weak var container: NavigationContainer?
    var fade: TimingAnimator?
    let device: DeviceProfile
    var orientation: Orientation

    /// Creates the container with `roots` and shows root `selected` (0-based). The stack is
    /// a navigation engine named `navigationName`, added to `world` by `attach(to:)`.
    public init(name: String = "tabs", navigationName: String, world: World, defaults: AdaptiveDefaults,
                navigationDefaults: NavigationDefaults, roots: [Screen], selected: Int = 0, mode: Mode) throws {
        guard !roots.isEmpty else { throw AdaptiveError.noTabs }
        guard roots.indices.contains(selected) else { throw AdaptiveError.tabOutOfRange(selected + 1, count: roots.count) }
        var seen = Set<ObjectIdentifier>(minimumCapacity: roots.count)   // a hash, not a scan of those before
        for root in roots {
            if !seen.insert(ObjectIdentifier(root)).inserted { throw AdaptiveError.duplicateTab(root.id) }
            if root.parentName != nil { throw AdaptiveError.screenInUse(root.id) }
        }
        self.name = name
        self.defaults = defaults
        self.mode = mode
        self.roots = roots
        self.selectedIndex = selected
        device = world.configuration.device
        orientation = world.configuration.orientation
        navigation = NavigationEngine(name: navigationName, world: world, defaults: navigationDefaults)
        navigation.adopt(by: self)
        applyRootInsets()
    }

    /// Adds the container and its stack to `world` and shows the selected root.
    public func attach(to world: World) throws {
        world.addEngine(self)
        navigation.attach(to: world)
        do { try navigation.set([roots[selectedIndex]], animated: false, in: world) } catch let error as NavigationError {
            throw AdaptiveError.navigation(error)
        }
    }

    /// The selected tab's root screen.
    public var selectedRoot: Screen { roots[selectedIndex] }

    // MARK: Bar metrics (SPEC §3)

    /// The tab bar's height above the bottom safe inset: 49 on phones (32 in landscape on
    /// phones narrower than 400 pt), 50 on iPad. Points.
    public var barHeight: Double {
        if device.idiom == .pad { return defaults.tabBarHeightPad }
        if orientation == .landscape && device.width < defaults.narrowPhoneWidth { return defaults.tabBarHeightPhoneLandscapeNarrow }
        return defaults.tabBarHeightPhone
    }

    /// Tab roots carry the bar's height as additional bottom safe inset (the seed sets it while
    /// the depth is 1 and never removes it; only roots show at depth 1).
    func applyRootInsets() {
        for root in roots { root.additionalSafeAreaInsets.bottom = barHeight }
    }

    // MARK: Operations

    /// Pushes `screen`: in `embedded` mode through the split view's `showDetail` with this
    /// container as sender, in `alone` mode straight onto the stack (depth + 1).
    public func push(_ screen: Screen, animated: Bool, in world: World) throws {
        if mode == .embedded, let container, try container.show(screen, from: navigation, in: world) { return }
        try rawPush(screen, animated: animated, in: world)
    }

    /// Pushes onto the stack itself (the seed's rawPushViewController); depth goes up as the
    /// push starts.
    public func rawPush(_ screen: Screen, animated: Bool, in world: World) throws {
        do { try navigation.push(screen, animated: animated, in: world) } catch let error as NavigationError {
            throw AdaptiveError.navigation(error)
        }
    }

    /// A user's tap on tab `index` (0-based): asks `shouldSelect`; if allowed, replaces the
    /// stack with that tab's root without animation, resets depth to 1, selects it and emits
    /// `tabs.did_select`. Returns whether the tab was selected.
    @discardableResult
    public func select(_ index: Int, in world: World) throws -> Bool {
        guard roots.indices.contains(index) else { throw AdaptiveError.tabOutOfRange(index + 1, count: roots.count) }
        if let shouldSelect, try !shouldSelect(index, roots[index]) { return false }
        try replaceContent(with: index, in: world)
        world.emit("tabs.did_select", [("tabs", .string(name)), ("index", .integer(Int64(index + 1))), ("screen", .string(roots[index].id))])
        return true
    }

    /// Sets the selection in code (UIKit's selectedIndex setter): no `shouldSelect`, no event.
    public func setSelectedIndex(_ index: Int, in world: World) throws {
        guard roots.indices.contains(index) else { throw AdaptiveError.tabOutOfRange(index + 1, count: roots.count) }
        try replaceContent(with: index, in: world)
    }

    private func replaceContent(with index: Int, in world: World) throws {
        // Depth becomes 1 when the set runs (at once, or after a transition in flight).
        do { try navigation.set([roots[index]], animated: false, in: world) } catch let error as NavigationError {
            throw AdaptiveError.navigation(error)
        }
        selectedIndex = index
    }

    // MARK: Depth (SPEC §7)

    func observe(_ notification: NavigationNotification, in world: World) {
        switch notification {
        case let .started(operation, stackCount):
            switch operation {
            case "push": depth += 1
            case "pop_to_root", "set": depth = stackCount
            default: break   // pop, pop_to: the depth falls when they complete
            }
        case let .completed(operation, removed):
            if operation == "pop" || operation == "pop_to" || operation == "interactive_pop" {
                depth = max(1, depth - removed)
            }
        case .cancelled:
            break
        }
        updateBarVisibility(in: world)
    }

    private func updateBarVisibility(in world: World) {
        let hidden = depth > 1
        guard hidden != isBarHidden else { return }
        isBarHidden = hidden
        fade = TimingAnimator(from: barAlpha, to: hidden ? 0 : 1, duration: defaults.tabBarFadeDuration,
                              timing: world.timingCurve(named: defaults.tabBarFadeCurve) ?? .bezier(.easeInEaseOut),
                              startTime: VirtualTime.seconds(world.time))
        world.emit("tabs.bar_hidden", [("tabs", .string(name)), ("hidden", .boolean(hidden)), ("depth", .integer(Int64(depth)))])
    }

    // MARK: WorldEngine

    public var isBusy: Bool {
        // One field read in place; `fade != nil` copies the whole animator first.
        fade?.isFinished != nil
    }

    public func advance(to tick: Tick, in world: World) {
        if let alpha = fade.advanceInPlace(to: VirtualTime.seconds(tick.targetTimestamp)) { barAlpha = alpha }
    }

    public func windowDidChange(from old: WorldConfiguration, in world: World) {
        orientation = world.configuration.orientation
        applyRootInsets()
        // Screens read right after rotate() see the new insets, not the next frame's.
        navigation.layoutScreens()
    }

    /// The tab bar's frame in window points: along the bottom of the stack's container, bar
    /// height plus the bottom safe inset.
    public var barFrame: Rect {
        let c = navigation.container
        let height = barHeight + navigation.containerInsets.bottom
        return Rect(x: c.x, y: c.y + c.height - height, width: c.width, height: height)
    }
}
