import DetentLua
import DetentMotion
import DetentWorld

/// Components in Lua (SPEC §12): `detent.register_component` in a plugin's setup (through
/// `host.register_component`), `world:component(name, options)` in scenarios, and the
/// handles of instances — one handle class per definition, whose fields are the instance's
/// properties and the definition's methods, plus `name`, `kind`, `frame`, `busy`, `data` and
/// the methods `animate`, `spring`, `stop` and `emit`.
enum ComponentBinding {
    /// `host.register_component(name, definition, plugin)`: checks the definition. Mistakes
    /// raise at the plugin's line (its load error). The handle class is made with the first
    /// instance: most spec files make none, and every spec file loads the plugins.
    static func register(_ call: LuaCall) throws -> Int32 {
        let host = ScriptHost.of(call)
        let name = try call.string(1)
        let definition = try ComponentDefinition.read(name: name, plugin: try call.string(3), from: try call.table(2))
        host.components.add(definition)
        return 0
    }

    // MARK: Instances

    /// `world:component(name, {name =, frame =, <property> = initial value, ...})`.
    static func make(_ world: World, _ call: LuaCall) throws -> Int32 {
        let host = ScriptHost.of(call)
        let kind = try call.string(2)
        guard let definition = host.components.definitions[kind] else {
            let known = host.components.names
            throw LuaRaise("unknown component '\(kind)' " + (known.isEmpty ? "(no plugin registered a component)" : "(expected one of: \(known.joined(separator: ", ")))")
                           + host.failedPluginsNote(kind: "component", name: kind))
        }
        if host.components.makeClassOnce(kind) { host.lua.register(class: makeClass(definition)) }
        var values = definition.properties.map(\.initial)
        var frame = definition.frame
        var name = kind
        if let options = try call.optionalTable(3) {
            try options.rejectUnknownKeys(["name", "frame"] + definition.properties.map(\.name))
            if let given = try options.string("name") {
                guard ComponentDefinition.isIdentifier(given) else {
                    throw LuaRaise("\(options.argumentDescription) (field 'name': a Lua identifier expected (letters, digits, _), got '\(given)')")
                }
                name = given
            }
            if let table = try options.table("frame") {
                let override = try ComponentRect.read(table, context: "\(options.argumentDescription): frame")
                frame = frame.merged(with: override.rect, given: override.given)
            }
            for (index, property) in definition.properties.enumerated() where options.has(property.name) {
                switch property.initial {
                case .number: values[index] = .number(try options.requiredNumber(property.name, .finite))
                case .string: values[index] = .string(try options.string(property.name)!)
                case .boolean: values[index] = .boolean(try options.boolean(property.name)!)
                }
            }
        }
        guard world.engines.allSatisfy({ $0.name != name }) else {
            throw LuaRaise("this world already has an engine named '\(name)' (give the component another name = ...)")
        }
        let window = (world.configuration.windowWidth, world.configuration.screenHeight)
        let engine = ComponentEngine(name: name, definition: definition, values: values, frame: frame, window: window, host: host)
        world.addEngine(engine)
        if !definition.regions.isEmpty { world.touches.addResponder(engine) }
        host.retain(engine)
        call.push(handle: engine, className: definition.className)
        return 1
    }

    // MARK: Handles

    static func makeClass(_ definition: ComponentDefinition) -> LuaClass<ComponentEngine> {
        let cls = LuaClass<ComponentEngine>(name: definition.className)
        cls.describe = { c in
            let shown = c.definition.properties.enumerated().map { "\($0.element.name)=\(describe(c.values[$0.offset]))" }
            return "component \(c.definition.name) '\(c.name)' (\(shown.joined(separator: ", ")))"
        }
        cls.getters = [
            "name": { c, call in call.push(c.name) },
            "kind": { c, call in call.push(c.definition.name) },
            // {x, y, width, height} in window points.
            "frame": { c, call in
                call.push(.record([("x", .number(c.frame.x)), ("y", .number(c.frame.y)),
                                   ("width", .number(c.frame.width)), ("height", .number(c.frame.height))]))
            },
            // Busy for the world: a touch down, an animator driving a property, or `busy` set.
            "busy": { c, call in call.push(c.isBusy) },
            "data": { c, call in
                if let data = c.data { call.push(data); return }
                try call.charge(bytes: HostCost.observer)
                call.push(LuaValue.record([]))
                c.data = call.ref(-1)
            },
        ]
        cls.setters = [
            "frame": { c, call in
                let rect = try ComponentRect.read(try call.table(3), context: "\(c.name).frame")
                let world = try ScriptHost.of(call).requireWorld()
                c.setFrame(rect.rect, given: rect.given, window: (world.configuration.windowWidth, world.configuration.screenHeight))
            },
            "busy": { c, call in
                guard call.type(at: 3) == .boolean else { throw LuaRaise("\(c.name).busy is a boolean (got \(call.typeName(at: 3)))") }
                c.holdsBusy = call.boolean(3)
            },
        ]
        for (index, property) in definition.properties.enumerated() {
            cls.getters[property.name] = { c, call in call.push(c.values[index].luaValue) }
            cls.setters[property.name] = { c, call in
                let value: ComponentValue
                switch call.type(at: 3) {
                case .number: value = .number(try call.number(3, "\(c.name).\(property.name)", .finite))
                case .string: value = .string(try call.string(3))
                case .boolean: value = .boolean(call.boolean(3))
                default: throw LuaRaise("\(c.name).\(property.name) is a \(c.values[index].typeName) (got \(call.typeName(at: 3)))")
                }
                if let problem = c.set(property.name, to: value, in: ScriptHost.of(call).world) { throw LuaRaise(problem) }
            }
        }
        for method in definition.methods {
            cls.getters[method.name] = { _, call in call.push(method.function) }
        }
        cls.methods = ["animate": animate, "spring": spring, "stop": stop, "emit": emit]
        return cls
    }

