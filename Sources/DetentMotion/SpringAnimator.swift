/// Animates a value (points) towards `target` with a damped spring, starting at `startTime`
/// seconds with an initial velocity in points per second.
///
/// value(t) = target + x(t − start), where x is the closed-form `Spring` displacement. Once
/// the spring has settled for good (`Spring.settleTime`) the value is written exactly as
/// `target`, the velocity becomes 0 and the animation finishes. `retarget(to:at:)` moves the
/// target mid-flight keeping position and velocity continuous.
public struct SpringAnimator: Animator, Equatable {
    public let parameters: SpringParameters
    /// Where the value comes to rest, points.
    public private(set) var target: Double
    /// The spring currently running, relative to `target`.
    public private(set) var spring: Spring
    /// Seconds at which `spring` was released (the start, or the last retarget).
    public private(set) var startTime: Double

    public private(set) var value: Double
    public private(set) var velocity: Double
    public private(set) var isFinished: Bool

    /// Starts a spring from `from` towards `to` moving at `initialVelocity` pt/s at `startTime`.
    ///
    /// - Precondition: `parameters.validationError == nil` and all numbers are finite.
    public init(from: Double, to: Double, parameters: SpringParameters, initialVelocity: Double = 0, startTime: Double) {
        precondition(to.isFinite && startTime.isFinite,
                     "spring animation needs a finite target and startTime, got to \(to), startTime \(startTime)")
        self.parameters = parameters
        target = to
        spring = Spring(parameters: parameters, displacement: from - to, velocity: initialVelocity)
        self.startTime = startTime
        value = from
        velocity = initialVelocity
        isFinished = false
        advance(to: startTime)
    }

    public mutating func advance(to time: Double) {
        guard !isFinished else { return }
        let elapsed = max(time - startTime, 0)
        if spring.isSettled(at: elapsed) {
            value = target
            velocity = 0
            isFinished = true
        } else {
            value = target + spring.displacement(at: elapsed)
            velocity = spring.velocity(at: elapsed)
        }
    }

    /// Sends the value towards `newTarget` from `time` seconds on.
    ///
    /// The animation is first advanced to `time`; a new spring is then released from the
    /// current displacement relative to `newTarget` with the current velocity, so neither
    /// position nor velocity jumps. Works on a finished or stopped animator too, restarting it
    /// from rest where it is.
    public mutating func retarget(to newTarget: Double, at time: Double) {
        precondition(newTarget.isFinite && time.isFinite,
                     "spring retarget needs a finite target and time, got to \(newTarget), at \(time)")
        advance(to: time)
        target = newTarget
        spring = Spring(parameters: parameters, displacement: value - newTarget, velocity: velocity)
        startTime = time
        isFinished = false
        // value and velocity already hold the state at `time`; keep them bit-for-bit rather
        // than re-evaluating the new spring at 0, unless it is settled from the start.
        if spring.isSettled(at: 0) {
            value = newTarget
            velocity = 0
            isFinished = true
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
