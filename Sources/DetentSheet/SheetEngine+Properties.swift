import DetentWorld
import DetentRelease
import DetentLayout

/// The sheet's script-visible properties, declared once (see `EngineProperty`).
extension SheetEngine: TabulatedEngine {
    public static let properties = PropertyTable<SheetEngine>([
        .value("name", "string", "The engine's name, the prefix of its world properties.") { .string($0.name) },
        .traced("height", unit: "pt", "Visible height, points.") { $0.height },
        .traced("top", unit: "pt", "Its top edge in the window, points.") { $0.top },
        .number("cap", unit: "pt", "The highest it may be (screen minus safe top), points.") { $0.cap },
        .value("state", "\"hidden\"|\"presenting\"|\"resting\"|\"dragging\"|\"settling\"|\"dismissing\"", "") { .string($0.state.name) },
        .value("detent", "string?", "The detent it rests at.") { .optional($0.restingDetent) },
        .value("target_detent", "string?", "The detent it is heading to.") { .optional($0.state.detent) },
        .value("detents", "detent.SheetDetent[]", unit: "pt", "Detents with their heights (points).") { sheet in
            .list(sheet.detents.map { .record([PropertyField("name", .string($0.name)), PropertyField("height", .number($0.height))]) })
        },
        .value("presented", "boolean", "") { .boolean($0.isPresented) },
        .traced("velocity", unit: "pt/s", "The top edge's velocity, pt/s (positive: downwards, shrinking): while a finger carries the sheet, what a release then would carry (its tracked velocity; 0 once it rests over 40 ms); its animation's otherwise.") { $0.velocity },
        .traced("dimming", unit: "0…1", "Dimming alpha, 0…1.") { $0.dimmingAlpha },
        .number("release_velocity", unit: "pt/s", "pt/s.") { $0.releaseVelocity },
        .number("interrupted_velocity", unit: "pt/s", "pt/s.") { $0.interruptedVelocity },
        .traced("content_height", unit: "pt", "What the `content` detent fits, points.") { $0.contentHeight },
        .traced("content_offset", unit: "pt", "The top screen's scroll offset, points (0 for a stack layout).") { $0.scrollContent?.offset ?? 0 },
        .value("dismissible", "boolean", "") { .boolean($0.isDismissible) },
        .value("dims_tap", "boolean", "Whether a tap on the dimming dismisses it.") { .boolean($0.dismissesOnDimmingTap) },
        .value("policy", "string", "The release policy's name; assign a name or a function(release).") { .string($0.policy.name) },
    ])
}
