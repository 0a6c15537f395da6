// The solver follows the published algorithm of WebKit's UnitBezier.h and Chromium's
// ui/gfx/geometry/cubic_bezier.cc: Newton steps seeded from an 11-entry table of x(t),
// then bisection. Unlike them it stops on the width of a bracket around the root in t, not on
// |x(t) − progress|: where dx/dt is small a tiny x error hides a large t error (and y error
// with it). Extrapolation outside [0, 1] follows Chromium's InitGradients.

/// A cubic-bezier timing curve with CSS `cubic-bezier()` / `CAMediaTimingFunction`
/// semantics.
///
/// The curve runs from (0, 0) to (1, 1) through the control points (x1, y1) and (x2, y2).
/// Both axes are unitless fractions: x is *progress* (the fraction of the duration that has
/// elapsed) and y is the fraction of the distance covered. `value(at:)` solves x(t) = progress
/// for the curve parameter t and returns y(t).
///
/// Accuracy: t is bracketed to within `tTolerance` / 2 of the exact root, which keeps y within
/// 2.5e-8 of the exact y(t) for any valid control points; to that add the rounding of y(t)
/// itself, ~4e-16 · max(1, |y1|, |y2|). The one exception is within ~1e-10 of a point inside
/// the curve where dx/dt and d²x/dt² both vanish (t = 0.5 of cubic-bezier(1, y1, 0, y2),
/// t = 1 when x1 = x2 = 1): there the sign of x(t) − progress is only known to ~1e-31, which
/// places t to ~1e-10, and y to ~1e-10 · max|dy/dt| (1.5e-10 for cubic-bezier(1, 0, 0, 1)).
///
/// Outside [0, 1] the curve is extended by straight lines along its end tangents, as Chromium
/// and the CSS Easing specification do.
///
/// Immutable, so a class behaves as a value: an animator evaluates its curve every frame
/// through one reference, where a struct of this size was copied out of `TimingCurve` first
/// (BENCHMARKS.md, "Fast ticks").
public final class CubicBezier: Sendable {
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

    /// The solver stops once the exact root t lies in a bracket this wide, and answers with a
    /// t inside it.
    ///
    /// |dy/dt| ≤ 3·max(|y1|, |y2 − y1|, |1 − y2|) on [0, 1] (dy/dt is a quadratic Bézier with
    /// those control values), so a t within tTolerance / 2 of the root puts y within 2.5e-8 of
    /// the exact value: 5e-8 / that bound, with a margin of 4 under the 1e-7 promised. It is
    /// capped at 1e-9 so that t (and `slope(at:)`, which depends on it) stays sharp on gentle
    /// curves; Newton gets there in the same number of steps.
    private let tTolerance: Double

    /// A bound on the rounding error of `sampleX(t) − x` per unit of t: the coefficients
    /// ax, bx, cx are rounded (~10 ulp of their size in all), Horner adds ~6 more and the
    /// subtraction one; 32 covers that twice over. Beyond ±(this · t + 2 ulp · x) the sign of
    /// the double residual is certain; within it `preciseResidual` decides.
    private let residualErrorPerT: Double

    private static let sampleCount = 11
    /// Newton steps before the solver settles for bisection. Chromium uses 4; on a flat spot of
    /// x Newton converges only linearly (ratio 2/3), and a few more steps are cheaper than the
    /// bisection they replace.
    private static let maxNewtonIterations = 8
    /// 80 halvings take the starting bracket (at most 0.3 wide) below 3e-25, narrower than the
    /// `tTolerance` of any curve whose y(t) can be evaluated to 1e-7 at all (|y1|, |y2| < 1e8).
    private static let maxBisectionIterations = 80
    /// Half the spacing between adjacent doubles just below 1.
    private static let unitRoundoff = Double.ulpOfOne / 2

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

        let maxSlopeY = 3 * max(abs(y1), abs(y2 - y1), abs(1 - y2))
        tTolerance = min(1e-9, 5e-8 / maxSlopeY)
        residualErrorPerT = 32 * CubicBezier.unitRoundoff * (1 + abs(ax) + abs(bx) + abs(cx))

        let last = CubicBezier.sampleCount - 1
        var samples: [Double] = []
        samples.reserveCapacity(CubicBezier.sampleCount)
        for index in 0...last {
            let t = Double(index) / Double(last)
            samples.append(((ax * t + bx) * t + cx) * t)
        }
        // The ends are exact by definition (the computed x(1) may be off by an ulp).
        samples[0] = 0
        samples[last] = 1
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

    @inline(__always)
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

