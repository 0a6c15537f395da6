/// A timing curve: eases progress (0…1 of a duration) into the fraction of the distance
/// covered. Either a cubic Bézier (the named curves, and control points a plugin or config
/// gives) or a curve sampled from a function a plugin registered (SPEC §12).
public enum TimingCurve: Sendable, Equatable {
    case bezier(CubicBezier)
    case sampled(SampledCurve)

    /// The eased value and its slope d(value)/d(progress) at `progress`, clamped to [0, 1].
    public func valueAndSlope(at progress: Double) -> (value: Double, slope: Double) {
        switch self {
        case let .bezier(curve): return curve.valueAndSlope(at: progress)
        case let .sampled(curve): return curve.valueAndSlope(at: progress)
        }
    }

    /// The eased value alone (a navigation transition's progress, every frame): a Bézier
    /// solves for its parameter and skips the slope.
    public func value(at progress: Double) -> Double {
        switch self {
        case let .bezier(curve): return curve.value(at: progress)
        case let .sampled(curve): return curve.valueAndSlope(at: progress).value
        }
    }
}

/// A curve given as a function, sampled once at `count` evenly spaced progresses (0 and 1
/// included) and interpolated linearly between: engines then evaluate it every frame without
/// calling back into a script, and the same samples give the same motion on every run.
public struct SampledCurve: Sendable, Equatable {
    /// Samples at progress i / (count − 1).
    public let samples: [Double]

    /// Samples taken by plugins' function curves: 512 segments, so a smooth curve is within
    /// about 1e-6 of its function (the error of linear interpolation shrinks with the square
    /// of the step, 1/512).
    public static let defaultCount = 513

    /// nil unless there are at least two samples and every one is finite.
    public init?(samples: [Double]) {
        guard samples.count >= 2, samples.allSatisfy(\.isFinite) else { return nil }
        self.samples = samples
    }

    public func valueAndSlope(at progress: Double) -> (value: Double, slope: Double) {
        let segments = Double(samples.count - 1)
        let x = min(max(progress.isNaN ? 0 : progress, 0), 1) * segments
        let i = min(Int(x), samples.count - 2)
        let slope = (samples[i + 1] - samples[i]) * segments
        return (samples[i] + (samples[i + 1] - samples[i]) * (x - Double(i)), slope)
    }
}
