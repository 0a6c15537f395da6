import DetentWorld

/// The navigation's script-visible properties, declared once (see `EngineProperty`). Its
/// screens are handles the binding adds; the per-screen world properties
/// ("<name>.screen.<id>.x", …) come and go with the screens on show
/// (`NavigationEngine+Parts`).
extension NavigationEngine: TabulatedEngine {
    public static let properties = PropertyTable<NavigationEngine>([
        .value("name", "string", "The engine's name, the prefix of its world properties.") { .string($0.name) },
        .traced("depth", "integer", unit: nil, "Number of screens.") { Double($0.stack.count) },
        .traced("bar_height", unit: "pt", "The bar's current height, points.") { $0.currentBarHeight },
        .traced("bar_inset", unit: "pt", "The top inset the bar gives content, points.") { $0.currentBarInset },
        .value("bar_hidden", "boolean", "") { .boolean($0.isBarHidden) },
        .traced("bar_visibility", unit: "0…1", "0 hidden … 1 shown (animates).") { $0.barVisibility },
        .value("bar_style", "\"system\"|\"attached\"", "") { .string($0.barStyle.rawValue) },
        .traced("progress", unit: "0…1", "Progress of the running transition, 0…1.") { $0.progress },
        .value("transitioning", "boolean", "") { .boolean($0.isTransitioning) },
        .value("interactive", "boolean", "Whether an interactive pop (edge swipe) is in progress.") { .boolean($0.isInteractive) },
        .traced("queued", "integer", unit: nil, "Operations waiting for the running transition.") { Double($0.queue.count) },
        .traced("content_height", unit: "pt", "The top screen's content height, points, without the bar (what a sheet follows, adding the bar).") { $0.contentHeight },
    ])
}
