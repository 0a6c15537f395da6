import Glibc

/// The exact motion of a damped spring released at time 0: the closed-form solution of
/// m·x″ + c·x′ + k·x = 0 with x(0) = `initialDisplacement` and x′(0) = `initialVelocity`.
///
/// x is the displacement from the spring's rest point (the animation target) in points,
/// x′ is in points per second, and t is in seconds since the release. The solution is a pure
/// function of t, so sampling it at any frame times gives the same values.
///
/// One formula covers every damping ratio ζ. With ω₀ = √(k/m), λ = c/(2m) = ζ·ω₀ and
/// q = ω₀²·(1 − ζ²):
///
///     x(t)  = e^(−λt)·[x0·C(t) + (v0 + λ·x0)·S(t)]
///     x′(t) = e^(−λt)·[v0·C(t) − (ω₀²·x0 + λ·v0)·S(t)]
///
/// where C(t) = cos(√q·t) and S(t) = sin(√q·t)/√q — cosh and sinh(√−q·t)/√−q when q < 0, and
/// 1 and t when q = 0. C and S are entire functions of q, so the motion is continuous (indeed
/// smooth) through ζ = 1 with no switch between formulas; near it S is evaluated through
/// sin(w)/w and (1 − e^(−y))/y, which lose nothing as w and y go to 0. The overdamped case
/// (μ = √−q) is evaluated as e^(−λt)·C = e^(−(λ−μ)t)·(1 + e^(−2μt))/2 and
/// e^(−λt)·S = e^(−(λ−μ)t)·(1 − e^(−2μt))/(2μ), which neither cancel nor overflow.
///
/// Accuracy: `displacement(at:)` is within 1e-9 of the exact solution relative to the motion's
/// scale L = max(|x0|, |v0|/ω₀) (the larger of the release displacement and the distance the
/// release velocity would cover in one radian of the undamped oscillation, 1/ω₀ seconds),
/// and `velocity(at:)` within 1e-9 of ω₀·L, for every ζ ≥ 0 and every t ≥ 0 with ω₀·t up to
/// 1e6 (beyond that the rounding of the sine's argument, ~1e-16·ω₀t, is what limits an
/// undamped spring). Measured against an independent solution of the differential equation
/// (SpringCriticalDampingTests) the worst error is ~1e-14 of the scale within 1e-2 of ζ = 1
/// and ~2e-13 elsewhere up to ζ = 10.
///
/// Times outside (0, +∞): a negative time (including −∞) gives the state at the release,
/// (x0, v0); +∞ gives the rest point, x = 0 and x′ = 0 (for an undamped spring too, which has
/// no limit: +∞ is where `isSettled(at:)` holds for every spring, and so is a time so large
/// that ω₀·t overflows); NaN gives NaN.
public struct Spring: Sendable, Equatable {
    /// How the spring returns to rest. A label: the motion itself is computed by one formula
    /// that is continuous in ζ (see `Spring`).
    public enum Regime: Sendable, Equatable {
        /// ζ < 1: oscillates about the target with a decaying amplitude.
        case underdamped
        /// ζ = 1 (within 1e-9): the fastest return without overshooting from rest.
        case criticallyDamped
        /// ζ > 1: creeps back without oscillating.
        case overdamped
    }

    /// Displacement below which the spring may count as settled, in points (SPEC.md §2; also
    /// POP's `SpringSolver::setThreshold(1)` "half a unit", pop/POPSpringSolver.h).
    public static let settleDisplacement = 0.5

    /// Speed below which the spring may count as settled, in points per second.
    ///
    /// POP's spring solver uses the same pair: with its default threshold of 1 unit it stops
    /// at |x| < 0.5 and |v| < 5 units per second (pop/POPSpringSolver.h, `setThreshold`).
    /// At 5 pt/s a view moves 0.04 pt per 120 Hz frame, far below a pixel, so snapping to the
    /// target at that point is invisible.
    public static let settleVelocity = 5.0

