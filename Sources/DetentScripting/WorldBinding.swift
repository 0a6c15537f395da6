import DetentLua
import DetentMotion
import DetentTime
import DetentWorld
import DetentNavigation
import DetentLayout

/// `world` handles: time, frame, device facts, the generic animators, events, dropped
/// frames and traces (SPEC §1, §9). Thin: checks arguments, calls the world, pushes results.
enum WorldBinding {
    static let className = "world"

    static func make() -> LuaClass<World> {
        let cls = LuaClass<World>(name: className)
        cls.describe = { "world(\($0.configuration.device.name), \($0.configuration.orientation.rawValue), t=\($0.seconds))" }
        cls.numberField("time", "number", "Virtual time of the last tick, seconds (the target timestamp: when the state you read is on screen).") { world in world.seconds }
        cls.numberField("frame", "integer", "Display-link frames so far (skipped idle frames are counted too).") { world in Double(world.frame) }
        cls.field("device", "string", "Device name from config/devices.toml, e.g. \"iPhone 15\".") { world, call in call.push(world.configuration.device.name) }
        cls.field("orientation", "\"portrait\"|\"landscape\"", "") { world, call in call.push(world.configuration.orientation.rawValue) }
        cls.numberField("width", "number", "Screen width, points.") { world in world.configuration.screenWidth }
        cls.numberField("height", "number", "Screen height, points.") { world in world.configuration.screenHeight }
        // The app's window: its width (the screen's, or an iPad multitasking width), its
        // horizontal size class and its multitasking arrangement ("full" when none).
        cls.numberField("window_width", "number", "The app window's width, points (the screen's, or an iPad multitasking width).") { world in world.configuration.windowWidth }
        cls.field("size_class", "\"compact\"|\"regular\"", "The window's horizontal size class.") { world, call in call.push(world.configuration.horizontalSizeClass.rawValue) }
        cls.field("multitasking", "string", "The iPad multitasking arrangement (\"full\" when none).") { world, call in call.push(world.configuration.multitasking?.mode ?? MultitaskingWidth.fullScreenMode) }
        cls.field("refresh_rate", "string", "The display link's rate, e.g. \"60 Hz\" or \"10–120 Hz\" (ProMotion).") { world, call in call.push(world.displayLink.rate.description) }
        cls.field("busy", "boolean", "Whether anything animates, a gesture is in flight or work is queued.") { world, call in call.push(world.isBusy) }
        // The last display-link tick, as CADisplayLink reports it (seconds), or nil before the first.
        cls.field("tick", "detent.Tick?", "The last display-link tick as CADisplayLink reports it, nil before the first.") { world, call in
                guard let tick = world.lastTick else { call.pushNil(); return }
                call.push(.record([
                    ("frame", .integer(tick.frame)),
                    ("timestamp", .number(VirtualTime.seconds(tick.timestamp))),
                    ("target_timestamp", .number(VirtualTime.seconds(tick.targetTimestamp))),
                    ("duration", .number(VirtualTime.seconds(tick.duration))),
                    ("dropped", .integer(Int64(tick.droppedFrames))),
                ]))
            }
        cls.field("events", "detent.Event[]", "Events of the last frame (emitted since the frame began), oldest first.") { world, call in
                call.push(.array(world.events.map(EventBinding.value)))
            }
        cls.methods = [
            "animate": animate,
            "spring": spring,
            "animator": { world, call in
                let name = try call.string(2)
                guard let slot = world.animators.slot(named: name) else { call.pushNil(); return 1 }
                call.push(handle: slot, className: AnimatorBinding.className)
                return 1
            },
            // world:property(name): nil for a property of an engine not made yet, an error for
            // a name no property could have (as trace{} checks it).
            "property": { world, call in
                let name = try call.string(2)
                if let value = world.property(name) { call.push(value); return 1 }
                try ScriptHost.of(call).checkPropertyNames([name], in: world, verb: "world:property")
                call.pushNil()
                return 1
            },
            "properties": { world, call in
                call.push(.array(world.propertyNames.map { .string($0) }))
                return 1
            },
            "drop_frames": { world, call in
                world.dropFrames(try call.int(2, "count", .frames))
                return 0
            },
            "jank": { world, call in
                guard let options = try call.optionalTable(2) else { world.setJank(nil); return 0 }
                try options.rejectUnknownKeys(["every", "drop"])
                let every = try options.requiredInt("every", .whole(1...1e6, unit: "frames"))
                let drop = try options.requiredInt("drop", .whole(0...1e6, unit: "frames"))
                world.setJank(JankPattern(every: every, drop: drop))
                return 0
            },
            "on": { world, call in
                try call.charge(bytes: HostCost.observer)
                let name = try call.string(2)
                try call.checkType(3, .function)
                let host = ScriptHost.of(call)
                try host.checkEventName(name, in: world, what: "world:on")
                let handler = call.ref(3)
                let token = world.observe { [weak host] event in
                    guard let host, name == "*" || event.name == name else { return }
                    do {
                        try host.lua.call(handler, arguments: [EventBinding.value(event)])
                    } catch let error as LuaError {
                        host.handlerErrors.append(error)
                    } catch {}
                }
                call.push(Int64(token))
                return 1
            },
            "off": { world, call in
                world.removeObserver(try call.int(2, "token", .count))
                return 0
            },
            "emit": { world, call in
                try call.charge(bytes: HostCost.event)
                let name = try call.string(2)
                var payload: [(String, EventValue)] = []
                if let table = try call.optionalTable(3) {
                    for key in table.keys() {
                        guard !World.reservedEventKeys.contains(key) else {
                            throw LuaRaise("emit: payload key '\(key)' is reserved (every event has \(World.reservedEventKeys.sorted().joined(separator: ", ")))")
                        }
                        if let number = try? table.number(key) { payload.append((key, .number(number))) }
                        else if let text = try? table.string(key) { payload.append((key, .string(text))) }
                        else if let flag = try? table.boolean(key) { payload.append((key, .boolean(flag))) }
                    }
                }
                ScriptHost.of(call).emittedEvents.insert(name)
                world.emit(name, payload)
                return 0
            },
            "trace": { world, call in
                try call.charge(bytes: HostCost.trace)
                return try TraceBinding.start(world: world, namesAt: 2, call: call)
            },
            "screen": { world, call in
                try call.charge(bytes: HostCost.screen)
                let screen = try NavigationBinding.makeScreen(try call.table(2))
                screen.additionalSafeAreaInsets = .zero
                ScriptHost.of(call).retain(screen)
                call.push(handle: screen, className: NavigationBinding.screenClass)
                return 1
            },
            // world:component(name, options): an instance of a plugin's component (SPEC §12).
            "component": { world, call in
                try call.charge(bytes: HostCost.engine)
                return try ComponentBinding.make(world, call)
            },
        ]
        // world:<kind>{...} for every registered engine (EngineRegistry).
        for registration in EngineRegistry.all {
            cls.methods[registration.kind] = { world, call in try registration.construct(in: world, call) }
        }
        return cls
    }

