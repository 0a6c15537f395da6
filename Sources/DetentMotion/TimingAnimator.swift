/// Animates a value (points) from `from` to `to` over `duration` seconds along a timing curve
/// (a cubic Bézier or a sampled plugin curve), starting at `startTime` seconds.
///
/// value(t) = from + (to − from)·curve(progress), progress = (t − startTime) / duration,
/// clamped to [0, 1]. The velocity (pt/s) is (to − from)·curve′(progress) / duration. At
/// progress 1 the value is written exactly as `to`, the velocity becomes 0 and the animation
/// finishes. A duration of 0 finishes immediately at `to`.
public struct TimingAnimator: Animator, Equatable {
    public let from: Double
    public let to: Double
    /// Seconds.
    public let duration: Double
    public let curve: TimingCurve
    /// Seconds, in the same clock as the times passed to `advance(to:)`.
    public let startTime: Double

    public private(set) var value: Double
    public private(set) var velocity: Double
    public private(set) var isFinished: Bool

    /// Starts an animation whose state is, until advanced, its state at `startTime`.
    ///
    /// - Precondition: `from`, `to` and `startTime` are finite and `duration` is finite and ≥ 0.
    public init(from: Double, to: Double, duration: Double, curve: CubicBezier = .default, startTime: Double) {
        self.init(from: from, to: to, duration: duration, timing: .bezier(curve), startTime: startTime)
    }

    /// As `init(from:to:duration:curve:startTime:)`, along any timing curve.
    public init(from: Double, to: Double, duration: Double, timing curve: TimingCurve, startTime: Double) {
        precondition(from.isFinite && to.isFinite && startTime.isFinite,
                     "timing animation needs finite from, to and startTime, got from \(from), to \(to), startTime \(startTime)")
        precondition(duration.isFinite && duration >= 0,
                     "timing animation duration must be a finite number of seconds ≥ 0, got \(duration)")
        self.from = from
        self.to = to
        self.duration = duration
        self.curve = curve
        self.startTime = startTime
        value = from
        velocity = 0
        isFinished = false
        advance(to: startTime)
    }

    /// Fraction of the duration elapsed at `time`, clamped to [0, 1].
    public func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(max((time - startTime) / duration, 0), 1)
    }

    public mutating func advance(to time: Double) {
        guard !isFinished else { return }
        let progress = progress(at: time)
        if progress >= 1 {
            value = to
            velocity = 0
            isFinished = true
        } else {
            let eased = curve.valueAndSlope(at: progress)
            value = from + (to - from) * eased.value
            velocity = (to - from) * eased.slope / duration
        }
    }

    @discardableResult
    public mutating func stop() -> Double {
        let velocityAtStop = velocity
        velocity = 0
        isFinished = true
        return velocityAtStop
    }
}

extension Optional where Wrapped == TimingAnimator {
    /// Advances a running animation to `time` (seconds) in place — a `var` binding would copy
    /// it out and back — and returns its value, clearing itself once the animation finishes;
    /// nil when there is none.
    @inlinable
    public mutating func advanceInPlace(to time: Double) -> Double? {
        // `self?.isFinished` reads one field in place; `self != nil` copies the animator first.
        guard self?.isFinished != nil else { return nil }
        self!.advance(to: time)
        let value = self!.value
        if self!.isFinished { self = nil }
        return value
    }
}
