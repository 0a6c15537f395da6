import DetentJSON
import DetentLua
import DetentPager
import DetentWorld

/// `world:pager{...}` and pager handles (SPEC §15), and the pager's registration: everything
/// the rest of Detent knows of the engine is declared here.
enum PagerBinding {
    static let className = "pager"

    static func make() -> LuaClass<PagerEngine> {
        let cls = LuaClass<PagerEngine>(name: className)
        cls.describe = { "pager \($0.name) at page \($0.page) of \($0.geometry.pageCount) (\($0.state.name))" }
        cls.fields(from: PagerEngine.properties)
        cls.methods = [
            "move_to": { p, c in try pagerCall { try p.scroll(toPage: try c.int(2, "page", .index), animated: false, in: try world(c)) }; return 0 },
            "animate_to": { p, c in try pagerCall { try p.scroll(toPage: try c.int(2, "page", .index), animated: true, in: try world(c)) }; return 0 },
        ]
        return cls
    }

    /// `world:pager{pages =, page_width =, spacing =, at =, top =, height =, name =}`.
    static func makePager(_ world: World, _ call: LuaCall, defaults: PagerDefaults) throws -> Int32 {
        let options = try call.table(2)
        try options.rejectUnknownKeys(["pages", "page_width", "spacing", "at", "top", "height", "name"])
        let name = try options.string("name") ?? "pager"
        guard world.engines.allSatisfy({ $0.name != name }) else {
            throw LuaRaise("this world already has an engine named '\(name)' (give the pager another name = ...)")
        }
        guard options.has("pages") else { throw LuaRaise("a pager needs pages, like world:pager{pages = 3}") }
        let pager = try pagerCall {
            try PagerEngine(name: name, world: world, defaults: defaults, pages: try options.int("pages", .index) ?? 1,
                            pageWidth: try options.number("page_width", .length), spacing: try options.number("spacing", .length) ?? 0,
                            at: try options.int("at", .index) ?? 1, top: try options.number("top", .points),
                            height: try options.number("height", .length))
        }
        pager.attach(to: world)
        ScriptHost.of(call).retain(pager)
        call.push(handle: pager, className: className)
        return 1
    }

    private static func world(_ call: LuaCall) throws -> World { try ScriptHost.of(call).requireWorld() }

    private static func pagerCall<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PagerError { throw LuaRaise(error.description) }
    }
}

// MARK: Registration

extension PagerDefaults: EngineSettings {}

extension PagerBinding {
    /// `world:pager{...}` (SPEC §15), `[pager]` of engine.toml.
    static let registration = EngineRegistration(
        kind: "pager", engine: PagerEngine.self,
        example: #"world:pager{pages = 3, at = 2}"#,
        settings: [EngineSettingsSection("pager", PagerDefaults.self, keys: [
            .number("deceleration_rate", \.decelerationRate, .rate),
            .spring(mass: \.springMass, stiffness: \.springStiffness, dampingRatio: \.springDampingRatio), .number("spring_mass", \.springMass, .spring),
            .number("spring_stiffness", \.springStiffness, .spring), .number("spring_damping_ratio", \.springDampingRatio, .spring),
            .number("rubber_band_coefficient", \.rubberBandCoefficient, .positive),
        ])],
        events: PagerEngine.eventNames,
        consoleFields: [(className, ["page", "offset", "state"])],
        replayScript: PackageResources.pager_js, layer: 25,
        classes: { lua in lua.register(class: make()) },
        construct: { world, call in
            try call.charge(bytes: HostCost.engine)
            return try makePager(world, call, defaults: ScriptHost.of(call).engineDefaults[PagerDefaults.self])
        },
        summary: { pager in
            switch pager.state {
            case let .resting(page): return ["resting page \(page)"]
            case .dragging: return ["dragging"]
            case let .settling(page): return ["settling to page \(page)"]
            }
        },
        drawing: { pager, frame in
            frame.add(.init(id: "pager:\(pager.name)", fields: [
                ("kind", .string("pager")), ("x", .pt(0)), ("y", .pt(pager.top)), ("w", .pt(pager.windowWidth)), ("h", .pt(pager.height)),
                ("offset", .pt(pager.offset)), ("page", .int(Int64(pager.page))), ("state", .string(pager.state.name)),
                ("pages", .int(Int64(pager.geometry.pageCount))), ("page_w", .pt(pager.geometry.pageWidth)),
                ("spacing", .pt(pager.geometry.spacing)),
            ]))
        }
    )
}