    /// |ζ − 1| below which `regime` reads `.criticallyDamped`. Only the label depends on it:
    /// ζ computed from rounded constants (SwiftUI's dampingRatio 1, say) lands within a few
    /// 1e-16 of 1, and a tolerance far above that but far below any damping ratio anyone means
    /// keeps such springs labelled critical.
    static let criticalLabelBand = 1e-9

    public let parameters: SpringParameters
    /// x(0), points from the target.
    public let initialDisplacement: Double
    /// x′(0), points per second.
    public let initialVelocity: Double
    public let regime: Regime

    /// The time, in seconds, from which the spring stays settled for good:
    /// |x(t)| ≤ `settleDisplacement` and |x′(t)| ≤ `settleVelocity` for every t ≥ `settleTime`.
    ///
    /// It is found on decay envelopes of x and x′ rather than on x and x′ themselves, so an
    /// oscillating spring that passes slowly through the target is not declared settled early,
    /// and whether a spring has settled at t never depends on which frames were sampled before.
    /// The envelopes tend to the critical ones as ζ → 1 from either side, so the settle time is
    /// continuous in ζ. `.infinity` for an undamped spring that starts outside the thresholds.
    public let settleTime: Double

    private let solution: Solution

    /// Releases a spring `displacement` points from its target, moving at `velocity` pt/s.
    ///
    /// - Precondition: `parameters.validationError == nil` (positive mass and stiffness,
    ///   non-negative damping, all finite) and both initial conditions are finite.
    public init(parameters: SpringParameters, displacement: Double, velocity: Double) {
        if let problem = parameters.validationError { preconditionFailure(problem) }
        precondition(displacement.isFinite && velocity.isFinite,
                     "spring initial displacement and velocity must be finite, got \(displacement) pt and \(velocity) pt/s")
        self.parameters = parameters
        initialDisplacement = displacement
        initialVelocity = velocity

        let zeta = parameters.dampingRatio
        if abs(zeta - 1) < Spring.criticalLabelBand {
            regime = .criticallyDamped
        } else {
            regime = zeta < 1 ? .underdamped : .overdamped
        }
        solution = Solution(parameters: parameters, x0: displacement, v0: velocity)
        settleTime = solution.settleTime()
    }

    /// x(t): points from the target at `t` seconds after the release.
    ///
    /// Negative times give `initialDisplacement`, +∞ gives 0, NaN gives NaN (see `Spring`).
    public func displacement(at t: Double) -> Double {
        guard t > 0 else { return t.isNaN ? .nan : initialDisplacement }
        guard let (c, s) = solution.basis(at: t) else { return 0 }
        return solution.x0 * c + solution.b * s
    }

    /// x′(t): velocity in points per second at `t` seconds after the release.
    ///
    /// Negative times give `initialVelocity`, +∞ gives 0, NaN gives NaN (see `Spring`).
    public func velocity(at t: Double) -> Double {
        guard t > 0 else { return t.isNaN ? .nan : initialVelocity }
        guard let (c, s) = solution.basis(at: t) else { return 0 }
        return solution.v0 * c - solution.d * s
    }

    /// Whether the spring has settled for good by `t` seconds after the release
    /// (`t >= settleTime`).
    public func isSettled(at t: Double) -> Bool { t >= settleTime }

    /// `settleTime` found with every envelope bisected to the last double, as it was before
    /// Newton's method (for the tests that compare the two).
    func settleTime(bisecting: Bool) -> Double { solution.settleTime(bisecting: bisecting) }

    /// As `settleTime`, with other thresholds: the time from which |x(t)| ≤ `displacement`
    /// and |x′(t)| ≤ `speed` for good (`.infinity` for a speed leaves only the displacement
    /// to settle). The units are the release's: points and pt/s, or fractions of a unit travel.
    public func settleTime(within displacement: Double, speed: Double) -> Double {
        solution.settleTime(displacement: displacement, speed: speed)
    }
}

/// The constants of the unified closed form (see `Spring`).
private struct Solution: Sendable, Equatable {
    /// What the square root of q = ω₀²(1 − ζ²) is.
    enum Shape: Sendable, Equatable {
        /// q > 0: ωd = √q, the damped angular frequency in rad/s.
        case oscillating(dampedFrequency: Double)
        /// q = 0.
        case critical
        /// q < 0: μ = √−q in 1/s, and the slow decay rate λ − μ = ω₀²/(λ + μ) (written
        /// without the cancellation of λ − μ when ζ is large).
        case creeping(mu: Double, slowRate: Double)
    }

