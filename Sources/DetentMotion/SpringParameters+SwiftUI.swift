/// SwiftUI's `Spring(duration:bounce:)` (iOS 17) and the forms a spring reads back in.
///
/// SwiftUI documents the conversion in `Spring`'s overview: `Spring(duration: 0.5, bounce: 0.3)`
/// has mass 1, stiffness 157.9, damping 17.6; `Spring(mass: 1, stiffness: 100, damping: 10)`
/// has duration 0.63, bounce 0.5 (developer.apple.com/documentation/swiftui/spring). Both
/// follow from mass 1, ω₀ = 2π / duration and a damping ratio ζ set by the bounce:
///
///     k = m·(2π / duration)²
///     ζ = 1 − bounce          for bounce ≥ 0 (0 critical, 1 undamped)
///     ζ = 1 / (1 + bounce)    for bounce < 0 (overdamped)
///     c = 2ζ·√(k·m)
///
/// and back: duration = 2π·√(m / k), bounce = 1 − ζ when ζ ≤ 1, 1/ζ − 1 above. SwiftUI's
/// `response` is the same period (`Spring.response`: "the stiffness of the spring, defined as
/// an approximate duration in seconds") and its `dampingFraction` is ζ.
extension SpringParameters {
    /// The range SwiftUI documents for `bounce`: "up to a maximum of 1.0 (corresponding to
    /// undamped oscillation) … with a minimum value of -1.0"; −1 itself is infinite damping.
    public static let bounceRange = "more than -1 and at most 1"

    /// Whether `bounce` gives a spring (see `bounceRange`).
    public static func acceptsBounce(_ bounce: Double) -> Bool { bounce > -1 && bounce <= 1 }

    /// SwiftUI's `Spring(duration:bounce:)`: mass 1, `duration` the perceptual duration in
    /// seconds (the period of the undamped oscillation), `bounce` in (−1, 1].
    public init(duration: Double, bounce: Double) {
        self.init(dampingRatio: SpringParameters.dampingRatio(bounce: bounce), response: duration)
    }

    /// ζ for a SwiftUI bounce: 1 − bounce, or 1 / (1 + bounce) below 0.
    public static func dampingRatio(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// SwiftUI's `duration` (and `response`): the period of the undamped oscillation,
    /// 2π·√(m / k), in seconds.
    public var duration: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// SwiftUI's `bounce`: 1 − ζ for ζ ≤ 1, 1/ζ − 1 for an overdamped spring (in (−1, 0)).
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// How close a released spring must stay to its target to count as settled for
    /// `settlingDuration`: 0.001 of the travel, SwiftUI's default `epsilon`.
    public static let settlingEpsilon = 0.001

    /// Seconds until the spring stays within `settlingEpsilon` of its target for good, when
    /// released from rest one unit from it — SwiftUI's convention for `Spring.settlingDuration`
    /// ("a target of 1.0, an initialVelocity of 0, and an epsilon of 0.001",
    /// developer.apple.com/documentation/swiftui/spring/settlingduration). Found on the decay
    /// envelope of the displacement as `Spring.settleTime` is (`Spring.settleTime(within:speed:)`),
    /// so for a bouncy spring it is the time after which no swing exceeds the epsilon again.
    /// `.infinity` for an undamped spring (bounce 1).
    public var settlingDuration: Double {
        Spring(parameters: self, displacement: 1, velocity: 0)
            .settleTime(within: SpringParameters.settlingEpsilon, speed: .infinity)
    }

    /// The SwiftUI spelling of this spring, `.spring(duration: 0.5, bounce: 0.3)` (the
    /// `Animation` of iOS 17), with each number rounded to 6 decimal places. The motion is the
    /// same for any mass: SwiftUI's spring has mass 1, and x(t) depends only on ω₀ and ζ.
    public var swiftUI: String {
        ".spring(duration: \(SpringParameters.decimal(duration)), bounce: \(SpringParameters.decimal(bounce)))"
    }

    /// `value` rounded to 6 decimal places without trailing zeros: 0.3, not 0.30000000000000004.
    static func decimal(_ value: Double) -> String {
        let places = 1_000_000.0
        let scaled = (abs(value) * places).rounded()
        guard value.isFinite, scaled < 1e15 else { return "\(value)" }
        let whole = Int64(scaled) / Int64(places), fraction = Int64(scaled) % Int64(places)
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return sign + String(whole) + (digits.isEmpty ? "" : "." + digits)
    }
}
