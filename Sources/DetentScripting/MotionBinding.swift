import DetentLua
import DetentMotion
import DetentWorld

/// `detent.motion`: the motion math of SPEC §2 for scripts — timing curves, springs,
/// projection, rubber band and velocity trackers.
enum MotionBinding {
    static let springKeys = ["mass", "stiffness", "damping", "damping_ratio", "response", "bounciness", "speed"]


    /// Reads one of the three parameterisations — {stiffness, mass?, damping | damping_ratio?},
    /// {response, damping_ratio?} or {bounciness, speed?} — and refuses a table that mixes
    /// them; with none given, the configured default (a lone damping_ratio applies to the
    /// default stiffness and mass). Invalid constants are refused with the motion module's own
    /// sentence.
    static func springParameters(_ options: LuaTableArgument, defaults: MotionDefaults) throws -> SpringParameters {
        try checkOneParameterisation(options)
        let parameters = try readSpringParameters(options, defaults: defaults)
        if let problem = parameters.validationError { throw LuaRaise("spring: \(problem)") }
        return parameters
    }

    /// The key that chooses each parameterisation, and the keys only it takes.
    private static let parameterisations: [(key: String, own: [String])] = [
        ("stiffness", ["mass", "damping"]), ("response", []), ("bounciness", ["speed"]),
    ]

    private static let parameterisationList = "{stiffness =, mass =, damping = | damping_ratio =}, {response =, damping_ratio =} or {bounciness =, speed =}"

    private static func checkOneParameterisation(_ options: LuaTableArgument) throws {
        let chosen = parameterisations.filter { options.has($0.key) }
        if chosen.count > 1 {
            throw options.problem("\(NameSuggestion.list(chosen.map(\.key), joinedWith: "and")) give a spring in different ways; it takes one of \(parameterisationList)")
        }
        for (key, own) in parameterisations where !options.has(key) {
            if let stray = own.first(where: options.has) {
                throw options.fieldProblem(stray, "\(stray) belongs to {\(key) =, \(own.joined(separator: " =, ")) =}; give \(key) too, or use one of \(parameterisationList)")
            }
        }
        if options.has("damping") && options.has("damping_ratio") {
            throw options.problem("give damping (N·s/m) or damping_ratio (ζ), not both")
        }
        if options.has("bounciness") && options.has("damping_ratio") {
            throw options.fieldProblem("damping_ratio", "{bounciness =, speed =} sets the damping itself; damping_ratio belongs to {stiffness =} or {response =}")
        }
    }

    private static func readSpringParameters(_ options: LuaTableArgument, defaults: MotionDefaults) throws -> SpringParameters {
        if let stiffness = try options.number("stiffness") {
            let mass = try options.number("mass") ?? 1
            if let damping = try options.number("damping") {
                return SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
            }
            let ratio = try options.number("damping_ratio") ?? defaults.springDampingRatio
            return SpringParameters(mass: mass, stiffness: stiffness, damping: 2 * ratio * (stiffness * mass).squareRoot())
        }
        if let response = try options.number("response") {
            guard response > 0 else { throw LuaRaise("spring: response must be > 0 seconds") }
            return SpringParameters(dampingRatio: try options.number("damping_ratio") ?? 1, response: response)
        }
        if let bounciness = try options.number("bounciness") {
            return SpringParameters(bounciness: bounciness, speed: try options.number("speed") ?? 12)
        }
        let mass = defaults.springMass, stiffness = defaults.springStiffness
        let ratio = try options.number("damping_ratio") ?? defaults.springDampingRatio
        return SpringParameters(mass: mass, stiffness: stiffness, damping: 2 * ratio * (stiffness * mass).squareRoot())
    }

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
        // spring{...} → { mass, stiffness, damping, damping_ratio, displacement(t, x0, v0), velocity(t, x0, v0) }
        lua.setFunction("spring") { call in
            let options = try call.table(1)
            try options.rejectUnknownKeys(springKeys)
            let parameters = try springParameters(options, defaults: currentDefaults())
            let solve = { (c: LuaCall) throws -> Spring in
                Spring(parameters: parameters, displacement: try c.number(2, "displacement", .animatedValue),
                       velocity: try c.optionalNumber(3, "velocity", .velocity) ?? 0)
            }
            call.push(.record([
                ("mass", .number(parameters.mass)), ("stiffness", .number(parameters.stiffness)),
                ("damping", .number(parameters.damping)), ("damping_ratio", .number(parameters.dampingRatio)),
            ]))
            call.setFunction("displacement") { c in
                c.push(try solve(c).displacement(at: try c.number(1, "time", .seconds))); return 1
            }
            call.setFunction("velocity") { c in
                c.push(try solve(c).velocity(at: try c.number(1, "time", .seconds))); return 1
            }
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
