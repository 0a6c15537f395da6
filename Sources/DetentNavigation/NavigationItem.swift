/// What a screen shows in the navigation bar (UINavigationItem): title, prompt, large-title
/// mode, back button and bar buttons (named by their titles).
public struct NavigationItem: Equatable, Sendable {
    public enum LargeTitleMode: String, Sendable, CaseIterable { case never, always }

    public var title: String?
    public var prompt: String?
    public var largeTitle: LargeTitleMode = .never
    /// Title of the back button that leads back to this screen (nil: the screen's title).
    public var backButtonTitle: String?
    public var hidesBackButton = false
    /// The screen wants no navigation bar while it is on top (UIKit apps call
    /// setNavigationBarHidden in viewWillAppear for this).
    public var prefersBarHidden = false
    public var leftItems: [String] = []
    public var rightItems: [String] = []

    public init(title: String? = nil) { self.title = title }
}

/// What a screen shows in a tab bar (UITabBarItem).
public struct TabItem: Equatable, Sendable {
    public var title: String
    public var badge: String?
    public init(title: String, badge: String? = nil) {
        self.title = title
        self.badge = badge
    }
}
