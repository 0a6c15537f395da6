import DetentWorld
import DetentRelease
import DetentLayout

/// The drawer's script-visible properties, declared once (see `EngineProperty`): the Lua
/// handle, traces, `wait_idle`, state snapshots, the console's completion, the editor type
/// definitions and docs/api.md all read this table.
extension DrawerEngine: TabulatedEngine {
    public static let properties = PropertyTable<DrawerEngine>([
        .value("name", "string", "The engine's name, the prefix of its world properties.") { .string($0.name) },
        .traced("origin", unit: "pt", "Points from the window's top.") { $0.origin },
        .value("anchor", "string?", "The anchor it rests at, nil while moving.") { .optional($0.anchorName) },
        .value("state", "\"resting\"|\"dragging\"|\"settling\"", "") { .string($0.state.name) },
        .traced("velocity", unit: "pt/s", "pt/s (positive: downwards): while a finger carries the drawer, what a release then would carry (its tracked velocity; 0 once it rests over 40 ms); the spring's while settling; 0 at rest.") { $0.velocity },
        .number("release_velocity", unit: "pt/s", "Velocity of the last release, pt/s.") { $0.releaseVelocity },
        .number("interrupted_velocity", unit: "pt/s", "Velocity when the last settling was interrupted by a finger, pt/s.") { $0.interruptedVelocity },
        .value("anchors", "detent.NamedOrigin[]", unit: "pt", "Anchors top to bottom with their origins (points).") { drawer in
            .list(drawer.anchors.map { .record([PropertyField("name", .string($0.name)), PropertyField("origin", .number($0.origin))]) })
        },
        .value("limits", "{lower: number, upper: number}", unit: "pt", "Origins the drawer may rest between, points.") { drawer in
            .record([PropertyField("lower", .number(drawer.limits.lowerBound)), PropertyField("upper", .number(drawer.limits.upperBound))])
        },
        .traced("content_offset", unit: "pt", "The content's scroll offset, points.") { $0.content.offset },
        .number("content_height", unit: "pt", "The content's height, points.") { $0.content.contentHeight },
        .number("header_height", unit: "pt", "Points.") { $0.headerHeight },
        .value("policy", "string", "The release policy's name; assign a name or a function(release).") { .string($0.policy.name) },
        .value("bounces", "boolean", "Rubber-bands past its limits.") { .boolean($0.bounces) },
    ])
}
