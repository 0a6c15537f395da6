import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld

/// A navigation stack (UINavigationController) as a state machine stepped by ticks (SPEC §4):
/// stack operations with push/pop transitions, a queue for operations requested mid-transition,
/// the navigation bar with its height and the content compensation, the interactive edge-swipe
/// pop, and a lifecycle log per screen. Points, seconds, pt/s.
///
/// Events: `navigation.will_show`, `navigation.did_show` (screen, operation), `navigation.queued`
/// (operation, queue length), `navigation.bar_hidden` (hidden), `screen.lifecycle` (screen, call),
/// `interactive_pop.began/changed/finished/cancelled` (progress, velocity).
public final class NavigationEngine {
    /// The events a navigation stack and its screens emit.
    public static let eventNames = ["navigation.will_show", "navigation.did_show", "navigation.queued", "navigation.bar_hidden", "navigation.bar_button", "interactive_pop.began", "interactive_pop.changed", "interactive_pop.finished", "interactive_pop.cancelled", "screen.lifecycle", "screen.content_size_changed"]

    /// How the bar moves between screens (SPEC §4).
    public enum BarStyle: String, Sendable, CaseIterable {
        /// the bar stays; height interpolates, titles cross-fade and slide
        case system
        /// each screen carries its own bar, which moves with it (seed article 004)
        case attached
    }

    public let name: String
    /// The lifecycle calls of a screen joining this stack, spelt once: every push and pop
    /// logs two of them.
    lazy var moveCallsToThisStack = (will: "willMove(toParent: \(name))", did: "didMove(toParent: \(name))")
    public let defaults: NavigationDefaults
    public internal(set) var stack: [Screen] = []
    var transition: NavigationTransition?
    /// How many transitions have begun, to number them (`TransitionEnds.number`).
    var transitionsBegun = 0
    var queue: [NavigationOperation] = []
    /// Screens entering with the current transition (didMove(toParent:) at its end).
    var pendingAdded: [Screen] = []
    /// The container in window points (the whole screen, or a sheet's area).
    public var container: Rect
    /// The container's own top safe inset (the device's, in a full-screen container), points.
    public var containerTopInset: Double
    /// The container's left, bottom and right safe insets (the device's when full screen), points.
    public var containerInsets: Insets
    /// Where the stack sits (its container's placement; `window` without one).
    public private(set) var placement: NavigationPlacement
    /// The container hosting the stack (nil: full screen in the window).
    public private(set) weak var host: NavigationContainer?
    /// Laid out as in a sheet: the sheet's bar metrics, no top safe inset, no own scrolling.
    public var inSheet: Bool { placement == .sheet }
    public var barStyle: BarStyle = .system
    /// Whether the engine applies the seed article's compensation (off only to show the jump).
    public var compensatesBarHeight = true
    public internal(set) var isBarHidden = false
    /// 1 shown, 0 hidden; animates when the bar is hidden or shown animated.
    public internal(set) var barVisibility: Double = 1
    var barAnimation: TimingAnimator?
    /// The finger driving an interactive pop.
    weak var popTouch: Touch?
    var idiom: DeviceProfile.Idiom
    var orientation: Orientation
    /// Whether the stack follows the window on rotation and resize: only a full-screen one; a
    /// container that places the stack itself (a sheet, a split view's column) moves it.
    public var followsWindow: Bool { placement == .window }

    /// A stack full screen in the window, or laid out for `placement` before a container
    /// adopts it (`world:navigation{in_sheet = true}` shows a sheet's metrics without a sheet).
    public init(name: String = "navigation", world: World, defaults: NavigationDefaults, placement: NavigationPlacement = .window) {
        self.name = name
        self.defaults = defaults
        self.placement = placement
        let configuration = world.configuration
        container = Rect(x: 0, y: 0, width: configuration.screenWidth, height: configuration.screenHeight)
        containerTopInset = placement == .sheet ? 0 : configuration.safeAreaInsets.top
        let device = configuration.safeAreaInsets
        containerInsets = Insets(top: 0, left: device.left, bottom: device.bottom, right: device.right)
        idiom = configuration.device.idiom
        orientation = configuration.orientation
    }

    /// `container` hosts this stack from now on, which places it where the container says.
    public func adopt(by container: NavigationContainer) {
        host = container
        placement = container.navigationPlacement
        if placement == .sheet { containerTopInset = 0 }
    }

    public var topScreen: Screen? { stack.last }
    public var isTransitioning: Bool { transition != nil }
    public var isInteractive: Bool { transition?.isInteractive ?? false }
    public var queuedOperations: Int { queue.count }

