import DetentJSON
import DetentDrawer
import DetentLayout
import DetentLua
import DetentMotion
import DetentRelease
import DetentWorld

/// `world:drawer{...}` and drawer handles (SPEC §6).
enum DrawerBinding {
    static let className = "drawer"

    static func make() -> LuaClass<DrawerEngine> {
        let cls = LuaClass<DrawerEngine>(name: className)
        cls.describe = { "drawer \($0.name) at \($0.origin) (\($0.state.name))" }
        cls.fields(from: DrawerEngine.properties)
        cls.setter("bounces") { d, c in d.bounces = c.boolean(3) }
        cls.setter("policy") { d, c in d.policy = try policy(at: 3, c, host: ScriptHost.of(c)) }
        cls.setter("content_offset") { d, c in d.content.offset = try c.number(3, "content_offset", .points) }
        cls.methods = [
            "set_anchors": { d, c in
                try drawerCall { try d.setAnchors(try anchorSpecs(try c.table(2)), in: try world(c)) }
                return 0
            },
            "move_to": { d, c in try drawerCall { try d.move(toAnchor: try c.string(2), in: try world(c)) }; return 0 },
            "animate_to": { d, c in try drawerCall { try d.animate(toAnchor: try c.string(2), in: try world(c)) }; return 0 },
            "anchor_origin": { d, c in
                let name = try c.string(2)
                guard let anchor = d.anchors.first(where: { $0.name == name }) else {
                    throw LuaRaise(DrawerError.unknownAnchor(name, d.anchors.map(\.name)).description)
                }
                c.push(anchor.origin)
                return 1
            },
        ]
        return cls
    }

    private static func world(_ call: LuaCall) throws -> World { try ScriptHost.of(call).requireWorld() }

    private static func drawerCall(_ body: () throws -> Void) throws {
        do { try body() } catch let error as DrawerError { throw LuaRaise(error.description) }
    }

    /// Anchors: a list whose elements are named states ("top", "middle", "bottom",
    /// "dismissed", "fit") or tables {name =, top = pt | bottom = pt | fraction = f | fit =
    /// true | state = name}, mixed as the type definitions declare (`(string|AnchorSpec)[]`).
    /// A table gives exactly one of its ways to place the anchor.
    static func anchorSpecs(_ list: LuaTableArgument) throws -> [(name: String, spec: DrawerAnchorSpec)] {
        var specs: [(String, DrawerAnchorSpec)] = []
        for (i, element) in try list.elements().enumerated() {
            switch element {
            case let .string(name):
                if name == "fit" { specs.append(("fit", .fit)); continue }
                guard DrawerAnchorSpec.stateNames.contains(name) else { throw LuaRaise(DrawerError.unknownState(name).description) }
                specs.append((name, .named(name)))
            case let .table(entry):
                specs.append(try anchorSpec(entry, number: i + 1))
            case .number:
                throw list.problem("\(list.elementName(i + 1)): an anchor name or {name =, top | bottom | fraction | fit | state} expected, got number (a number of points is {top = points} or {bottom = points})")
            case let .other(type):
                throw list.problem("\(list.elementName(i + 1)): an anchor name or {name =, top | bottom | fraction | fit | state} expected, got \(type)")
            }
        }
        return specs
    }

    /// The ways a table places an anchor, one of which it gives.
    private static let placements = ["top", "bottom", "fraction", "fit", "state"]
    private static let placementWords = "top = points, bottom = points, fraction = 0…1, fit = true, state = name"

    private static func anchorSpec(_ entry: LuaTableArgument, number: Int) throws -> (name: String, spec: DrawerAnchorSpec) {
        try entry.rejectUnknownKeys(["name"] + placements)
        let name = try entry.string("name") ?? "anchor\(number)"
        let given = placements.filter { entry.has($0) }
        guard given.count <= 1 else {
            throw entry.problem("anchor '\(name)' gives \(NameSuggestion.list(given, joinedWith: "and")); it takes exactly one of: \(placementWords)")
        }
        if let top = try entry.number("top", .points) { return (name, .fromTop(top)) }
        if let bottom = try entry.number("bottom", .points) { return (name, .fromBottom(bottom)) }
        if let fraction = try entry.number("fraction", DrawerBinding.fraction) { return (name, .fraction(fraction)) }
        if let fit = try entry.boolean("fit") {
            guard fit else { throw entry.fieldProblem("fit", "only fit = true places an anchor (leave it out otherwise)") }
            return (name, .fit)
        }
        if let state = try entry.string("state") { return (name, .named(state)) }
        throw LuaRaise("anchor '\(name)' needs one of: \(placementWords)")
    }

