import DetentMotion

/// The spring a released drawer or sheet settles with (SPEC §6): mass 1, stiffness 200,
/// damping ratio 1 by default (`[drawer]` spring_mass, spring_stiffness,
/// spring_damping_ratio), started with the release velocity in pt/s — never pt/ms.
public struct SettlingSpring: Equatable, Sendable {
    /// Mass, stiffness and damping c = 2·ζ·√(k·m).
    public let parameters: SpringParameters

    public init(_ defaults: ReleaseDefaults) {
        parameters = SpringParameters(mass: defaults.springMass, stiffness: defaults.springStiffness,
                                      damping: 2 * defaults.springDampingRatio * (defaults.springStiffness * defaults.springMass).squareRoot())
    }

    /// An animator from `origin` to `target` (points) starting at `startTime` (seconds of
    /// virtual time) with `velocity` (pt/s, positive downwards).
    public func animator(from origin: Double, to target: Double, velocity: Double, startTime: Double) -> SpringAnimator {
        SpringAnimator(from: origin, to: target, parameters: parameters, initialVelocity: velocity, startTime: startTime)
    }
}