    /// λ = c / (2m), 1/s.
    let decay: Double
    let shape: Shape
    /// x0 in points and v0 in pt/s.
    let x0: Double
    let v0: Double
    /// v0 + λ·x0, pt/s: the coefficient of S in x.
    let b: Double
    /// ω₀²·x0 + λ·v0, pt/s²: minus the coefficient of S in x′.
    let d: Double

    /// |w| (or y) below which sin(w)/w (or (1 − e^(−y))/y) comes from its Taylor series: the
    /// first omitted term is below 1e-4⁴/120 ≈ 1e-18, under the rounding of the result.
    private static let seriesThreshold = 1e-4

    init(parameters: SpringParameters, x0: Double, v0: Double) {
        let omegaSquared = parameters.stiffness / parameters.mass
        let zeta = parameters.dampingRatio
        decay = parameters.damping / (2 * parameters.mass)
        // (1 − ζ)(1 + ζ) rather than 1 − ζ²: 1 − ζ is exact for ζ in [0.5, 2].
        let q = omegaSquared * ((1 - zeta) * (1 + zeta))
        if q > 0 {
            shape = .oscillating(dampedFrequency: q.squareRoot())
        } else if q < 0 {
            let mu = (-q).squareRoot()
            shape = .creeping(mu: mu, slowRate: omegaSquared / (decay + mu))
        } else {
            shape = .critical
        }
        self.x0 = x0
        self.v0 = v0
        b = v0 + decay * x0
        d = omegaSquared * x0 + decay * v0
    }

    /// (e^(−λt)·C(t), e^(−λt)·S(t)) for t > 0, or nil where both are 0 — at t = +∞, and
    /// wherever the decay has underflowed (or, undamped, ωd·t has overflowed), so that
    /// huge times never produce 0·∞ or cos(∞).
    func basis(at t: Double) -> (c: Double, s: Double)? {
        guard t < .infinity else { return nil }
        switch shape {
        case .critical:
            let envelope = exp(-decay * t)
            guard envelope > 0 else { return nil }
            return (envelope, t * envelope)
        case let .oscillating(omega):
            let envelope = exp(-decay * t)
            let phase = omega * t
            guard envelope > 0, phase.isFinite else { return nil }
            let sine: Double  // sin(ωd·t)/ωd
            if phase < Solution.seriesThreshold {
                sine = t * (1 - phase * phase / 6 * (1 - phase * phase / 20))
            } else {
                sine = sin(phase) / omega
            }
            return (envelope * cos(phase), envelope * sine)
        case let .creeping(mu, slowRate):
            // e^(−λt)·cosh(μt) = e^(−(λ−μ)t)·(1 + e^(−2μt))/2 and
            // e^(−λt)·sinh(μt)/μ = e^(−(λ−μ)t)·(1 − e^(−2μt))/(2μ).
            let envelope = exp(-slowRate * t)
            guard envelope > 0 else { return nil }
            let y = 2 * mu * t
            let fastPart = expm1(-y)  // e^(−2μt) − 1, in (−1, 0]
            let hyperbolicSine: Double  // (1 − e^(−y))/(2μ)
            if y < Solution.seriesThreshold {
                hyperbolicSine = t * (1 - y / 2 * (1 - y / 3 * (1 - y / 4)))
            } else {
                hyperbolicSine = -fastPart / (2 * mu)
            }
            return (envelope * (1 + fastPart / 2), envelope * hyperbolicSine)
        }
    }

