import DetentNavigation
import DetentWorld

extension SplitViewEngine {
    /// Shows `screen` as the detail (UIKit's showDetailViewController, SPEC §7).
    ///
    /// Collapsed: a raw push onto the primary stack, animated, counting depth.
    /// Expanded: when the sender is the primary column or its selected tab's root, the
    /// secondary stack pops to its root without animation first, and the push is animated only
    /// if the secondary showed its placeholder; from any other sender the push is animated.
    /// An expansion still running completes first, so its screens go beneath the new one.
    public func showDetail(_ screen: Screen, sender: DetailSender, in world: World) throws {
        if screen.parentName != nil || screen === placeholder { throw AdaptiveError.screenInUse(screen.id) }
        if state.isCollapsed {
            try tabs.rawPush(screen, animated: true, in: world)
            return
        }
        finishSizeChange(in: world)
        let placeholderOnTop = secondary.topScreen === placeholder
        let fromPrimary: Bool
        switch sender {
        case .primary: fromPrimary = true
        case let .screen(s): fromPrimary = s === tabs.selectedRoot
        case .other: fromPrimary = false
        }
        if fromPrimary { secondary.popToRoot(animated: false, in: world) }
        do { try secondary.push(screen, animated: placeholderOnTop || !fromPrimary, in: world) } catch let error as NavigationError {
            throw AdaptiveError.navigation(error)
        }
    }
}
