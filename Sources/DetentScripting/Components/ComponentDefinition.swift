import DetentLua
import DetentPager
import DetentWorld

/// A kind of engine object a plugin defines in Lua with `detent.register_component(name,
/// definition)` (SPEC §12, docs/plugins.md "Components"): its properties and their initial
/// values, where it sits in the window, its named touch regions, its hit-testing layer and
/// the Lua callbacks the world calls in SPEC §1's phases. Read and checked once, when the
/// plugin registers it; `world:component(name, options)` makes instances (`ComponentEngine`).
struct ComponentDefinition {
    /// The name plugins register and scenarios ask for (`"pull_to_refresh"`).
    let name: String
    /// The plugin that registered it.
    let plugin: String
    /// Properties in name order (so every listing and fingerprint is deterministic), each
    /// with its initial value; the value's type is the property's type for good.
    let properties: [(name: String, initial: ComponentValue)]
    /// Where instances sit unless a scenario says otherwise, window points.
    let frame: ComponentRect
    /// Named touch regions in the frame's coordinates, in name order (the first that
    /// contains a touch-down claims it).
    let regions: [(name: String, rect: ComponentRect)]
    /// SPEC §8's hit-testing layer (`HitTestLayer`), front is higher.
    let layer: Int
    let callbacks: ComponentCallbacks
    /// Methods of its handles, in name order: plain Lua functions `(self, ...)` that the
    /// handle hands out as fields, so `c:end_refreshing()` runs as the caller's own Lua.
    let methods: [(name: String, function: LuaRef)]
    /// The events an instance emits (`self:emit("refresh")` is the world event
    /// `"<instance>.refresh"`), in name order: `world:on` and `wait_event` accept these names,
    /// and `emit` refuses any other.
    let events: [String]

    /// The handle class of its instances: one per definition, so that properties are plain
    /// fields (`c.offset`) and messages list them.
    var className: String { "component.\(name)" }

    /// Names an instance handle answers besides its properties (a property may not take one).
    static let reservedNames: Set<String> = ["name", "kind", "frame", "busy", "data", "animate", "spring", "stop", "emit"]

    /// Keys a definition table may have.
    static let keys = ["properties", "frame", "regions", "layer", "methods", "events", "began", "moved", "ended", "step", "layout"]

    /// SPEC §8's layers by the names definitions use, front to back.
    static let layers: [(name: String, value: Int)] = [
        ("dimming", HitTestLayer.dimming), ("sheet", HitTestLayer.sheet), ("drawer_header", HitTestLayer.drawerHeader),
        ("drawer_content", HitTestLayer.drawerContent), ("navigation_bar_items", HitTestLayer.navigationBarItems),
        ("screen_edge", HitTestLayer.screenEdge), ("pager", HitTestLayer.pager), ("content", HitTestLayer.content),
    ]

    /// Whether `name` can be a component's, a property's or an instance's name: a Lua
    /// identifier, so that `"<instance>.<property>"` names one world property unambiguously.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}

/// The Lua functions of a definition, each optional. `self` is the instance's handle.
struct ComponentCallbacks {
    /// `began(self, touch)`, `moved(self, touch)`, `ended(self, touch)`: phase 2 (SPEC §1),
    /// for touches that landed in one of the regions.
    var began: LuaRef?
    var moved: LuaRef?
    var ended: LuaRef?
    /// `step(self, dt, time)`: phase 3, after the world's animators; `dt` is the virtual time
    /// since the last tick and `time` the tick's target timestamp, both in seconds.
    var step: LuaRef?
    /// `layout(self)`: phase 4.
    var layout: LuaRef?
}

/// A property's value: numbers are per-frame world properties (traceable); strings and
/// booleans are fields only.
enum ComponentValue: Equatable {
    case number(Double)
    case string(String)
    case boolean(Bool)

    var typeName: String {
        switch self {
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        }
    }

    var number: Double? {
        if case let .number(value) = self { return value }
        return nil
    }

    var luaValue: LuaValue {
        switch self {
        case let .number(value): return .number(value)
        case let .string(value): return .string(value)
        case let .boolean(value): return .boolean(value)
        }
    }
}

/// A rectangle whose missing sides reach the edge of what contains it: `x`, `y` default to
/// 0, `width` and `height` to the rest of the container (the window for a frame, the frame
/// for a region). Points.
struct ComponentRect: Equatable {
    var x: Double = 0
    var y: Double = 0
    var width: Double?
    var height: Double?

    /// The rectangle inside a container of `size` (width, height), points.
    func resolved(in size: (width: Double, height: Double)) -> (x: Double, y: Double, width: Double, height: Double) {
        (x, y, width ?? max(0, size.width - x), height ?? max(0, size.height - y))
    }

    /// This rectangle with the sides `other` gives replaced.
    func merged(with other: ComponentRect, given: Set<String>) -> ComponentRect {
        var result = self
        if given.contains("x") { result.x = other.x }
        if given.contains("y") { result.y = other.y }
        if given.contains("width") { result.width = other.width }
        if given.contains("height") { result.height = other.height }
        return result
    }

    static let keys = ["x", "y", "width", "height"]

    /// Reads `{x =, y =, width =, height =}` (each optional); returns the sides given too.
    /// `context` starts each message ("register_component: 'ptr': frame").
    static func read(_ table: LuaTableArgument, context: String) throws -> (rect: ComponentRect, given: Set<String>) {
        if let unknown = table.keys().first(where: { !keys.contains($0) }) {
            throw LuaRaise("\(context): unknown field '\(unknown)' (expected: \(keys.joined(separator: ", ")))")
        }
        var rect = ComponentRect()
        var given: Set<String> = []
        if let x = try ComponentField.number(table, "x", .points, context: context) { rect.x = x; given.insert("x") }
        if let y = try ComponentField.number(table, "y", .points, context: context) { rect.y = y; given.insert("y") }
        if let width = try ComponentField.number(table, "width", .length, context: context) { rect.width = width; given.insert("width") }
        if let height = try ComponentField.number(table, "height", .length, context: context) { rect.height = height; given.insert("height") }
        return (rect, given)
    }
}

/// Fields of the tables components are described with, read with messages that say where
/// the field is ("register_component: 'ptr': frame.x: … expected, got …") — a nested table has no
/// argument number of its own to name.
enum ComponentField {
    /// A number satisfying `rule`, or nil when the field is absent.
    static func number(_ table: LuaTableArgument, _ key: String, _ rule: NumberRule, context: String) throws -> Double? {
        let type = table.fieldType(key)
        if type == .nil { return nil }
        guard type == .number else { throw LuaRaise("\(context).\(key): \(rule.expectation) expected, got \(type)") }
        guard let value = try? table.number(key, .finite) else {
            throw LuaRaise("\(context).\(key): \(rule.expectation) expected, got a number that is not finite")
        }
        guard rule.accepts(value) else { throw LuaRaise("\(context).\(key): \(rule.mismatch(value))") }
        return value
    }
}
