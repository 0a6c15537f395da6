import DetentWorld
import DetentNavigation
import DetentLayout

/// The split view's script-visible properties, declared once (see `EngineProperty`); its
/// columns and tab container are handles the binding adds.
extension SplitViewEngine: TabulatedEngine {
    public static let properties = PropertyTable<SplitViewEngine>([
        .value("name", "string", "The engine's name, the prefix of its world properties.") { .string($0.name) },
        .tracedFlag("collapsed", "Whether one column shows (traced as 1 or 0).") { $0.state.isCollapsed },
        .value("state", "\"expanded\"|\"collapsing\"|\"collapsed\"|\"expanding\"", "") { .string($0.state.name) },
        .traced("primary_width", unit: "pt", "Points.") { $0.primary.container.width },
        .traced("secondary_width", unit: "pt", "Points (0 when collapsed).") { $0.showsBothColumns ? $0.secondary.container.width : 0 },
    ])
}
