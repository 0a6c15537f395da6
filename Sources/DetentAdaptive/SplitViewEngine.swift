import DetentLayout
import DetentNavigation
import DetentTime
import DetentWorld

/// A column-style split view whose primary column holds a tab container and whose secondary
/// column holds a navigation stack rooted at a placeholder (the seed article's
/// AdaptiveNavigator, SPEC §7), as a state machine stepped by ticks. A regular horizontal
/// size class shows both columns (the primary `primaryColumnWidth` wide on the left); a
/// compact one collapses to the primary column alone. Size classes change with rotation and
/// iPad multitasking resizes (`World.rotate`, `World.resize`). Points, seconds.
///
/// Events: `split.will_collapse` and `split.will_expand` (with `moved`, the number of screens
/// moved between the stacks), `split.did_collapse`, `split.did_expand` (with `moved`);
/// the tab container's and the two stacks' own events.
public final class SplitViewEngine {
    /// The events a split view emits (each payload names it as `split`).
    public static let eventNames = ["split.will_collapse", "split.did_collapse", "split.will_expand", "split.did_expand"]

    /// SPEC §7 states. A size change takes `sizeChangeDuration`; the `did_` events come at
    /// its end, and an expansion pushes the screens it took off the primary stack only then.
    public enum State: Equatable {
        case expanded
        case collapsed
        /// collapsing until `until` (ns); the stacks have already moved
        case collapsing(until: Nanoseconds)
        /// expanding until `until` (ns); `pending` wait to go onto the secondary stack
        case expanding(until: Nanoseconds, pending: [Screen])

        public var name: String {
            switch self {
            case .expanded: return "expanded"
            case .collapsed: return "collapsed"
            case .collapsing: return "collapsing"
            case .expanding: return "expanding"
            }
        }

        /// Collapsed or collapsing: one column shows.
        public var isCollapsed: Bool {
            switch self {
            case .collapsed, .collapsing: return true
            case .expanded, .expanding: return false
            }
        }

        public static func == (a: State, b: State) -> Bool {
            switch (a, b) {
            case (.expanded, .expanded), (.collapsed, .collapsed): return true
            case let (.collapsing(x), .collapsing(y)): return x == y
            case let (.expanding(x, p), .expanding(y, q)): return x == y && p.count == q.count && zip(p, q).allSatisfy { $0 === $1 }
            default: return false
            }
        }
    }

    public let name: String
    public let defaults: AdaptiveDefaults
    public internal(set) var state: State
    /// The primary column: a tab container in `embedded` mode.
    public let tabs: TabContainer
    /// The secondary column's stack, rooted at `placeholder`.
    public let secondary: NavigationEngine
    public let placeholder: Screen

    /// Builds the split on `world`'s current window: collapsed when the window is horizontally
    /// compact. The tab roots go into the primary column (`roots[selected]` on show), the
    /// placeholder into the secondary one. Call `attach(to:)` to add it to the world.
    public init(name: String = "split", world: World, defaults: AdaptiveDefaults, navigationDefaults: NavigationDefaults,
                roots: [Screen], selected: Int = 0, placeholder: Screen) throws {
        if placeholder.parentName != nil { throw AdaptiveError.screenInUse(placeholder.id) }
        if roots.contains(where: { $0 === placeholder }) { throw AdaptiveError.duplicateTab(placeholder.id) }
        self.name = name
        self.defaults = defaults
        self.placeholder = placeholder
        tabs = try TabContainer(navigationName: "primary", world: world, defaults: defaults, navigationDefaults: navigationDefaults,
                                roots: roots, selected: selected, mode: .embedded)
        secondary = NavigationEngine(name: "secondary", world: world, defaults: navigationDefaults)
        state = world.configuration.horizontalSizeClass == .compact ? .collapsed : .expanded
        tabs.container = self
        secondary.adopt(by: self)
    }

    /// The primary column's stack.
    public var primary: NavigationEngine { tabs.navigation }

    /// Adds the split, its tab container and both stacks to `world`, with their screens.
    public func attach(to world: World) throws {
        world.addEngine(self)
        try tabs.attach(to: world)
        secondary.attach(to: world)
        do { try secondary.set([placeholder], animated: false, in: world) } catch let error as NavigationError {
            throw AdaptiveError.navigation(error)
        }
        layoutColumns(in: world)
    }

    /// Whether both columns show (SPEC §7: expanded, or expanding).
    public var showsBothColumns: Bool { !state.isCollapsed }

    // MARK: Columns

    /// Places the columns in the window: side by side, or the primary column alone with the
    /// secondary one off screen to the right (so its edge swipe cannot start).
    func layoutColumns(in world: World) {
        let c = world.configuration
        let width = c.windowWidth, height = c.screenHeight, insets = c.safeAreaInsets
        let primaryWidth = showsBothColumns ? min(defaults.primaryColumnWidth, width) : width
        primary.container = Rect(x: 0, y: 0, width: primaryWidth, height: height)
        primary.containerTopInset = insets.top
        primary.containerInsets = Insets(top: 0, left: insets.left, bottom: insets.bottom, right: showsBothColumns ? 0 : insets.right)
        secondary.containerTopInset = insets.top
        if showsBothColumns {
            secondary.container = Rect(x: primaryWidth, y: 0, width: width - primaryWidth, height: height)
            secondary.containerInsets = Insets(top: 0, left: 0, bottom: insets.bottom, right: insets.right)
        } else {
            secondary.container = Rect(x: width, y: 0, width: width, height: height)
            secondary.containerInsets = Insets(top: 0, left: insets.left, bottom: insets.bottom, right: insets.right)
        }
        primary.layoutScreens()
        secondary.layoutScreens()
    }

    // MARK: WorldEngine

    public var isBusy: Bool {
        switch state {
        case .collapsing, .expanding: return true
        case .expanded, .collapsed: return false
        }
    }

    public func advance(to tick: Tick, in world: World) {
        switch state {
        case let .collapsing(until) where tick.targetTimestamp >= until:
            finishSizeChange(in: world)
        case let .expanding(until, _) where tick.targetTimestamp >= until:
            finishSizeChange(in: world)
        default:
            break
        }
    }
}
