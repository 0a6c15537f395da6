import DetentLua
import DetentMotion
import DetentWorld

/// Springs in a script's tables: the dialects `world:spring{}`, `c:spring()` and
/// `detent.motion.spring{}` read (`SpringSpecification`), and the table a spring reads back
/// as — every equivalent form at once, so that a spring can be copied back into an app in
/// its own terms.
enum SpringBinding {
    /// The keys of a spring's table (`SpringSpecification.keys`).
    static let keys = SpringSpecification.keys

    /// The spring `options` gives, in any one dialect, over the configured default (a lone
    /// `damping_ratio` applies to its stiffness and mass). A table that mixes dialects, or
    /// whose numbers make no spring, is refused with the sentence `SpringSpecification` gives,
    /// at the field it is about.
    static func parameters(_ options: LuaTableArgument, defaults: MotionDefaults) throws -> SpringParameters {
        var numbers: [String: Double] = [:]
        for key in keys where key != SpringSpecification.wordKey && options.has(key) { numbers[key] = try options.number(key) }
        let preset = try options.string(SpringSpecification.wordKey)
        let configured = SpringParameters(mass: defaults.springMass, stiffness: defaults.springStiffness,
                                          dampingRatio: defaults.springDampingRatio)
        do {
            return try SpringSpecification.parameters(numbers: numbers, preset: preset, defaults: configured)
        } catch {
            if let key = error.key { throw options.fieldProblem(key, error.sentence) }
            throw options.problem(error.sentence)
        }
    }

    /// The fields of a spring's table, in the order they are set.
    static let readBackFields = ["mass", "stiffness", "damping", "damping_ratio", "duration", "bounce", "response",
                                 "damping_fraction", "settling_duration"]

    /// Pushes the table a spring reads back as: `mass`, `stiffness`, `damping`,
    /// `damping_ratio`; SwiftUI's `duration`, `bounce`, `response` (= duration) and
    /// `damping_fraction` (= damping_ratio); `settling_duration` (SwiftUI's convention, seconds);
    /// `displacement(t, x0, v0)` and `velocity(t, x0, v0)` solving it; and `swift()`, its
    /// SwiftUI spelling.
    static func push(_ parameters: SpringParameters, onto call: LuaCall) {
        call.push(.record([
            ("mass", .number(parameters.mass)), ("stiffness", .number(parameters.stiffness)),
            ("damping", .number(parameters.damping)), ("damping_ratio", .number(parameters.dampingRatio)),
            ("duration", .number(parameters.duration)), ("bounce", .number(parameters.bounce)),
            ("response", .number(parameters.duration)), ("damping_fraction", .number(parameters.dampingRatio)),
            ("settling_duration", .number(parameters.settlingDuration)),
        ]))
        let solve = { (c: LuaCall) throws -> Spring in
            Spring(parameters: parameters, displacement: try c.number(2, "displacement", .animatedValue),
                   velocity: try c.optionalNumber(3, "velocity", .velocity) ?? 0)
        }
        call.setFunction("displacement") { c in
            c.push(try solve(c).displacement(at: try c.number(1, "time", .seconds))); return 1
        }
        call.setFunction("velocity") { c in
            c.push(try solve(c).velocity(at: try c.number(1, "time", .seconds))); return 1
        }
        // `s:swift()` and `s.swift()` alike: the table itself is not needed.
        call.setFunction("swift") { c in c.push(parameters.swiftUI); return 1 }
    }
}
