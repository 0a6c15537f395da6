/// Android's default touch velocity estimator (`VelocityTracker::Strategy::LSQ2`): an
/// unweighted least-squares fit of a quadratic to the recent samples, differentiated at the
/// newest sample. Time in seconds, positions in points, velocity in points per second.
///
/// Constants and behaviour follow AOSP frameworks/native libs/input/VelocityTracker.cpp and
/// include/input/VelocityTracker.h:
/// - at most `historySize` = 20 samples (`HISTORY_SIZE`);
/// - samples older than `horizon` = 100 ms before the newest are dropped (`HORIZON`);
/// - a gap of more than 40 ms between samples clears the history (`ASSUME_POINTER_STOPPED_TIME`);
/// - gaps are compared in whole nanoseconds, like Android's integer event times;
/// - a sample with the same time as the newest one replaces it;
/// - with one sample there is no estimate (0 here); with two the fit is a line (their slope);
///   with three or more it is the quadratic (`solveUnweightedLeastSquaresDeg2`), and a
///   singular system gives no estimate (0 here).
public struct LeastSquaresVelocityTracker: VelocityTracker, Equatable {
    /// Samples older than this (seconds) relative to the newest are ignored: 100 ms.
    public static let horizon = 0.100
    /// Most samples kept: 20.
    public static let historySize = 20

    private var samples: [PositionSample] = []

    public init() {}

    public var lastSampleTime: Double? { samples.last?.time }

    public mutating func addSample(time: Double, position: Double) {
        if let newest = samples.last {
            if time < newest.time || Self.gap(from: newest.time, to: time, exceeds: Self.assumePointerStoppedTime) {
                samples.removeAll(keepingCapacity: true)
            } else if time == newest.time {
                samples.removeLast()
            }
        }
        samples.append(PositionSample(time: time, position: position))
        if samples.count > Self.historySize {
            samples.removeFirst(samples.count - Self.historySize)
        }
        while let oldest = samples.first, Self.gap(from: oldest.time, to: time, exceeds: Self.horizon) {
            samples.removeFirst()
        }
    }

    public func velocity() -> Double {
        switch samples.count {
        case 0, 1:
            return 0
        case 2:
            let (older, newer) = (samples[0], samples[1])
            return (newer.position - older.position) / (newer.time - older.time)
        default:
            return quadraticFitSlope()
        }
    }

    public mutating func reset() {
        samples.removeAll()
    }

    /// Slope at the newest sample of y = a·x² + b·x + c fitted to (x = −age, y = position),
    /// i.e. b, solved from the centred normal equations.
    private func quadraticFitSlope() -> Double {
        let newest = samples[samples.count - 1].time
        var sumX = 0.0, sumX2 = 0.0, sumX3 = 0.0, sumX4 = 0.0
        var sumY = 0.0, sumXY = 0.0, sumX2Y = 0.0
        for sample in samples {
            let x = sample.time - newest
            let y = sample.position
            let x2 = x * x
            sumX += x
            sumX2 += x2
            sumX3 += x2 * x
            sumX4 += x2 * x2
            sumY += y
            sumXY += x * y
            sumX2Y += x2 * y
        }
        let n = Double(samples.count)
        let sxx = sumX2 - sumX * sumX / n
        let sxy = sumXY - sumX * sumY / n
        let sxx2 = sumX3 - sumX * sumX2 / n
        let sx2y = sumX2Y - sumX2 * sumY / n
        let sx2x2 = sumX4 - sumX2 * sumX2 / n
        let denominator = sxx * sx2x2 - sxx2 * sxx2
        guard denominator != 0 else { return 0 }
        return (sxy * sx2x2 - sx2y * sxx2) / denominator
    }
}
