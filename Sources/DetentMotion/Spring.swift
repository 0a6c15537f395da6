import Foundation

/// The exact motion of a damped spring released at time 0: the closed-form solution of
/// m·x″ + c·x′ + k·x = 0 with x(0) = `initialDisplacement` and x′(0) = `initialVelocity`.
///
/// x is the displacement from the spring's rest point (the animation target) in points,
/// x′ is in points per second, and t is in seconds since the release. The solution is a pure
/// function of t, so sampling it at any frame times gives the same values.
public struct Spring: Sendable, Equatable {
    /// How the spring returns to rest.
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

    public let parameters: SpringParameters
    /// x(0), points from the target.
    public let initialDisplacement: Double
    /// x′(0), points per second.
    public let initialVelocity: Double
    public let regime: Regime

    /// The time, in seconds, from which the spring stays settled for good:
    /// |x(t)| ≤ `settleDisplacement` and |x′(t)| ≤ `settleVelocity` for every t ≥ `settleTime`.
    ///
    /// It is found on the decay envelope of x and x′ rather than on x and x′ themselves, so an
    /// oscillating spring that passes slowly through the target is not declared settled early,
    /// and whether a spring has settled at t never depends on which frames were sampled before.
    /// `.infinity` for an undamped spring that starts outside the thresholds.
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

        let omega = parameters.undampedAngularFrequency
        let zeta = parameters.dampingRatio
        let x0 = displacement
        let v0 = velocity

        if abs(zeta - 1) < 1e-9 {
            regime = .criticallyDamped
            solution = .critical(omega: omega, x0: x0, b: v0 + omega * x0)
        } else if zeta < 1 {
            regime = .underdamped
            let decay = zeta * omega
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            solution = .under(decay: decay, omega: dampedOmega, a: x0, b: (v0 + decay * x0) / dampedOmega)
        } else {
            regime = .overdamped
            let root = (zeta * zeta - 1).squareRoot()
            let slow = -omega * (zeta - root)
            let fast = -omega * (zeta + root)
            let fastCoefficient = (v0 - slow * x0) / (fast - slow)
            solution = .over(slow: slow, fast: fast, slowCoefficient: x0 - fastCoefficient, fastCoefficient: fastCoefficient)
        }
        settleTime = solution.settleTime()
    }

    /// x(t): points from the target at `t` seconds after the release.
    public func displacement(at t: Double) -> Double {
        switch solution {
        case let .under(decay, omega, a, b):
            return exp(-decay * t) * (a * cos(omega * t) + b * sin(omega * t))
        case let .critical(omega, x0, b):
            return (x0 + b * t) * exp(-omega * t)
        case let .over(slow, fast, slowCoefficient, fastCoefficient):
            return slowCoefficient * exp(slow * t) + fastCoefficient * exp(fast * t)
        }
    }

    /// x′(t): velocity in points per second at `t` seconds after the release.
    public func velocity(at t: Double) -> Double {
        switch solution {
        case let .under(decay, omega, a, b):
            let cosine = cos(omega * t)
            let sine = sin(omega * t)
            return exp(-decay * t) * ((omega * b - decay * a) * cosine - (decay * b + omega * a) * sine)
        case let .critical(omega, x0, b):
            return (b - omega * x0 - omega * b * t) * exp(-omega * t)
        case let .over(slow, fast, slowCoefficient, fastCoefficient):
            return slowCoefficient * slow * exp(slow * t) + fastCoefficient * fast * exp(fast * t)
        }
    }

    /// Whether the spring has settled for good by `t` seconds after the release
    /// (`t >= settleTime`).
    public func isSettled(at t: Double) -> Bool { t >= settleTime }
}

