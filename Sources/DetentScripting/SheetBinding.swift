import DetentJSON
import DetentLayout
import DetentLua
import DetentNavigation
import DetentRelease
import DetentSheet
import DetentWorld

/// `world:sheet{...}` and sheet handles (SPEC §5).
enum SheetBinding {
    static let className = "sheet"

    static func make() -> LuaClass<SheetEngine> {
        let cls = LuaClass<SheetEngine>(name: className)
        cls.describe = { "sheet \($0.name) at height \($0.height) (\($0.state.name))" }
        cls.fields(from: SheetEngine.properties)
        cls.field("navigation", "detent.navigation", "The stack it presents.") { s, c in
            c.push(handle: s.navigation, className: NavigationBinding.navigationClass)
        }
        cls.setter("dismissible") { s, c in s.isDismissible = c.boolean(3) }
        cls.setter("dims_tap") { s, c in s.dismissesOnDimmingTap = c.boolean(3) }
        cls.setter("policy") { s, c in s.policy = try DrawerBinding.policy(at: 3, c, host: ScriptHost.of(c)) }
        cls.methods = [
            "present": { s, c in
                let options = try c.optionalTable(2)
                try options?.rejectUnknownKeys(["detent", "animated"])
                let detent = try options?.string("detent")
                let animated = try options?.boolean("animated") ?? true
                try sheetCall { try s.present(detent: detent, animated: animated, in: try world(c)) }
                return 0
            },
            "dismiss": { s, c in
                let options = try c.optionalTable(2)
                try options?.rejectUnknownKeys(["animated"])
                s.dismiss(animated: try options?.boolean("animated") ?? true, in: try world(c))
                return 0
            },
            "set_detents": { s, c in
                try sheetCall { try s.setDetents(try detentSpecs(try c.table(2)), in: try world(c)) }
                return 0
            },
            "move_to": { s, c in try sheetCall { try s.move(toDetent: try c.string(2), in: try world(c)) }; return 0 },
            "animate_to": { s, c in try sheetCall { try s.animate(toDetent: try c.string(2), in: try world(c)) }; return 0 },
            "detent_height": { s, c in
                let name = try c.string(2)
                guard let height = s.detentHeight(name) else { throw LuaRaise(SheetError.unknownDetent(name, s.detentNames).description) }
                c.push(height)
                return 1
            },
        ]
        return cls
    }

    private static func world(_ call: LuaCall) throws -> World { try ScriptHost.of(call).requireWorld() }

    private static func sheetCall(_ body: () throws -> Void) throws {
        do { try body() } catch let error as SheetError { throw LuaRaise(error.description) }
    }

    /// Detents: "content", "medium", "large", a height in points, or {name =, height =} /
    /// {name =, kind = "content" | "medium" | "large"}.
    static func detentSpecs(_ list: LuaTableArgument) throws -> [(name: String, spec: SheetDetentSpec)] {
        var specs: [(String, SheetDetentSpec)] = []
        let expected = "\"content\", \"medium\", \"large\", a height in points, or {name =, height = points}"
        for (i, element) in try list.elements().enumerated() {
            switch element {
            case let .string(kind):
                specs.append((kind, try namedSpec(kind)))
            case let .number(height):
                // The sheet itself refuses heights that are not finite and > 0, and caps the rest.
                let spec = SheetDetentSpec.height(height)
                specs.append((spec.defaultName, spec))
            case let .table(entry):
                try entry.rejectUnknownKeys(["name", "height", "kind"])
                let spec: SheetDetentSpec
                if let height = try entry.number("height") { spec = .height(height) }
                else if let kind = try entry.string("kind") { spec = try namedSpec(kind) }
                else { throw LuaRaise("detent \(i + 1) needs height = points or kind = \"content\" | \"medium\" | \"large\"") }
                specs.append((try entry.string("name") ?? spec.defaultName, spec))
            case let .other(type):
                throw LuaRaise("\(list.argumentDescription) (detent \(i + 1): expected \(expected), got \(type))")
            }
        }
        return specs
    }

    private static func namedSpec(_ kind: String) throws -> SheetDetentSpec {
        switch kind {
        case "content": return .content
        case "medium": return .medium
        case "large": return .large
        default: throw LuaRaise("unknown detent '\(kind)' (expected one of: content, medium, large; or a height in points)")
        }
    }