    private static func describe(_ value: ComponentValue) -> String {
        switch value {
        case let .number(n): return NumberRule.format(n)
        case let .string(s): return "\"\(s)\""
        case let .boolean(b): return String(b)
        }
    }

    /// `c:animate(property, {to =, from =, duration =, curve =})` → animator: a timing
    /// animation of a numeric property on the world's animators, from its value now unless
    /// `from` is given; duration and curve default to config's [motion].
    static func animate(_ c: ComponentEngine, _ call: LuaCall) throws -> Int32 {
        try call.charge(bytes: HostCost.animator)
        let host = ScriptHost.of(call)
        let world = try host.requireWorld()
        let property = try call.string(2)
        let index = try c.animatableIndex(property)
        let options = try call.table(3)
        try options.rejectUnknownKeys(["to", "from", "duration", "curve"])
        let to = try options.requiredNumber("to", .animatedValue)
        let from = try options.number("from", .animatedValue) ?? c.values[index].number!
        let motion = world.configuration.motion
        let duration = try options.number("duration", .seconds) ?? motion.duration
        let curve = try host.timingCurve(named: try options.string("curve") ?? motion.curve)
        let slot = world.animators.animate(name: c.animatorName(property), from: from, to: to, duration: duration, timing: curve, in: world)
        c.drive(index, with: slot)
        call.push(handle: slot, className: AnimatorBinding.className)
        return 1
    }

    /// `c:spring(property, {to =, velocity =, <spring parameters>})` → animator: a spring
    /// from the property's value now; `velocity` (pt/s) defaults to that of the animator
    /// driving it, so a retarget stays continuous, else 0.
    static func spring(_ c: ComponentEngine, _ call: LuaCall) throws -> Int32 {
        try call.charge(bytes: HostCost.animator)
        let world = try ScriptHost.of(call).requireWorld()
        let property = try call.string(2)
        let index = try c.animatableIndex(property)
        let options = try call.table(3)
        try options.rejectUnknownKeys(["to", "velocity"] + SpringBinding.keys)
        let to = try options.requiredNumber("to", .animatedValue)
        let velocity = try options.number("velocity", .velocity) ?? c.drivingVelocity(index)
        let parameters = try SpringBinding.parameters(options, defaults: world.configuration.motion)
        let slot = world.animators.spring(name: c.animatorName(property), from: c.values[index].number!, to: to,
                                          velocity: velocity, parameters: parameters, in: world)
        c.drive(index, with: slot)
        call.push(handle: slot, className: AnimatorBinding.className)
        return 1
    }

    /// `c:stop(property)` → velocity (pt/s): stops the animator driving it, where it is.
    static func stop(_ c: ComponentEngine, _ call: LuaCall) throws -> Int32 {
        let world = try ScriptHost.of(call).requireWorld()
        let index = try c.animatableIndex(try call.string(2))
        call.push(c.stopAnimating(index, in: world))
        return 1
    }

    /// `c:emit(event, payload?)`: a world event `"<name>.<event>"` this tick, with the
    /// payload's numbers, strings and booleans.
    static func emit(_ c: ComponentEngine, _ call: LuaCall) throws -> Int32 {
        try call.charge(bytes: HostCost.event)
        let world = try ScriptHost.of(call).requireWorld()
        let event = try call.string(2)
        guard c.definition.events.contains(event) else {
            let declared = c.definition.events
            let hint = NameSuggestion.hint(event, among: declared)
            throw LuaRaise("emit: component '\(c.definition.name)' does not declare the event '\(event)' ("
                + hint
                + (declared.isEmpty ? "its definition declares none: add events = {\"\(event)\"}" : "events: \(declared.joined(separator: ", "))") + ")")
        }
        var payload: [(String, EventValue)] = []
        if let table = try call.optionalTable(3) {
            for key in table.keys() {
                guard !World.reservedEventKeys.contains(key) else {
                    throw LuaRaise("emit: payload key '\(key)' is reserved (every event has \(World.reservedEventKeys.sorted().joined(separator: ", ")))")
                }
                switch table.fieldType(key) {
                case .number: payload.append((key, .number(try table.requiredNumber(key))))
                case .string: payload.append((key, .string(try table.string(key)!)))
                case .boolean: payload.append((key, .boolean(try table.boolean(key)!)))
                case let other: throw LuaRaise("emit: payload '\(key)' must be a number, a string or a boolean (got \(other))")
                }
            }
        }
        world.emit("\(c.name).\(event)", payload)
        return 0
    }
}
