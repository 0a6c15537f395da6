import DetentNavigation

/// Who asked a split view to show a detail screen (UIKit's `sender` of
/// showDetailViewController, SPEC §7). Only whether it comes from the primary column matters.
public enum DetailSender {
    /// The primary column itself: the tab container (what its `push` sends in embedded mode).
    case primary
    /// A screen: from the primary column when it is the selected tab's root.
    case screen(Screen)
    /// Anything else (the secondary column, a button elsewhere, nil).
    case other
}
