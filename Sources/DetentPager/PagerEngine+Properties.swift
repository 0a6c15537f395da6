import DetentWorld

/// The pager's script-visible properties, declared once (see `EngineProperty`): the Lua
/// handle, traces, `wait_idle`, state snapshots, the console's completion, the editor type
/// definitions and docs/api.md all read this table.
extension PagerEngine: TabulatedEngine {
    public static let properties = PropertyTable<PagerEngine>([
        .value("name", "string", "The engine's name, the prefix of its world properties.") { .string($0.name) },
        .traced("offset", unit: "pt", "contentOffset.x, points: page i rests at (i − 1) · stride.") { $0.offset },
        .traced("position", unit: nil, "offset / stride + 1: the page shown, fractional between pages.") { $0.position },
        .traced("page", "integer", unit: nil, "The page it rests at; while moving, the page nearest the offset.") { Double($0.page) },
        .value("state", "\"resting\"|\"dragging\"|\"settling\"", "") { .string($0.state.name) },
        .number("target_page", "integer?", unit: nil, "The page it settles to, nil unless settling.") { $0.targetPage.map(Double.init) },
        .traced("velocity", unit: "pt/s", "Offset space, pt/s (positive: toward later pages): while a finger drags, what a release then would carry (its tracked velocity negated; 0 once it rests over 40 ms); the spring's while settling; 0 at rest.") { $0.velocity },
        .number("release_velocity", unit: "pt/s", "Offset-space velocity of the last release (the finger's x velocity negated), pt/s.") { $0.releaseVelocity },
        .number("projection", unit: "pt", "Where the last release projected the offset, points; nil before the first release.") { $0.projection },
        .number("interrupted_velocity", unit: "pt/s", "Velocity when a finger last caught the settling spring, pt/s.") { $0.interruptedVelocity },
        .number("pages", "integer", unit: nil, "How many pages.") { Double($0.geometry.pageCount) },
        .number("page_width", unit: "pt", "Width of a page, points (the window's unless given).") { $0.geometry.pageWidth },
        .number("spacing", unit: "pt", "Gap between pages, points.") { $0.geometry.spacing },
        .number("stride", unit: "pt", "page_width + spacing, points.") { $0.geometry.stride },
        .number("top", unit: "pt", "The frame's top that takes touches, points from the window's top.") { $0.top },
        .number("height", unit: "pt", "The frame's height, points.") { $0.height },
    ])
}