    /// The earliest time after which an envelope of x stays at or below `displacement` and
    /// one of x′ at or below `threshold` (by default `settleDisplacement` and `settleVelocity`).
    ///
    /// Every regime has |e^(−λt)·C(t)| ≤ e^(−rt) and |e^(−λt)·S(t)| ≤ min(t, T)·e^(−rt), with
    /// r = λ and T = 1/ωd when oscillating (|sin w| ≤ min(w, 1)), r = λ − μ and T = 1/(2μ)
    /// when creeping (1 − e^(−y) ≤ min(y, 1)), r = λ and T = ∞ when critical; so
    /// |x| ≤ (|x0| + |b|·min(t, T))·e^(−rt) and
    /// |x′| ≤ (|v0| + |d|·min(t, T))·e^(−rt). These tend to the critical envelopes as ζ → 1.
    /// Away from 1 the classical ones are tighter: the amplitude of the sinusoid when
    /// oscillating, and the two exponentials taken separately when creeping; they blow up as
    /// 1/√|1 − ζ²| near 1. Each envelope gives a time after which it stays below the
    /// threshold, and any of them is a valid answer, so the earliest one is taken.
    func settleTime(displacement: Double = Spring.settleDisplacement, speed threshold: Double = Spring.settleVelocity,
                    bisecting: Bool = false) -> Double {
        let rate: Double
        let cap: Double
        switch shape {
        case .critical:
            (rate, cap) = (decay, .infinity)
        case let .oscillating(omega):
            (rate, cap) = (decay, 1 / omega)
        case let .creeping(mu, slowRate):
            (rate, cap) = (slowRate, 1 / (2 * mu))
        }
        var position = Envelope.linearTimesExponential(a: abs(x0), b: abs(b), cap: cap, rate: rate)
            .lastTimeAbove(displacement, bisecting: bisecting)
        var speed = Envelope.linearTimesExponential(a: abs(v0), b: abs(d), cap: cap, rate: rate)
            .lastTimeAbove(threshold, bisecting: bisecting)

        switch shape {
        case .critical:
            break
        case let .oscillating(omega):
            // x = e^(−λt)·(x0·cos + (b/ωd)·sin), x′ = e^(−λt)·(v0·cos − (d/ωd)·sin).
            position = min(position, Envelope.linearTimesExponential(
                a: hypot(x0, b / omega), b: 0, cap: .infinity, rate: decay).lastTimeAbove(displacement, bisecting: bisecting))
            speed = min(speed, Envelope.linearTimesExponential(
                a: hypot(v0, d / omega), b: 0, cap: .infinity, rate: decay).lastTimeAbove(threshold, bisecting: bisecting))
        case let .creeping(mu, slowRate):
            // x = p·e^(−(λ−μ)t) + q·e^(−(λ+μ)t), and likewise x′.
            let fastRate = slowRate + 2 * mu
            let (p, q) = (x0 / 2 + b / (2 * mu), x0 / 2 - b / (2 * mu))
            let (pv, qv) = (v0 / 2 - d / (2 * mu), v0 / 2 + d / (2 * mu))
            position = min(position, Envelope.sumOfExponentials(
                p: abs(p), slow: slowRate, q: abs(q), fast: fastRate).lastTimeAbove(displacement, bisecting: bisecting))
            speed = min(speed, Envelope.sumOfExponentials(
                p: abs(pv), slow: slowRate, q: abs(qv), fast: fastRate).lastTimeAbove(threshold, bisecting: bisecting))
        }
        return max(position, speed)
    }
}

/// An upper bound on |x(t)| or |x′(t)| for t ≥ 0 that rises to a single peak and then never
/// increases.
enum Envelope {
    /// (a + b·min(t, cap))·e^(−rate·t), with a, b ≥ 0, rate ≥ 0 and cap > 0 (∞ for no cap).
    case linearTimesExponential(a: Double, b: Double, cap: Double, rate: Double)
    /// p·e^(−slow·t) + q·e^(−fast·t), p, q ≥ 0, rates > 0
    case sumOfExponentials(p: Double, slow: Double, q: Double, fast: Double)

    func value(at t: Double) -> Double {
        switch self {
        case let .linearTimesExponential(a, b, cap, rate):
            return (b > 0 ? a + b * min(t, cap) : a) * exp(-rate * t)
        case let .sumOfExponentials(p, slow, q, fast):
            return p * exp(-slow * t) + q * exp(-fast * t)
        }
    }