    /// The curve parameter t in [0, 1] with x(t) = x, to within `tTolerance` / 2.
    ///
    /// x(t) is strictly increasing on [0, 1] (x1, x2 in [0, 1] make dx/dt ≥ 0 with isolated
    /// zeros), so the root is unique. The solver stops only when the root is known to lie in
    /// an interval of t narrower than `tTolerance` around the answer, whatever |x(t) − x| is:
    ///
    /// - Newton steps from the seed table; at each iterate a mean-value bound either places the
    ///   root within tTolerance / 2 of the next iterate (then that is the answer) or doesn't.
    /// - Meanwhile a bracket [lower, upper] holding the root shrinks, each side moved only on a
    ///   certain sign of x(t) − x; when Newton stalls, probes beside its last iterate and then
    ///   bisection shrink the bracket below `tTolerance`.
    private func solveT(forX x: Double) -> Double {
        if !(x > 0) { return 0 }
        if !(x < 1) { return 1 }

        // 1. The seed table brackets the root between two entries; interpolate for a guess.
        let last = CubicBezier.sampleCount - 1
        var index = 1
        while index < last && xSamples[index] < x { index += 1 }
        var lower = Double(index - 1) / Double(last)
        var upper = Double(index) / Double(last)
        let span = xSamples[index] - xSamples[index - 1]
        var t = span > 0 ? lower + (upper - lower) * (x - xSamples[index - 1]) / span : lower
        // The interior entries are rounded: a root within rounding of one may lie across it.
        if index > 1 && x - xSamples[index - 1] <= residualErrorPerT {
            lower = Double(index - 2) / Double(last)
        }
        if index < last && xSamples[index] - x <= residualErrorPerT {
            upper = Double(index + 1) / Double(last)
        }

        // 2. Newton steps.
        let halfTolerance = tTolerance / 2
        for _ in 0..<CubicBezier.maxNewtonIterations {
            let residual = sampleX(t) - x
            let uncertainty = residualErrorPerT * t + 2 * CubicBezier.unitRoundoff * x
            let derivative = sampleDerivativeX(t)
            if let next = certifiedNewtonStep(t: t, residual: residual, uncertainty: uncertainty,
                                              derivative: derivative, within: halfTolerance) {
                return min(max(next, lower), upper)
            }
            if residual > uncertainty {
                upper = t
            } else if residual < -uncertainty {
                lower = t
            } else {
                break  // Within rounding of the root but not certified (a flat spot): step 3.
            }
            var next = t - residual / derivative
            if !(derivative > 0) || !(next > lower && next < upper) {
                next = lower + (upper - lower) / 2  // Newton left the bracket: bisect instead.
            }
            t = next
            if upper - lower <= tTolerance { break }
        }

        // 3. Close the bracket around t: the root is within tTolerance / 2 of t if x − progress
        //    changes sign between t ∓ 0.75 · tTolerance / 2 (0.75 so that the bracket this
        //    makes is narrower than tTolerance even after rounding).
        if upper - lower > tTolerance {
            let offset = 0.75 * halfTolerance
            for side in 0..<2 {
                let probe = side == 0 ? t - offset : t + offset
                guard probe > lower && probe < upper else { continue }
                let sign = residualSign(probe, x)
                if sign == 0 { return probe }
                if sign > 0 { upper = probe } else { lower = probe }
            }
        }
        if upper - lower <= tTolerance { return min(max(t, lower), upper) }

        // 4. Bisection until the bracket is narrow enough (or cannot be split any more).
        for _ in 0..<CubicBezier.maxBisectionIterations where upper - lower > tTolerance {
            let middle = lower + (upper - lower) / 2
            if middle <= lower || middle >= upper { break }
            let sign = residualSign(middle, x)
            if sign == 0 { return middle }
            if sign > 0 { upper = middle } else { lower = middle }
        }
        return lower + (upper - lower) / 2
    }

    /// The Newton iterate after `t` if it is certainly within `tolerance` of the root, else nil.
    ///
    /// With s = x′(t) (less the rounding of `derivative`) and e = |residual| + its rounding,
    /// take ρ = 2e / s. dx/dt is a quadratic with leading coefficient 3·ax, so on |u − t| ≤ ρ
    /// it is at least m = s − (|x″(t)| + 3|ax|·ρ)·ρ and |x″| is at most M = |x″(t)| + 6|ax|·ρ.
    /// If ε = e / m ≤ ρ, x − progress changes sign within ε of t (mean value theorem), so the
    /// root is within ε of t; Newton's step then lands within M·ε² / (2s) of it, plus the
    /// step's own rounding. The factor 2 in ρ and the 4·`residualErrorPerT` taken off x′(t) absorb the
    /// rounding of these bounds themselves.
    @inline(__always)
    private func certifiedNewtonStep(
        t: Double, residual: Double, uncertainty: Double, derivative: Double, within tolerance: Double
    ) -> Double? {
        let slope = derivative - 4 * residualErrorPerT
        guard slope > 0 else { return nil }
        let inverseSlope = 1 / slope
        let excess = abs(residual) + uncertainty
        let radius = 2 * excess * inverseSlope
        let curvature = abs(6 * ax * t + 2 * bx)
        let minSlope = slope - (curvature + 3 * abs(ax) * radius) * radius
        guard minSlope > 0 else { return nil }
        let distance = excess / minSlope
        guard distance <= radius else { return nil }
        let maxCurvature = curvature + 6 * abs(ax) * radius
        let newtonError = maxCurvature * distance * distance * inverseSlope / 2
        let stepRounding = (uncertainty + 1e-12 * abs(residual)) * inverseSlope + 4 * CubicBezier.unitRoundoff
        guard newtonError + stepRounding <= tolerance else { return nil }
        return t - residual / derivative
    }

    /// A number with the sign of x(t) − x in exact arithmetic (0 when it is 0 to ~1e-31).
    ///
    /// The double residual decides when it is larger than its rounding bound; otherwise the
    /// residual is recomputed in double-double from the Bernstein form.
    private func residualSign(_ t: Double, _ x: Double) -> Double {
        let residual = sampleX(t) - x
        if abs(residual) > residualErrorPerT * t + 2 * CubicBezier.unitRoundoff * x { return residual }
        return preciseResidual(t, x)
    }

    /// x(t) − x evaluated in double-double from the control points themselves:
    /// 3·x1·t·(1 − t)² + 3·x2·t²·(1 − t) + t³ − x, every input exact, so the result is off
    /// by ~1e-31 rather than ~1e-16.
    private func preciseResidual(_ t: Double, _ x: Double) -> Double {
        let u = DoubleDouble.sum(1, -t)
        let tu = u * t
        let first = DoubleDouble.product(3, x1) * tu * u
        let second = DoubleDouble.product(3, x2) * tu * t
        let third = DoubleDouble.product(t, t) * t
        return (first + second + third + DoubleDouble(-x)).value
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
