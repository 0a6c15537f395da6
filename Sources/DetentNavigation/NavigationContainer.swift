import DetentWorld

/// Where a navigation stack sits: it decides the bar's metrics, whether the stack follows
/// the window and whether it scrolls its own content (SPEC §3–§5, §7).
public enum NavigationPlacement: String, Sendable, CaseIterable {
    /// Full screen in the window: it follows rotation and resizes, takes the device's safe
    /// insets and scrolls its content itself.
    case window
    /// In a bottom sheet: the sheet places it and scrolls its content; bar metrics of a sheet
    /// (SPEC §3), no top safe inset.
    case sheet
    /// A column of a split view (or the stack of a tab container there): the container places it.
    case column
}

/// What hosts a navigation stack — the sheet, the split view, the tab container — as
/// UIKit's container view controllers host a UINavigationController. The one protocol a new
/// container adopts: it says where the stack sits, hears what the stack does, and may take
/// over showing a screen (`show(_:sender:)` walking up to the split view). A stack without a
/// container is full screen in the window.
public protocol NavigationContainer: AnyObject {
    /// Where stacks this container hosts sit.
    var navigationPlacement: NavigationPlacement { get }
    /// An operation started or a transition ended (SPEC §7: the tab container counts depth
    /// from these). Called synchronously, in the tick or the call that caused it.
    func navigation(_ navigation: NavigationEngine, didNotify notification: NavigationNotification, in world: World)
    /// A change was applied at once (an operation or a bar hide with `animated = false`): a
    /// container that follows the content's height (the sheet) jumps with it.
    func navigationDidChangeImmediately(_ navigation: NavigationEngine)
    /// Asked to show `screen` for `navigation` (UIKit's `show(_:sender:)` going up the
    /// containers): true when this container showed it (a split view shows a detail), false
    /// to let the stack push it.
    func show(_ screen: Screen, from navigation: NavigationEngine, in world: World) throws -> Bool
}

extension NavigationContainer {
    public func navigation(_ navigation: NavigationEngine, didNotify notification: NavigationNotification, in world: World) {}
    public func navigationDidChangeImmediately(_ navigation: NavigationEngine) {}
    public func show(_ screen: Screen, from navigation: NavigationEngine, in world: World) throws -> Bool { false }
}
