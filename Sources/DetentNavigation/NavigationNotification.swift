/// What a navigation engine tells its owning container (a tab container counting depth,
/// SPEC §7) about the operations it runs. Delivered synchronously to
/// `NavigationContainer.navigation(_:didNotify:in:)`; scripts see events instead.
public enum NavigationNotification: Equatable, Sendable {
    /// An operation starts running (a request queued mid-transition notifies when it runs);
    /// `stackCount` is the number of screens once it completes.
    case started(operation: String, stackCount: Int)
    /// A transition ended with its screens removed from the stack: `operation` is `push`,
    /// `pop`, `pop_to`, `pop_to_root`, `set` or `interactive_pop`; `removed` counts the
    /// screens that left.
    case completed(operation: String, removed: Int)
    /// An interactive pop was cancelled: the stack is exactly as before.
    case cancelled(operation: String)
}