    /// `world:animate{from=, to=, duration=, curve=, name=}` → animator handle.
    static func animate(_ world: World, _ call: LuaCall) throws -> Int32 {
        try call.charge(bytes: HostCost.animator)
        let options = try call.table(2)
        try options.rejectUnknownKeys(["name", "from", "to", "duration", "curve"])
        let defaults = world.configuration.motion
        let duration = try options.number("duration", .seconds) ?? defaults.duration
        let curve = try ScriptHost.of(call).timingCurve(named: try options.string("curve") ?? defaults.curve)
        let name = try options.string("name") ?? world.animators.makeName()
        let from = try finite(options, "from", in: "animate"), to = try finite(options, "to", in: "animate")
        let slot = world.animators.animate(name: name, from: from, to: to, duration: duration, timing: curve, in: world)
        call.push(handle: slot, className: AnimatorBinding.className)
        return 1
    }

    /// `world:spring{from=, to=, velocity=, ...parameters, name=}` → animator handle.
    static func spring(_ world: World, _ call: LuaCall) throws -> Int32 {
        try call.charge(bytes: HostCost.animator)
        let options = try call.table(2)
        try options.rejectUnknownKeys(["name", "from", "to", "velocity"] + SpringBinding.keys)
        let parameters = try SpringBinding.parameters(options, defaults: world.configuration.motion)
        let name = try options.string("name") ?? world.animators.makeName()
        let velocity = options.has("velocity") ? try finite(options, "velocity", in: "spring") : 0
        let slot = world.animators.spring(name: name, from: try finite(options, "from", in: "spring"),
                                          to: try finite(options, "to", in: "spring"), velocity: velocity,
                                          parameters: parameters, in: world)
        call.push(handle: slot, className: AnimatorBinding.className)
        return 1
    }
}

/// A required animated value (`from`, `to`, `velocity`).
private func finite(_ options: LuaTableArgument, _ key: String, in verb: String) throws -> Double {
    try options.requiredNumber(key, key == "velocity" ? .velocity : .animatedValue)
}

/// Events as Lua tables: `{ name=, frame=, time=, <payload fields> }`.
public enum EventBinding {
    /// The table's fields, in order: the three every event has, then its payload. `value` and
    /// `push` both read them here.
    private static func forEachField(of event: WorldEvent, _ body: (String, EventValue) -> Void) {
        body("name", .string(event.name))
        body("frame", .integer(event.frame))
        body("time", .number(VirtualTime.seconds(event.time)))
        for (key, value) in event.payload { body(key, value) }
    }

    public static func value(_ event: WorldEvent) -> LuaValue {
        var fields: [(String, LuaValue)] = []
        fields.reserveCapacity(3 + event.payload.count)
        forEachField(of: event) { key, value in
            fields.append((key, value.converted(number: LuaValue.number, integer: LuaValue.integer, string: LuaValue.string,
                                                boolean: LuaValue.boolean)))
        }
        return .record(fields)
    }

    /// Pushes the table `value(event)` would give onto `L` (a coroutine's stack): what every
    /// `wait_event` that sees the event is resumed with, made without the record in between.
    public static func push(_ event: WorldEvent, onto L: OpaquePointer) {
        LuaRecordWriter.push(onto: L, fields: 3 + event.payload.count) { table in
            forEachField(of: event) { key, value in
                value.converted(number: { table.number(key, $0) }, integer: { table.integer(key, $0) },
                                string: { table.string(key, $0) }, boolean: { table.boolean(key, $0) })
            }
        }
    }
}
