import DetentLua
import DetentTime
import DetentWorld
import DetentMotion

/// `touch` handles and the host half of the gesture verbs (SPEC §8). The verbs that take
/// time (`move_to`, `drag`, `flick`, ...) are Lua (Lua/detent/gestures.lua): they schedule samples
/// here, then wait.
enum TouchBinding {
    static let className = "touch"

    static func make() -> LuaClass<Touch> {
        let cls = LuaClass<Touch>(name: className)
        cls.describe = { "touch \($0.id) at \($0.location) (\($0.phase.rawValue))" }
        cls.numberField("id", "integer", "") { touch in Double(touch.id) }
        cls.numberField("x", "number", "Current location, points.") { touch in touch.location.x }
        cls.numberField("y", "number", "Current location, points.") { touch in touch.location.y }
        cls.field("phase", "\"began\"|\"moved\"|\"ended\"|\"cancelled\"", "") { touch, call in call.push(touch.phase.rawValue) }
        // The tracker's estimate (pt/s), the release velocity after the lift: never injected by scripts.
        cls.field("velocity", "detent.Point", "The velocity tracker's estimate as of the last delivered sample, pt/s: the release velocity once the finger lifted.") { touch, call in
                let v = touch.velocity
                call.push(.record([("x", .number(v.x)), ("y", .number(v.y))]))
            }
        cls.field("part", "string?", "The part of its engine the touch-down hit (\"header\", \"back_button\", …), or nil.") { touch, call in
                if let part = touch.claim?.part { call.push(part) } else { call.pushNil() }
            }
        // When the last scheduled sample is due, in virtual seconds.
        cls.numberField("scheduled_end", "number", "When the last scheduled sample is due, virtual seconds.") { touch in VirtualTime.seconds(touch.scheduledEnd) }
        cls.numberField("scheduled_x", "number", "Where the last scheduled sample puts the finger, points.") { touch in touch.scheduledLocation.x }
        cls.numberField("scheduled_y", "number", "Where the last scheduled sample puts the finger, points.") { touch in touch.scheduledLocation.y }
        cls.field("finished", "boolean", "Whether the finger has lifted.") { touch, call in call.push(touch.isFinished) }
        cls.methods = [
            // _sample(x, y, at_seconds): one scheduled move sample.
            "_sample": { touch, call in
                try call.charge(bytes: HostCost.touchSample)
                let world = try ScriptHost.of(call).requireWorld()
                let point = Point(x: try finiteArgument(call, 2, "x"), y: try finiteArgument(call, 3, "y"))
                let time = VirtualTime.nanoseconds(fromSeconds: try call.number(4, "time", .seconds))
                do { try world.touches.move(touch, to: point, at: time) } catch {
                    throw LuaRaise(String(describing: error))
                }
                return 0
            },
            // _stroke(x0, y0, x, y, start_seconds, duration, rate, curve?): a whole move as one
            // call — a sample every 1/rate s from start, the last exactly at the end, eased by
            // the named curve — the same samples the per-sample loop of gestures.lua made.
            "_stroke": { touch, call in
                let host = ScriptHost.of(call)
                let world = try host.requireWorld()
                let (x0, y0) = (try finiteArgument(call, 2, "x0"), try finiteArgument(call, 3, "y0"))
                let (x, y) = (try finiteArgument(call, 4, "x"), try finiteArgument(call, 5, "y"))
                let start = try call.number(6, "start", .finite)
                let duration = try call.number(7, "duration", .finite)
                let rate = try call.number(8, "rate", .finite)
                let curve = call.isNoneOrNil(9) ? nil : try host.timingCurve(named: try call.string(9))
                guard rate > 0 else { throw LuaRaise("_stroke: a touch rate above 0 expected") }
                let count = max(1, Int((duration * rate - 1e-9).rounded(.up)))
                for k in 1...count {
                    try call.charge(bytes: HostCost.touchSample)
                    let elapsed = min(Double(k) / rate, duration)
                    let progress = duration > 0 ? elapsed / duration : 1
                    let eased = curve?.value(at: progress) ?? progress
                    let point = Point(x: x0 + (x - x0) * eased, y: y0 + (y - y0) * eased)
                    do { try world.touches.move(touch, to: point, at: VirtualTime.nanoseconds(fromSeconds: start + elapsed)) } catch {
                        throw LuaRaise(String(describing: error))
                    }
                }
                return 0
            },
            // _cancel(at_seconds): the system takes the finger (touch_path's `cancel`).
            "_cancel": { touch, call in
                let world = try ScriptHost.of(call).requireWorld()
                let time = VirtualTime.nanoseconds(fromSeconds: try call.number(2, "time", .seconds))
                do { try world.touches.cancel(touch, at: time) } catch {
                    throw LuaRaise(String(describing: error))
                }
                return 0
            },
            // _up(at_seconds)
            "_up": { touch, call in
                let world = try ScriptHost.of(call).requireWorld()
                let time = VirtualTime.nanoseconds(fromSeconds: try call.number(2, "time", .seconds))
                do { try world.touches.end(touch, at: time) } catch {
                    throw LuaRaise(String(describing: error))
                }
                return 0
            },
        ]
        return cls
    }

    private static func finiteArgument(_ call: LuaCall, _ index: Int32, _ name: String) throws -> Double {
        try call.number(index, name, .points)
    }

    /// Host functions for gestures.lua, installed into the private `host` table.
    static func install(into lua: LuaState, host: ScriptHost) {
        // host.touch_down(x, y) → touch handle; the touch-down sample is due now.
        lua.setFunction("touch_down") { [unowned host] call in
            try call.charge(bytes: HostCost.touch)
            let world = try host.requireWorld()
            let point = Point(x: try finiteArgument(call, 1, "x"), y: try finiteArgument(call, 2, "y"))
            let touch = world.touches.begin(at: point, time: world.time)
            host.retain(touch)
            call.push(handle: touch, className: className)
            return 1
        }
        // host.locate(part) → x, y of a named part and the axis it follows a finger along
        // ("horizontal" or "vertical"), or an error naming the known parts.
        lua.setFunction("locate") { [unowned host] call in
            let world = try host.requireWorld()
            let part = try call.string(1)
            guard let (point, axis) = world.locatePart(part) else {
                let known = world.partNames
                let hint = NameSuggestion.hint(part, among: known)
                throw LuaRaise("unknown target '\(part)'" + (known.isEmpty ? " (no engine in this world has named parts)"
                    : " (\(hint)expected one of: \(known.joined(separator: ", ")))"))
            }
            call.push(point.x)
            call.push(point.y)
            call.push(axis.rawValue)
            return 3
        }
        // host.touch_rate() → samples per second of the world's device.
        lua.setFunction("touch_rate") { [unowned host] call in
            call.push(Int64(try host.requireWorld().configuration.device.touchRateHz))
            return 1
        }
        // host.now() → the world's virtual time in seconds.
        lua.setFunction("now") { [unowned host] call in
            call.push(try host.requireWorld().seconds)
            return 1
        }
        // host.screen() → width, height, left safe inset.
        lua.setFunction("screen") { [unowned host] call in
            let configuration = try host.requireWorld().configuration
            call.push(configuration.screenWidth)
            call.push(configuration.screenHeight)
            call.push(configuration.safeAreaInsets.left)
            return 3
        }
    }
}
