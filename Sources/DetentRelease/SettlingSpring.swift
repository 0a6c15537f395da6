import DetentMotion

/// The spring a released drawer, sheet or pager settles with (SPEC §6): mass 1, stiffness 200,
/// damping ratio 1 by default (`[drawer]` spring_mass, spring_stiffness,
/// spring_damping_ratio), started with the release velocity in pt/s — never pt/ms.
public struct SettlingSpring: Equatable, Sendable {
    /// Mass, stiffness and damping c = 2·ζ·√(k·m).
    public let parameters: SpringParameters

    public init(_ defaults: ReleaseDefaults) {
        self.init(mass: defaults.springMass, stiffness: defaults.springStiffness, dampingRatio: defaults.springDampingRatio)
    }

    /// A spring of `mass`, `stiffness` and damping ratio ζ (1: critically damped), for engines
    /// whose numbers come from their own config section (the pager's `[pager]`).
    public init(mass: Double, stiffness: Double, dampingRatio: Double) {
        parameters = SpringParameters(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (stiffness * mass).squareRoot())
    }

    /// An animator from `origin` to `target` (points) starting at `startTime` (seconds of
    /// virtual time) with `velocity` (pt/s, positive downwards).
    public func animator(from origin: Double, to target: Double, velocity: Double, startTime: Double) -> SpringAnimator {
        SpringAnimator(from: origin, to: target, parameters: parameters, initialVelocity: velocity, startTime: startTime)
    }
}