    // MARK: Bar metrics

    /// The bar's height for a screen's navigation item, points (SPEC §3 bar metrics).
    public func barHeight(for screen: Screen) -> Double {
        var height: Double
        if inSheet { height = defaults.barHeightInSheet }
        else if idiom == .pad { height = defaults.barHeightPad }
        else { height = orientation == .portrait ? defaults.barHeightPhonePortrait : defaults.barHeightPhoneLandscape }
        if screen.navigationItem.largeTitle == .always { height += defaults.largeTitleExtra }
        if screen.navigationItem.prompt != nil { height += defaults.promptExtra }
        return height
    }

    /// How much of the bar shows for a screen on top: 0 when the bar is hidden (for all
    /// screens, or by the screen's own preference), 1 when shown, between while animating.
    public func barVisibility(for screen: Screen) -> Double {
        screen.navigationItem.prefersBarHidden ? 0 : barVisibility
    }

    /// The top inset a visible bar adds for a screen: max(bar height, 44), scaled by visibility.
    func barInset(for screen: Screen) -> Double {
        max(barHeight(for: screen), defaults.minimumBarInset) * barVisibility(for: screen)
    }

    /// The bar's height as shown right now (interpolated during a transition; 0 hidden), points.
    public var currentBarHeight: Double {
        if let t = transition { return t.fromBarHeight + (t.toBarHeight - t.fromBarHeight) * t.progress }
        return topScreen.map { barHeight(for: $0) * barVisibility(for: $0) } ?? 0
    }

    /// The bar's height once any hide/show animation ends (0 when hidden), points: what a
    /// container sizing itself to the content aims for outside a transition.
    public var restingBarHeight: Double {
        guard let top = topScreen, !isBarHidden, !top.navigationItem.prefersBarHidden else { return 0 }
        return barHeight(for: top)
    }

    /// The top inset the bar adds right now, points.
    public var currentBarInset: Double {
        if let t = transition { return t.fromBarInset + (t.toBarInset - t.fromBarInset) * t.progress }
        return topScreen.map { barInset(for: $0) } ?? 0
    }

    /// The height the container needs for the content on show, points (SPEC §4: in a sheet it
    /// animates from the outgoing screen's content height to the incoming one's with the
    /// transition's progress; a change of either during the transition bends the blend
    /// through the height on show instead of jumping — `ContentHeightBlend`). Outside a
    /// transition, the top screen's. The sheet adds the bar and the bottom inset to it.
    public var contentHeight: Double {
        if let t = transition { return t.contentHeight }
        return topScreen?.content.height ?? 0
    }

    /// The two ends of the transition under way, as they are now, and its eased progress; nil
    /// when none.
    public var transitionEnds: TransitionEnds? {
        guard let t = transition else { return nil }
        return TransitionEnds(fromBar: t.fromBarHeight, fromContent: t.from.content.height, toBar: t.toBarHeight,
                              toContent: t.to.content.height, progress: t.progress, number: t.number)
    }

    /// Transition progress (0 when none), eased as shown.
    public var progress: Double { transition?.progress ?? 0 }

    // MARK: WorldEngine

    public var isBusy: Bool {
        // `barAnimation?.isFinished` reads one field in place; `barAnimation != nil` copies
        // the whole animator (a dozen words and a curve) first.
        transition != nil || barAnimation?.isFinished != nil || !queue.isEmpty
    }

    public func advance(to tick: Tick, in world: World) {
        if let visibility = barAnimation.advanceInPlace(to: VirtualTime.seconds(tick.targetTimestamp)) { barVisibility = visibility }
        guard let t = transition else { return }
        if t.advance(to: tick.targetTimestamp) { completeTransition(in: world) }
    }

    public func layout(for tick: Tick, in world: World) {
        layoutScreens()
    }

    /// Bar metrics follow the new orientation; a full-screen stack (`followsWindow`) also
    /// takes the new window as its container, with the device's insets for it.
    public func windowDidChange(from old: WorldConfiguration, in world: World) {
        let configuration = world.configuration
        orientation = configuration.orientation
        guard followsWindow else { return }
        container = Rect(x: 0, y: 0, width: configuration.windowWidth, height: inSheet ? container.height : configuration.screenHeight)
        let device = configuration.safeAreaInsets
        if !inSheet { containerTopInset = device.top }
        containerInsets = Insets(top: 0, left: device.left, bottom: device.bottom, right: device.right)
        layoutScreens()
    }
}

/// Phase 4: the stack's screens laid out for the frame (`layout(for:in:)`).
extension NavigationEngine: LaysOut {}