    /// An anchor's share of the screen's height.
    static let fraction = NumberRule(0...1, unit: "the screen's height")

    /// A policy by name, looked up in the host's registry (`ScriptHost.releasePolicies`: the
    /// built-ins and what plugins registered), or a Lua function(release) returning an origin
    /// or an anchor name. The sheet's `policy` takes the same values.
    static func policy(at index: Int32, _ call: LuaCall, host: ScriptHost) throws -> ReleasePolicy {
        switch call.type(at: index) {
        case .string:
            let name = try call.string(index)
            do { return try host.releasePolicies.resolve(name) } catch let error as ReleasePolicyError {
                throw LuaRaise(error.description + host.failedPluginsNote(kind: "policy", name: name))
            }
        case .function:
            return luaFunctionPolicy(call.ref(index), name: "lua", host: host)
        default:
            throw LuaRaise("a policy is a name (\(host.releasePolicies.names.joined(separator: ", "))) or a function(release)")
        }
    }

    /// A Lua function(release) as a policy called `name` (see `luaPolicy`). Once the host is
    /// gone it answers the release origin.
    static func luaFunctionPolicy(_ function: LuaRef, name: String, host: ScriptHost) -> ReleasePolicy {
        ReleasePolicy(name: name) { [weak host] release in
            guard let host else { return release.origin }
            return try luaPolicy(function, release, host: host)
        }
    }

    /// Calls a Lua policy with {origin, velocity, anchors, resting_origin, project}; its answer
    /// is an origin in points or an anchor's name. `release.project(rate?)` is the projection
    /// helper: where the origin comes to rest decelerating at `rate` per ms ("fast", "normal" or
    /// a number in (0, 1); default the container's configured rate). An error fails the test
    /// that released the container.
    private static func luaPolicy(_ function: LuaRef, _ release: ReleaseState, host: ScriptHost) throws -> Double {
        let lua = host.lua
        function.push()
        LuaValue.record([
            ("origin", .number(release.origin)), ("velocity", .number(release.velocity)),
            ("resting_origin", .number(release.restingOrigin)),
            ("anchors", .array(release.anchors.map { .record([("name", .string($0.name)), ("origin", .number($0.origin))]) })),
        ]).push(onto: lua)
        lua.push(function: "project") { call in
            let rate: Double
            switch call.type(at: 1) {
            case .none, .nil: rate = release.defaults.decelerationRate
            case .string:
                let name = try call.string(1)
                guard let named = DecelerationRate.named(name) else {
                    throw LuaRaise("bad argument #1 to 'project' (\"fast\", \"normal\" or a rate per millisecond in (0, 1) expected, got \"\(name)\")")
                }
                rate = named.perMillisecond
            default: rate = try call.number(1, "rate", .openUnitInterval("a deceleration rate per millisecond"))
            }
            call.push(release.project(rate: rate))
            return 1
        }
        lua.rawSet(field: "project", inTableAt: -2)
        do {
            try lua.call(argumentCount: 1, resultCount: 1)
        } catch let error as LuaError {
            host.handlerErrors.append(error)
            throw error
        }
        defer { lua.pop() }
        if let origin = lua.number(at: -1), NumberRule.points.accepts(origin) { return origin }
        if let name = lua.string(at: -1), let anchor = release.anchors.first(where: { $0.name == name }) { return anchor.origin }
        let error = LuaError.runtime(LuaRuntimeError(message: lua.definitionLocation(of: function) + "policy returned \(lua.describe(at: -1)); expected an origin in points or one of: \(release.anchors.map(\.name).joined(separator: ", "))"))
        host.handlerErrors.append(error)
        throw error
    }

