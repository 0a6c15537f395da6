import DetentLayout

/// A simulated view controller (SPEC §3): id, title, navigation and tab items, content, and
/// what its container computes each frame — its frame in window points, its safe-area insets
/// (the container's plus `additionalSafeAreaInsets`) — and a lifecycle log in UIKit's order.
public final class Screen {
    /// Where the screen is in UIKit's appearance cycle.
    public enum Appearance: String, Sendable { case disappeared, appearing, appeared, disappearing }

    public let id: String
    public var title: String? {
        didSet { if navigationItem.title == nil { navigationItem.title = title } }
    }
    public var navigationItem: NavigationItem
    public var tabItem: TabItem?
    public var content: ScreenContent
    /// Insets a container adds on top of the device's and the bars' (UIKit's
    /// additionalSafeAreaInsets), points.
    public var additionalSafeAreaInsets: Insets = .zero
    /// The navigation engine's compensation while the bar changes height (SPEC §4), added on
    /// top of `additionalSafeAreaInsets.top`; 0 outside transitions. Points.
    public internal(set) var barCompensation: Double = 0
    /// Window coordinates, points. Set by the container every frame.
    public internal(set) var frame: Rect = .zero
    /// Safe-area insets in the screen's own coordinates, points. Set by the container.
    public internal(set) var safeAreaInsets: Insets = .zero
    public internal(set) var appearance: Appearance = .disappeared
    /// The container it is in, by name (nil when in none).
    public internal(set) var parentName: String?
    /// Lifecycle calls in order: viewWillAppear, viewDidAppear, viewWillDisappear,
    /// viewDidDisappear, willMove(toParent: NAME), didMove(toParent: NAME), …(toParent: nil).
    public internal(set) var lifecycle: [String] = []

    public init(id: String, title: String? = nil, content: ScreenContent = .scroll(ScrollContent(contentHeight: 0))) {
        self.id = id
        self.title = title
        self.navigationItem = NavigationItem(title: title)
        self.content = content
    }

    /// Holds a screen that is in no stack for a container that takes it later (a split view's
    /// expansion keeps the screens it moves until it completes): meanwhile no stack accepts it.
    public func reserve(for owner: String) {
        if parentName == nil { parentName = owner }
    }

    /// Ends a reservation made by `owner`.
    public func releaseReservation(by owner: String) {
        if parentName == owner { parentName = nil }
    }

    /// y of the top of the safe area in window points: where pinned content starts.
    public var contentTop: Double { frame.y + safeAreaInsets.top }
}