/// Coefficients of the three closed forms.
private enum Solution: Sendable, Equatable {
    /// x = e^(−decay·t)·(a·cos ωt + b·sin ωt)
    case under(decay: Double, omega: Double, a: Double, b: Double)
    /// x = (x0 + b·t)·e^(−ω·t)
    case critical(omega: Double, x0: Double, b: Double)
    /// x = p·e^(slow·t) + q·e^(fast·t), with fast < slow < 0
    case over(slow: Double, fast: Double, slowCoefficient: Double, fastCoefficient: Double)

    /// The earliest time after which both decay envelopes stay at or below the thresholds.
    func settleTime() -> Double {
        let position: Envelope
        let speed: Envelope
        switch self {
        case let .under(decay, omega, a, b):
            // |a cos + b sin| ≤ √(a² + b²); the velocity is a sinusoid of the same form.
            let velocityCos = omega * b - decay * a
            let velocitySin = decay * b + omega * a
            position = .linearTimesExponential(a: (a * a + b * b).squareRoot(), b: 0, rate: decay)
            speed = .linearTimesExponential(
                a: (velocityCos * velocityCos + velocitySin * velocitySin).squareRoot(), b: 0, rate: decay)
        case let .critical(omega, x0, b):
            position = .linearTimesExponential(a: abs(x0), b: abs(b), rate: omega)
            speed = .linearTimesExponential(a: abs(b - omega * x0), b: abs(omega * b), rate: omega)
        case let .over(slow, fast, slowCoefficient, fastCoefficient):
            position = .sumOfExponentials(p: abs(slowCoefficient), slow: -slow, q: abs(fastCoefficient), fast: -fast)
            speed = .sumOfExponentials(
                p: abs(slowCoefficient * slow), slow: -slow, q: abs(fastCoefficient * fast), fast: -fast)
        }
        return max(position.lastTimeAbove(Spring.settleDisplacement),
                   speed.lastTimeAbove(Spring.settleVelocity))
    }
}

/// An upper bound on |x(t)| or |x′(t)| for t ≥ 0 that is non-increasing after its peak.
private enum Envelope {
    /// (a + b·t)·e^(−rate·t), a, b ≥ 0
    case linearTimesExponential(a: Double, b: Double, rate: Double)
    /// p·e^(−slow·t) + q·e^(−fast·t), p, q ≥ 0, rates > 0
    case sumOfExponentials(p: Double, slow: Double, q: Double, fast: Double)

    func value(at t: Double) -> Double {
        switch self {
        case let .linearTimesExponential(a, b, rate):
            return (a + b * t) * exp(-rate * t)
        case let .sumOfExponentials(p, slow, q, fast):
            return p * exp(-slow * t) + q * exp(-fast * t)
        }
    }

    /// The time of the envelope's maximum on t ≥ 0.
    private var peakTime: Double {
        switch self {
        case let .linearTimesExponential(a, b, rate):
            guard b > 0, rate > 0 else { return 0 }
            return max(0, 1 / rate - a / b)
        case .sumOfExponentials:
            return 0
        }
    }

    /// A time scale over which the envelope shrinks noticeably (1 / slowest rate).
    private var timeScale: Double {
        switch self {
        case let .linearTimesExponential(_, _, rate): return rate > 0 ? 1 / rate : .infinity
        case let .sumOfExponentials(_, slow, _, fast): return 1 / min(slow, fast)
        }
    }

    /// The smallest t ≥ 0 after which the envelope never exceeds `threshold`.
    func lastTimeAbove(_ threshold: Double) -> Double {
        let peak = peakTime
        guard value(at: peak) > threshold else { return 0 }
        guard timeScale.isFinite else { return .infinity }

        // Past the peak the envelope only falls: find an upper bracket, then bisect.
        var below = peak
        var above = peak + timeScale
        var doublings = 0
        while value(at: above) > threshold {
            below = above
            above += (above - peak)
            doublings += 1
            if doublings > 2000 || !above.isFinite { return .infinity }
        }
        for _ in 0..<200 {
            let middle = (below + above) / 2
            if middle == below || middle == above { break }
            if value(at: middle) > threshold { below = middle } else { above = middle }
        }
        return above
    }
}
