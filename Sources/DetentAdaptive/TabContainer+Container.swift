import DetentNavigation
import DetentWorld

/// The tab container hosts its stack: inside a split view the stack is the primary column
/// (the split places it), alone it is full screen; depth is counted from what the stack tells
/// (SPEC §7).
extension TabContainer: NavigationContainer {
    public var navigationPlacement: NavigationPlacement { mode == .embedded ? .column : .window }

    public func navigation(_ navigation: NavigationEngine, didNotify notification: NavigationNotification, in world: World) {
        observe(notification, in: world)
    }
}