    /// `world:drawer{anchors =, header =, content_height =, content_inset =, policy =, bounces =, at =, name =}`.
    static func makeDrawer(_ world: World, _ call: LuaCall, defaults: DrawerDefaults) throws -> Int32 {
        let options = try call.table(2)
        try options.rejectUnknownKeys(["anchors", "header", "content_height", "content_inset", "policy", "bounces", "at", "name"])
        let name = try options.string("name") ?? "drawer"
        guard world.engines.allSatisfy({ $0.name != name }) else {
            throw LuaRaise("this world already has an engine named '\(name)' (give the drawer another name = ...)")
        }
        let inset = try options.number("content_inset", .length) ?? 0
        let content = ScrollContent(contentHeight: try options.number("content_height", .length) ?? 0, offset: -inset, insets: Insets(top: inset))
        let drawer = DrawerEngine(name: name, world: world, defaults: defaults, headerHeight: try options.number("header", .length), content: content)
        guard let anchors = try options.table("anchors") else { throw LuaRaise("a drawer needs anchors, like anchors = {\"top\", \"middle\", \"bottom\"}") }
        try drawerCall { try drawer.setAnchors(try anchorSpecs(anchors), in: world) }
        drawer.bounces = try options.boolean("bounces") ?? true
        if options.has("policy") {
            call.rawGet(field: "policy", inTableAt: 2)
            drawer.policy = try policy(at: call.top, call, host: ScriptHost.of(call))
            call.pop()
        }
        drawer.attach(to: world)
        try drawerCall { try drawer.move(toAnchor: try options.string("at") ?? drawer.anchors.last!.name, in: world) }
        ScriptHost.of(call).retain(drawer)
        call.push(handle: drawer, className: className)
        return 1
    }
}

// MARK: Registration

extension ReleaseDefaults: EngineSettings {}

extension DrawerBinding {
    /// `world:drawer{...}` (SPEC §6), `[drawer]` of engine.toml (which the sheet releases with too).
    static let registration = EngineRegistration(
        kind: "drawer", engine: DrawerEngine.self,
        example: #"world:drawer{anchors = {"top", "middle", "bottom"}}"#,
        settings: [EngineSettingsSection("drawer", DrawerDefaults.self, keys: settingKeys)],
        events: DrawerEngine.eventNames,
        consoleFields: [(className, ["anchor", "origin", "state"])],
        replayScript: PackageResources.drawer_js, layer: 50,
        classes: { lua in lua.register(class: make()) },
        construct: { world, call in
            try call.charge(bytes: HostCost.engine)
            return try makeDrawer(world, call, defaults: ScriptHost.of(call).engineDefaults[DrawerDefaults.self])
        },
        summary: { drawer in
            if case let .resting(anchor?) = drawer.state { return ["resting \(anchor)"] }
            return [drawer.state.name]
        },
        drawing: { drawer, frame in
            frame.add(.init(id: "drawer:\(drawer.name)", fields: [
                ("kind", .string("drawer")), ("x", .pt(0)), ("y", .pt(drawer.origin)), ("w", .pt(drawer.screenWidth)),
                ("h", .pt(max(0, drawer.screenHeight - drawer.origin))), ("header", .pt(drawer.headerHeight)),
                ("state", .string(drawer.state.name)), ("anchor", .string(drawer.anchorName)),
                ("anchors", .array(drawer.anchors.map { .array([.string($0.name), .pt($0.origin)]) })),
            ]))
        }
    )

    static let settingKeys: [EngineSettingKey<DrawerDefaults>] = [
        .number("deceleration_rate", \.decelerationRate, .rate), .number("floating_panel_deceleration_rate", \.floatingPanelDecelerationRate, .rate),
        .number("redirect_threshold", \.redirectThreshold, .fraction),
        .spring(mass: \.springMass, stiffness: \.springStiffness, dampingRatio: \.springDampingRatio), .number("spring_mass", \.springMass, .spring),
        .number("spring_stiffness", \.springStiffness, .spring), .number("spring_damping_ratio", \.springDampingRatio, .spring),
        .number("rubber_band_coefficient", \.rubberBandCoefficient, .positive), .number("top_inset", \.topInset, .nonNegative),
        .number("middle_fraction", \.middleFraction, .fraction), .number("header_height", \.headerHeight, .nonNegative),
        .number("content_deceleration_rate", \.contentDecelerationRate, .rate),
    ]
}
