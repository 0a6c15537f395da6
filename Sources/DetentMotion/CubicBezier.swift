// The solver follows the published algorithm of WebKit's UnitBezier.h and Chromium's
// ui/gfx/geometry/cubic_bezier.cc: Newton steps seeded from an 11-entry table of x(t),
// then bisection. Extrapolation outside [0, 1] follows Chromium's InitGradients.

/// A cubic-bezier timing curve with CSS `cubic-bezier()` / `CAMediaTimingFunction`
/// semantics.
///
/// The curve runs from (0, 0) to (1, 1) through the control points (x1, y1) and (x2, y2).
/// Both axes are unitless fractions: x is *progress* (the fraction of the duration that has
/// elapsed) and y is the fraction of the distance covered. `value(at:)` solves x(t) = progress
/// for the curve parameter t and returns y(t), to within 1e-9 in x (so well under 1e-6 in y
/// for any curve whose slope stays below 1000).
///
/// Outside [0, 1] the curve is extended by straight lines along its end tangents, as Chromium
/// and the CSS Easing specification do.
public struct CubicBezier: Sendable {
    /// Control point coordinates as given to `init` (unitless).
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    // x(t) = ((ax t + bx) t + cx) t, likewise for y; the end points (0,0) and (1,1) are implicit.
    private let ax: Double
    private let bx: Double
    private let cx: Double
    private let ay: Double
    private let by: Double
    private let cy: Double

    /// dy/dx of the straight extension before 0 and after 1.
    private let startGradient: Double
    private let endGradient: Double

    /// x(t) at t = 0, 0.1, …, 1 — the seed table for Newton's method.
    private let xSamples: [Double]

    private static let sampleCount = 11
    /// Convergence tolerance on x. Tighter than Chromium's 1e-7 so that y is exact to 1e-7 or
    /// better even on steep curves; Newton reaches it in a step or two, so it costs nothing.
    private static let xEpsilon = 1e-10
    private static let derivativeEpsilon = 1e-7
    private static let maxNewtonIterations = 8
    private static let maxBisectionIterations = 200

    /// Creates the curve with control points (x1, y1) and (x2, y2).
    ///
    /// - Precondition: `x1` and `x2` lie in [0, 1] (the CSS rule that keeps x(t) monotonic)
    ///   and all four numbers are finite. Use `validationError(_:_:_:_:)` to check untrusted input.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        if let problem = CubicBezier.validationError(x1, y1, x2, y2) {
            preconditionFailure(problem)
        }
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2

        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by

        (startGradient, endGradient) = CubicBezier.endGradients(x1, y1, x2, y2)

        let step = 1.0 / Double(CubicBezier.sampleCount - 1)
        var samples: [Double] = []
        samples.reserveCapacity(CubicBezier.sampleCount)
        for index in 0..<CubicBezier.sampleCount {
            let t = Double(index) * step
            samples.append(((ax * t + bx) * t + cx) * t)
        }
        xSamples = samples
    }

    /// A sentence describing what is wrong with these control points, or `nil` if they make a
    /// valid timing curve.
    public static func validationError(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String? {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
            return "cubic-bezier control points must be finite numbers, got (\(x1), \(y1), \(x2), \(y2))"
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            return "cubic-bezier x1 and x2 must lie in [0, 1] so that progress maps to a single value, got x1 = \(x1), x2 = \(x2)"
        }
        return nil
    }

    /// The eased fraction of the distance (y) at `progress` (x, the fraction of the duration).
    ///
    /// Returns exactly 0 at progress 0 and exactly 1 at progress 1. Outside [0, 1] the value
    /// continues linearly along the end tangent.
    public func value(at progress: Double) -> Double {
        if progress < 0 { return startGradient * progress }
        if progress > 1 { return 1 + endGradient * (progress - 1) }
        if progress == 0 { return 0 }
        if progress == 1 { return 1 }
        return sampleY(solveT(forX: progress))
    }

    /// dy/dx at `progress`: how fast the eased value moves per unit of progress.
    ///
    /// Multiply by distance / duration to get a velocity in points per second. Outside [0, 1]
    /// this is the gradient of the linear extension. Where the curve's tangent is degenerate
    /// (both dx/dt and dy/dt vanish, as at the start of `easeOut`) the limit along the curve is
    /// returned; a vertical tangent yields the largest finite `Double`, as Chromium does.
    public func slope(at progress: Double) -> Double {
        if progress < 0 { return startGradient }
        if progress > 1 { return endGradient }
        return slope(atParameter: solveT(forX: progress))
    }

    /// `value(at:)` and `slope(at:)` together, solving for the curve parameter once
    /// (animators need both every frame).
    public func valueAndSlope(at progress: Double) -> (value: Double, slope: Double) {
        if progress < 0 || progress > 1 || progress == 0 || progress == 1 {
            return (value(at: progress), slope(at: progress))
        }
        let t = solveT(forX: progress)
        return (sampleY(t), slope(atParameter: t))
    }

    private func slope(atParameter t: Double) -> Double {
        let dx = sampleDerivativeX(t)
        let dy = sampleDerivativeY(t)
        if dx == 0 && dy == 0 {
            return t < 0.5 ? startGradient : endGradient
        }
        let ratio = dy / dx
        if ratio.isInfinite {
            return ratio > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
        }
        return ratio
    }

    // MARK: - Polynomial

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    private func sampleDerivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve parameter t in [0, 1] with x(t) = x, for x in [0, 1].
    private func solveT(forX x: Double) -> Double {
        // Bracket x between two table entries and interpolate linearly for the first guess.
        let step = 1.0 / Double(CubicBezier.sampleCount - 1)
        var lower = 0.0
        var upper = 1.0
        var t = x
        for index in 1..<CubicBezier.sampleCount where x <= xSamples[index] {
            upper = Double(index) * step
            lower = upper - step
            let span = xSamples[index] - xSamples[index - 1]
            t = span > 0 ? lower + step * (x - xSamples[index - 1]) / span : lower
            break
        }

        for _ in 0..<CubicBezier.maxNewtonIterations {
            let error = sampleX(t) - x
            if abs(error) < CubicBezier.xEpsilon { return t }
            let derivative = sampleDerivativeX(t)
            if abs(derivative) < CubicBezier.derivativeEpsilon { break }
            t -= error / derivative
        }
        if (0...1).contains(t), abs(sampleX(t) - x) < CubicBezier.xEpsilon { return t }

        // Newton stalled (flat spot) or left the bracket: bisect inside the bracket instead.
        t = (lower + upper) / 2
        for _ in 0..<CubicBezier.maxBisectionIterations {
            let current = sampleX(t)
            if abs(current - x) < CubicBezier.xEpsilon { return t }
            if x > current { lower = t } else { upper = t }
            let next = (lower + upper) / 2
            if next == t { break }
            t = next
        }
        return t
    }

    /// Chromium's InitGradients: the gradient at each end is taken towards the nearest control
    /// point that is horizontally distinct from the end point; a vertical tangent becomes 0,
    /// and the two all-coincident cases (0,0,0,0) and (1,1,1,1) are linear.
    private static func endGradients(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
    ) -> (start: Double, end: Double) {
        let start: Double
        if x1 > 0 {
            start = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            start = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            start = 1
        } else {
            start = 0
        }

        let end: Double
        if x2 < 1 {
            end = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            end = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            end = 1
        } else {
            end = 0
        }
        return (start, end)
    }
}

extension CubicBezier: Equatable {
    /// Two curves are equal when their control points are equal.
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }
}

extension CubicBezier: CustomStringConvertible {
    public var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }
}