    /// `world:sheet{screens =, detents =, dismissible =, dims_tap =, policy =, presented =,
    /// detent =, name =, bar_style =, bar_hidden =}`: a hidden sheet (or presented at once with
    /// `presented = true`) whose navigation holds `screens`.
    static func makeSheet(_ world: World, _ call: LuaCall, defaults: SheetDefaults, navigationDefaults: NavigationDefaults) throws -> Int32 {
        let options = try call.table(2)
        try options.rejectUnknownKeys(["screens", "detents", "dismissible", "dims_tap", "policy", "presented", "detent", "name", "bar_style", "bar_hidden"])
        let name = try options.string("name") ?? "sheet"
        guard world.engines.allSatisfy({ $0.name != name && $0.name != "\(name).navigation" }) else {
            throw LuaRaise("this world already has an engine named '\(name)' (give the sheet another name = ...)")
        }
        let sheet = SheetEngine(name: name, world: world, defaults: defaults, navigationDefaults: navigationDefaults)
        if let detents = try options.table("detents") { try sheetCall { try sheet.setDetents(try detentSpecs(detents), in: world) } }
        sheet.isDismissible = try options.boolean("dismissible") ?? true
        if let taps = try options.boolean("dims_tap") { sheet.dismissesOnDimmingTap = taps }
        if options.has("policy") {
            call.rawGet(field: "policy", inTableAt: 2)
            sheet.policy = try DrawerBinding.policy(at: call.top, call, host: ScriptHost.of(call))
            call.pop()
        }
        if let style = try options.string("bar_style") {
            guard let parsed = NavigationEngine.BarStyle(rawValue: style) else {
                throw LuaRaise("bar_style '\(style)' is not valid (expected one of: \(NavigationEngine.BarStyle.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            sheet.navigation.barStyle = parsed
        }
        guard options.has("screens") else { throw LuaRaise("a sheet needs screens, like world:sheet{screens = {world:screen{id = \"form\"}}}") }
        call.rawGet(field: "screens", inTableAt: 2)
        let stack = try NavigationBinding.screenList(call, call.top)
        call.pop()
        let presented = try options.boolean("presented") == true
        let initialDetent = try options.string("detent")
        if let initialDetent, !presented {
            throw LuaRaise("detent = '\(initialDetent)' is where a presented sheet starts: add presented = true, or pass it to present{detent = ...}")
        }
        if let initialDetent, !sheet.detentNames.contains(initialDetent) {
            throw LuaRaise(SheetError.unknownDetent(initialDetent, sheet.detentNames).description)
        }
        // Everything is checked (the stack last, as it takes the screens): only now does the
        // sheet join the world, so a failed call leaves nothing behind.
        do { try sheet.navigation.set(stack, animated: false, in: world) } catch let error as NavigationError { throw LuaRaise(error.description) }
        sheet.attach(to: world)
        if try options.boolean("bar_hidden") == true { sheet.navigation.setBarHidden(true, animated: false, in: world) }
        if presented { try sheetCall { try sheet.present(detent: initialDetent, animated: false, in: world) } }
        ScriptHost.of(call).retain(sheet)
        call.push(handle: sheet, className: className)
        return 1
    }
}

// MARK: Registration

extension SheetDefaults: EngineSettings {}

extension SheetBinding {
    /// `world:sheet{...}` (SPEC §5), `[sheet]` of engine.toml; its release numbers (SPEC §6)
    /// are `[drawer]`'s.
    static let registration = EngineRegistration(
        kind: "sheet", engine: SheetEngine.self,
        example: #"world:sheet{screens = {world:screen{id = "form"}}, presented = true}"#,
        settings: [EngineSettingsSection("sheet", SheetDefaults.self, keys: settingKeys,
                                         derive: { sheet, defaults in sheet.release = defaults[ReleaseDefaults.self] })],
        events: SheetEngine.eventNames,
        consoleFields: [(className, ["detent", "height", "state"])],
        replayScript: PackageResources.sheet_js, layer: 40,
        classes: { lua in lua.register(class: make()) },
        construct: { world, call in
            try call.charge(bytes: HostCost.engine)
            let defaults = ScriptHost.of(call).engineDefaults
            return try makeSheet(world, call, defaults: defaults[SheetDefaults.self], navigationDefaults: defaults[NavigationDefaults.self])
        },
        summary: { sheet in [sheet.state.name] + (sheet.state.detent.map { [$0] } ?? []) },
        drawing: { sheet, frame in
            let container = sheet.navigation.container
            frame.add(.init(id: "sheet:\(sheet.name)", fields: [
                ("kind", .string("sheet")), ("x", .pt(container.x)), ("y", .pt(sheet.top)), ("w", .pt(container.width)), ("h", .pt(sheet.height)),
                ("state", .string(sheet.state.name)), ("detent", .string(sheet.state.detent)), ("dim", .value(sheet.dimmingAlpha)),
                ("detents", .array(sheet.detents.map { .array([.string($0.name), .pt($0.height)]) })),
            ]))
            NavigationBinding.draw(sheet.navigation, sheet: sheet.name, into: &frame)
        },
        parts: { sheet in [sheet.navigation] }
    )

    static let settingKeys: [EngineSettingKey<SheetDefaults>] = [
        .number("duration", \.duration, .seconds), .number("dimming_alpha", \.dimmingAlpha, .fraction),
        .number("dismiss_velocity_threshold", \.dismissVelocityThreshold, .positive),
        .number("dismiss_projected_fraction", \.dismissProjectedFraction, .fraction), .number("medium_fraction", \.mediumFraction, .fraction),
        .curve("curve", \.curve), .boolean("dismisses_on_dimming_tap", \.dismissesOnDimmingTap),
    ]
}
