/// Flutter's approximation of how a UIScrollView estimates fling velocity
/// (`IOSScrollViewFlingVelocityTracker`, flutter/flutter
/// packages/flutter/lib/src/gestures/velocity_tracker.dart). Time in seconds, positions in
/// points, velocity in points per second.
///
/// It keeps a ring of the last 20 samples and takes a weighted average of the velocities of
/// the three newest segments between consecutive samples. The weights, as in Flutter's code
/// (`_previousVelocityAt(-2) * 0.6 + _previousVelocityAt(-1) * 0.35 + _previousVelocityAt(0) * 0.05`),
/// are 0.6 for the oldest of the three segments, 0.35 for the middle one and 0.05 for the
/// newest: a finger slows down as it lifts, and UIScrollView reports the speed from just
/// before that.
///
/// Too few samples are handled as Flutter does: a segment without two samples, or with zero
/// duration, contributes 0, so the full estimate needs four samples. Unlike the least-squares
/// tracker, a pause between samples does not clear the history; only a pause before the
/// release does (`velocity(at:)`).
public struct IOSVelocityTracker: VelocityTracker, Equatable {
    /// Samples kept in the ring: 20, Flutter's `_sampleSize`.
    public static let sampleCount = 20
    /// Weights of the three newest segment velocities, oldest segment first.
    public static let segmentWeights: [Double] = [0.6, 0.35, 0.05]

    private var samples: [PositionSample] = []

    public init() {}

    public var lastSampleTime: Double? { samples.last?.time }

    public mutating func addSample(time: Double, position: Double) {
        if let newest = samples.last, time < newest.time {
            samples.removeAll(keepingCapacity: true)
        }
        samples.append(PositionSample(time: time, position: position))
        if samples.count > Self.sampleCount {
            samples.removeFirst(samples.count - Self.sampleCount)
        }
    }

    public func velocity() -> Double {
        // Same order of operations as Flutter: oldest segment first.
        segmentVelocity(endingAt: samples.count - 3) * Self.segmentWeights[0]
            + segmentVelocity(endingAt: samples.count - 2) * Self.segmentWeights[1]
            + segmentVelocity(endingAt: samples.count - 1) * Self.segmentWeights[2]
    }

    public mutating func reset() {
        samples.removeAll()
    }

    /// Velocity (pt/s) from sample `index - 1` to sample `index`; 0 if either is missing or
    /// they share a timestamp.
    private func segmentVelocity(endingAt index: Int) -> Double {
        guard index >= 1, index < samples.count else { return 0 }
        let start = samples[index - 1]
        let end = samples[index]
        let duration = end.time - start.time
        return duration > 0 ? (end.position - start.position) / duration : 0
    }
}
