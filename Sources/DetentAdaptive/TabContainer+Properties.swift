import DetentWorld
import DetentLayout

/// The tab container's script-visible properties, declared once (see `EngineProperty`); its
/// screens and navigation are handles the binding adds.
extension TabContainer: TabulatedEngine {
    public static let properties = PropertyTable<TabContainer>([
        .value("name", "string", "The engine's name, the prefix of its world properties.") { .string($0.name) },
        .value("mode", "\"alone\"|\"embedded\"", "") { .string($0.mode.rawValue) },
        .traced("bar_alpha", unit: "0…1", "0…1 (fades over 0.25 s).") { $0.barAlpha },
        .traced("depth", "integer", unit: nil, "Depth of the selected tab's stack as the container counts it.") { Double($0.depth) },
        .traced("selected_index", "integer", unit: nil, "1-based. Selecting by assignment asks no should_select and emits no event.") { Double($0.selectedIndex + 1) },
        .traced("bar_height", unit: "pt", "Points.") { $0.barHeight },
        .value("bar_hidden", "boolean", "") { .boolean($0.isBarHidden) },
        .value("bar_frame", "detent.Rect", unit: "pt", "Points.") { tabs in
            let f = tabs.barFrame
            return .record([PropertyField("x", .number(f.x)), PropertyField("y", .number(f.y)),
                            PropertyField("width", .number(f.width)), PropertyField("height", .number(f.height))])
        },
    ])
}
