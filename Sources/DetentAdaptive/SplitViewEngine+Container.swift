import DetentNavigation
import DetentWorld

/// The split view hosts the secondary stack and the tab container of the primary column: it
/// places both columns, and a screen the primary column shows goes through `showDetail`
/// with the primary column as sender (SPEC §7).
extension SplitViewEngine: NavigationContainer {
    public var navigationPlacement: NavigationPlacement { .column }

    public func show(_ screen: Screen, from navigation: NavigationEngine, in world: World) throws -> Bool {
        try showDetail(screen, sender: navigation === primary ? .primary : .other, in: world)
        return true
    }
}