    /// The time of the envelope's maximum on t ≥ 0 (finite whenever the envelope decays).
    private var peakTime: Double {
        switch self {
        case let .linearTimesExponential(a, b, cap, rate):
            guard b > 0 else { return 0 }
            guard rate > 0 else { return cap }
            // (a + b·t)·e^(−rate·t) peaks at 1/rate − a/b; past the cap only the exponential is left.
            return min(cap, max(0, 1 / rate - a / b))
        case .sumOfExponentials:
            return 0
        }
    }

    /// A time scale over which the envelope shrinks noticeably (1 / slowest rate).
    private var timeScale: Double {
        switch self {
        case let .linearTimesExponential(_, _, _, rate): return rate > 0 ? 1 / rate : .infinity
        case let .sumOfExponentials(_, slow, _, fast): return 1 / min(slow, fast)
        }
    }

    /// The smallest t ≥ 0 after which the envelope never exceeds `threshold` (to within a
    /// few units in the last place: see `newtonTimeAbove`). `bisecting` finds it by bisection
    /// to the last double for every envelope, as before Newton's method (the tests compare).
    func lastTimeAbove(_ threshold: Double, bisecting: Bool = false) -> Double {
        let peak = peakTime
        guard timeScale.isFinite else {
            // No decay: the envelope only grows, towards a + b·cap.
            guard case let .linearTimesExponential(a, b, cap, _) = self else { return .infinity }
            return (b > 0 ? a + b * cap : a) > threshold ? .infinity : 0
        }
        guard value(at: peak) > threshold else { return 0 }

        // Past the peak the envelope only falls: find an upper bracket, then close in on the
        // crossing.
        var below = peak
        var above = peak + timeScale
        var doublings = 0
        while value(at: above) > threshold {
            below = above
            above += (above - peak)
            doublings += 1
            if doublings > 2000 || !above.isFinite { return .infinity }
        }
        if !bisecting, let time = newtonTimeAbove(threshold, from: above, notBefore: below) { return time }
        for _ in 0..<200 {
            let middle = (below + above) / 2
            if middle == below || middle == above { break }
            if value(at: middle) > threshold { below = middle } else { above = middle }
        }
        return above
    }

    /// The crossing of (a + b·min(t, cap))·e^(−rate·t) with `threshold` by Newton's method on
    /// the envelope's logarithm, h(t) = log(a + b·min(t, cap)) − rate·t − log(threshold),
    /// from `start`, a time past the peak where the envelope is at or below the threshold.
    /// Past the peak h falls and is concave (the log of a concave rising function, less a
    /// line), so every step lands between the root and the previous point: the steps shrink
    /// towards the root from above, a handful of them to the last digits (one for a plain
    /// exponential, where h is a line). The result is then moved up, a double at a time, to
    /// the first at which the envelope's computed value is at or below the threshold — the
    /// property bisection ends on — so it may lie a few units in the last place above the
    /// bisection's answer, never at a time where the envelope is still above the threshold.
    /// `lowest` (a time where the envelope is above it) bounds the steps from below. Nil for a
    /// sum of exponentials (whose logarithm is convex: the steps would land below the root) or
    /// when the steps do not settle; the caller bisects then. About 10 logarithms and
    /// exponentials against ~55 exponentials for bisection to the last double.
    private func newtonTimeAbove(_ threshold: Double, from start: Double, notBefore lowest: Double) -> Double? {
        guard case let .linearTimesExponential(a, b, cap, rate) = self, rate > 0 else { return nil }
        let logThreshold = log(threshold)
        var t = start
        for _ in 0..<64 {
            let rising = b > 0 && t < cap
            let factor = rising ? a + b * t : (b > 0 ? a + b * cap : a)
            let h = log(factor) - rate * t - logThreshold
            let slope = (rising ? b / factor : 0) - rate
            let next = t - h / slope
            // Concavity: in exact arithmetic each step moves down and stays at or above the
            // root; once rounding stops it moving down, t is at the root's last digits.
            guard next < t, next.isFinite else { break }
            t = max(next, lowest)
        }
        for _ in 0..<64 {
            if value(at: t) <= threshold { return t }
            t = t.nextUp
        }
        return nil
    }
}
