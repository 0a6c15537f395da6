/// Estimates the velocity of one coordinate of a touch, in points per second, from
/// timestamped position samples (time in seconds, position in points).
///
/// Samples must arrive in non-decreasing time order; a sample earlier than the previous one
/// starts a new gesture (history is dropped). Trackers are values: copy one to branch.
public protocol VelocityTracker: Sendable {
    /// Records the position (points) of the touch at `time` (seconds).
    mutating func addSample(time: Double, position: Double)

    /// The estimated velocity (pt/s) at the newest sample; 0 when there is too little data.
    func velocity() -> Double

    /// Forgets every sample.
    mutating func reset()

    /// Time (seconds) of the newest sample, or `nil` before the first.
    var lastSampleTime: Double? { get }
}

extension VelocityTracker {
    /// A touch that has not moved for longer than this (seconds) is assumed to have stopped:
    /// 40 ms, Android's `ASSUME_POINTER_STOPPED_TIME` (frameworks/native
    /// libs/input/VelocityTracker.cpp) and Flutter's `_assumePointerMoveStoppedMilliseconds`
    /// (packages/flutter/lib/src/gestures/velocity_tracker.dart).
    public static var assumePointerStoppedTime: Double { 0.040 }

    /// Whether the gap from `earlier` to `later` (seconds) exceeds `limit` (seconds).
    ///
    /// Compared in whole nanoseconds, as Android compares its `nsecs_t` event times, so that
    /// a gap of exactly 40 ms computed as a difference of `Double`s still counts as 40 ms.
    static func gap(from earlier: Double, to later: Double, exceeds limit: Double) -> Bool {
        ((later - earlier) * 1e9).rounded() > (limit * 1e9).rounded()
    }

    /// The velocity (pt/s) to report for a release at `time` (seconds): 0 if the touch has been
    /// still for more than `assumePointerStoppedTime`, otherwise `velocity()`.
    ///
    /// This is Android's check on ACTION_UP and Flutter's `_sinceLastSample` stopwatch check,
    /// with the stopwatch replaced by the caller's virtual time.
    public func velocity(at time: Double) -> Double {
        guard let last = lastSampleTime,
              !Self.gap(from: last, to: time, exceeds: Self.assumePointerStoppedTime) else { return 0 }
        return velocity()
    }
}

/// One timestamped position.
struct PositionSample: Sendable, Equatable {
    /// Seconds.
    var time: Double
    /// Points.
    var position: Double
}
