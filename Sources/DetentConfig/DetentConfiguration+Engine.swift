import DetentLua
import DetentMotion
import DetentWorld
import DetentScripting

/// `engine.toml`: the defaults of motion and of each engine. The same loaders read a world's
/// `detent.world{config = {...}}` overrides (`DetentConfiguration.overriding(with:)`), each
/// over the values it replaces, so both are held to one set of rules.
extension DetentConfiguration {
    /// The sections of engine.toml, in the order they are read: `[motion]`, then each
    /// registered engine's (`EngineRegistry`).
    static var engineSections: [String] { ["motion"] + EngineRegistry.sections.map(\.name) }

    /// Reads engine.toml's sections from `toml` over `base`: a key that is present replaces
    /// base's value after passing its rule; everything else stays base's. `reasons` explains
    /// top-level keys that are refused for a reason of their own.
    static func loadEngine(_ toml: ConfigReader, base: EngineDefaults, reasons: [String: String] = [:]) throws -> EngineDefaults {
        try toml.rejectUnknownKeys(engineSections, reasons: reasons)
        var defaults = base
        defaults.motion = try loadMotion(toml, base: base.motion)
        try EngineRegistry.readSettings({ name -> (any EngineSettingsReader)? in try toml.optionalTable(name) }, into: &defaults)
        return defaults
    }

    static func loadMotion(_ toml: ConfigReader, base: MotionDefaults = MotionDefaults()) throws -> MotionDefaults {
        var motion = base
        guard let m = try toml.optionalTable("motion") else { return motion }
        let springKeys = ["spring_mass", "spring_stiffness", "spring_damping_ratio"]
        try m.rejectUnknownKeys(["duration", "curve", "spring"] + springKeys + ["deceleration_rate", "velocity_tracker"])
        motion.duration = try m.optionalNumber("duration", .seconds) ?? motion.duration
        motion.curve = try m.optionalCurveName("curve") ?? motion.curve
        let configured = SpringParameters(mass: motion.springMass, stiffness: motion.springStiffness, dampingRatio: motion.springDampingRatio)
        if let spring = try m.optionalSpring("spring", replacing: springKeys, defaults: configured) {
            (motion.springMass, motion.springStiffness, motion.springDampingRatio) = (spring.mass, spring.stiffness, spring.dampingRatio)
        }
        motion.springMass = try m.optionalNumber("spring_mass", .spring) ?? motion.springMass
        motion.springStiffness = try m.optionalNumber("spring_stiffness", .spring) ?? motion.springStiffness
        motion.springDampingRatio = try m.optionalNumber("spring_damping_ratio", .spring) ?? motion.springDampingRatio
        motion.decelerationRate = try m.optionalName("deceleration_rate", oneOf: DecelerationRate.namedRates.map(\.name))
            ?? motion.decelerationRate
        motion.velocityTracker = try m.optionalName("velocity_tracker", oneOf: VelocityTrackingStrategy.allCases.map(\.name))
            ?? motion.velocityTracker
        return motion
    }
}

/// Engine registrations read their sections through the same typed reads as the rest of the
/// configuration, with the same errors.
extension ConfigReader: EngineSettingsReader {}
