import DetentRelease

/// The numbers of the pager engine (SPEC §15), loaded from `[pager]` in `config/engine.toml`.
/// Points, seconds, pt/s; the rate is a UIScrollView deceleration rate per millisecond.
public struct PagerDefaults: Equatable, Sendable {
    /// Projection rate of a release, per millisecond: UIScrollView's `normal`, 0.998 (SPEC §2,
    /// §15; the value is third-party documentation — Apple gives only the name). In (0, 1).
    public var decelerationRate: Double = 0.998

    // MARK: Settling spring (SPEC §6's release spring: mass 1, stiffness 200, damping ratio 1)

    /// m of m·x″ + c·x′ + k·x = 0 (SPEC §2), unitless.
    public var springMass: Double = 1
    /// k, mass·s⁻²: force per point of displacement.
    public var springStiffness: Double = 200
    /// ζ = c / (2·√(k·m)); 1 is critically damped (no overshoot for a gentle release).
    public var springDampingRatio: Double = 1

    /// Rubber-band coefficient c of b(x) = (1 − 1/(x·c/d + 1))·d past the first and last page,
    /// with d the page width (SPEC §2: the UIScrollView constant 0.55).
    public var rubberBandCoefficient: Double = 0.55

    public init() {}

    /// The spring a released or programmatically scrolled pager settles with.
    public var settlingSpring: SettlingSpring {
        SettlingSpring(mass: springMass, stiffness: springStiffness, dampingRatio: springDampingRatio)
    }
}
