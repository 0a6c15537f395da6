import Glibc

/// UIScrollView's momentum after a flick (deceleration), in points and seconds.
///
/// The velocity decays by the deceleration rate r every millisecond (UIScrollView's `normal`
/// 0.998 by default, as third-party documentation gives it), so after t seconds the content
/// has travelled (v₀/1000)·r·(1 − r^(1000t))/(1 − r) — which tends to exactly SPEC §2's
/// projection (v₀/1000)·r/(1 − r). The velocity is the derivative of that, in pt/s. The motion
/// ends when less than half a point of travel is left (the value is then written exactly), or
/// at a bound, where it stops (UIScrollView would bounce; this model does not).
public struct ScrollMomentum: Animator, Equatable {
    public let start: Double
    /// pt/s at `startTime`.
    public let initialVelocity: Double
    /// Per millisecond, in (0, 1).
    public let rate: Double
    /// Seconds.
    public let startTime: Double
    public let bounds: ClosedRange<Double>

    public private(set) var value: Double
    public private(set) var velocity: Double
    public private(set) var isFinished = false

    /// - Precondition: finite `start`, `velocity` and `startTime`; `rate` in (0, 1). A start
    ///   outside `bounds` widens them to include it, so the content never jumps back.
    public init(from start: Double, velocity: Double, rate: Double, startTime: Double, bounds: ClosedRange<Double>) {
        precondition(start.isFinite && velocity.isFinite && startTime.isFinite, "momentum needs a finite start, velocity and time")
        precondition(rate > 0 && rate < 1, "a deceleration rate is per millisecond in (0, 1), got \(rate)")
        self.start = start
        initialVelocity = velocity
        self.rate = rate
        self.startTime = startTime
        self.bounds = min(bounds.lowerBound, start)...max(bounds.upperBound, start)
        value = start
        self.velocity = velocity
        advance(to: startTime)
    }

    /// Where the content comes to rest without bounds: start + projection.
    public var restingValue: Double { start + initialVelocity / 1000 * rate / (1 - rate) }

    public mutating func advance(to time: Double) {
        guard !isFinished else { return }
        let decay = pow(rate, max(0, time - startTime) * 1000)
        let total = initialVelocity / 1000 * rate / (1 - rate)
        let remaining = total * decay
        value = start + (total - remaining)
        velocity = initialVelocity * rate * -log(rate) / (1 - rate) * decay
        if abs(remaining) < 0.5 {
            value = start + total
            finish()
        }
        // Only the bound it moves towards stops it (it may start on the other one).
        if (initialVelocity < 0 && value <= bounds.lowerBound) || (initialVelocity > 0 && value >= bounds.upperBound) {
            value = min(max(value, bounds.lowerBound), bounds.upperBound)
            finish()
        }
    }

    private mutating func finish() {
        velocity = 0
        isFinished = true
    }

    @discardableResult
    public mutating func stop() -> Double {
        let velocityAtStop = velocity
        finish()
        return velocityAtStop
    }
}
