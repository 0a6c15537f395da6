/// A value animation (points) stepped by absolute time (seconds).
///
/// The caller passes the time of the frame being prepared (e.g. a display link's
/// `targetTimestamp`); the animator computes its state *for that time* from closed-form
/// functions of time, so one big step and many small steps to the same time agree, and
/// dropped frames change nothing. Times before the animation's start count as its start.
/// Animators are interruptible: `stop()` freezes the value where it is and reports the
/// velocity it had, for handing over to a gesture or another animation.
public protocol Animator: Sendable {
    /// Current value, points.
    var value: Double { get }
    /// Current rate of change, points per second.
    var velocity: Double { get }
    /// True once the animation has reached its end (or been stopped); further `advance`
    /// calls change nothing.
    var isFinished: Bool { get }

    /// Moves the animation to its state at `time` seconds.
    mutating func advance(to time: Double)

    /// Finishes the animation where it is: `value` is left unchanged, `velocity` becomes 0,
    /// and the velocity it had just before stopping (pt/s) is returned.
    @discardableResult
    mutating func stop() -> Double
}
