import DetentLua
import DetentMotion
import DetentWorld

/// `detent.motion`: the motion math of SPEC §2 for scripts — timing curves, springs,
/// projection, rubber band and velocity trackers.
enum MotionBinding {
    /// Pushes the `detent.motion` table onto the main stack of `lua`.
    /// `defaults` is read at each call: the host's `[motion]` numbers from config, which the
    /// runtime sets after the table is installed.
    static func push(into lua: LuaState, defaults currentDefaults: @escaping () -> MotionDefaults) {
        lua.newTable()
        // curve(name, progress) or curve(x1, y1, x2, y2, progress) → eased progress.
        lua.setFunction("curve") { call in
            if call.type(at: 1) == .string {
                let curve = try ScriptHost.of(call).timingCurve(named: try call.string(1))
                call.push(curve.value(at: try call.number(2, "progress", .finite)))
            } else {
                let (x1, y1, x2, y2) = (try call.number(1), try call.number(2), try call.number(3), try call.number(4))
                if let problem = CubicBezier.validationError(x1, y1, x2, y2) { throw LuaRaise("curve: \(problem)") }
                let bezier = CubicBezier(x1, y1, x2, y2)
                call.push(bezier.value(at: try call.number(5, "progress", .finite)))
            }
            return 1
        }
        LuaValue.array(CubicBezier.namedCurves.map { .string($0.name) }).push(onto: lua)
        lua.rawSet(field: "curves", inTableAt: -2)
        // spring{...} → the spring's table in every form (SpringBinding.push).
        lua.setFunction("spring") { call in
            let options = try call.table(1)
            try options.rejectUnknownKeys(SpringBinding.keys)
            SpringBinding.push(try SpringBinding.parameters(options, defaults: currentDefaults()), onto: call)
            return 1
        }
        // project(velocity, rate?) → travel in points; rate is "normal", "fast" or a number.
        lua.setFunction("project") { call in
            let velocity = try call.number(1, "velocity", .velocity)
            let rate: DecelerationRate
            switch call.type(at: 2) {
            case .none, .nil: rate = DecelerationRate.named(currentDefaults().decelerationRate) ?? .fast
            case .number: rate = DecelerationRate(perMillisecond: try call.number(2, "rate", .openUnitInterval("a deceleration rate per millisecond")))
            default:
                let name = try call.string(2)
                guard let named = DecelerationRate.named(name) else {
                    throw LuaRaise("unknown deceleration rate '\(name)' (expected one of: normal, fast, or a number per millisecond)")
                }
                rate = named
            }
            call.push(rate.projectedTravel(velocity: velocity))
            return 1
        }
        // rubber_band(offset, dimension, coefficient?) → points.
        lua.setFunction("rubber_band") { call in
            call.push(RubberBand.offset(try call.number(1, "offset", .finite),
                                        dimension: try call.number(2, "dimension", NumberRule(Double.leastNonzeroMagnitude...1e7, unit: "points")),
                                        coefficient: try call.optionalNumber(3, "coefficient", NumberRule(Double.leastNonzeroMagnitude...1)) ?? 0.55))
            return 1
        }
        // velocity(strategy?, samples) → pt/s, samples = {{t, x}, ...} in seconds and points.
        lua.setFunction("velocity") { call in
            let strategyName = try call.optionalString(1) ?? currentDefaults().velocityTracker
            guard let strategy = VelocityTrackingStrategy(name: strategyName) else {
                throw LuaRaise("unknown velocity tracker '\(strategyName)' (expected one of: lsq2, ios)")
            }
            try call.checkType(2, .table)
            var tracker = strategy.makeTracker()
            // Every element of the list is a sample: one of another shape is an error, never
            // the silent end of the list.
            let count = call.rawLength(at: 2)
            try call.charge(bytes: count * 16)
            for i in stride(from: 1, through: count, by: 1) {
                let kind = call.rawGet(index: i, inTableAt: 2)
                guard kind == .table else {
                    throw LuaRaise("bad argument #2 to 'velocity' (sample \(i): a {time, position} table expected, got \(call.typeName(at: -1)))")
                }
                call.rawGet(index: 1, inTableAt: -1)
                call.rawGet(index: 2, inTableAt: -2)
                guard let t = call.numberValue(at: -2), NumberRule.seconds.accepts(t),
                      let x = call.numberValue(at: -1), NumberRule.points.accepts(x) else {
                    throw LuaRaise("bad argument #2 to 'velocity' (sample \(i) must be {time, position}: \(NumberRule.seconds.expectation) and \(NumberRule.points.expectation))")
                }
                call.pop(3)
                tracker.addSample(time: t, position: x)
            }
            call.push(tracker.velocity())
            return 1
        }
    }
}
