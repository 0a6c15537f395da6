import Testing
@testable import DetentMotion

/// Control points of a cubic-bezier timing curve, as given to `CubicBezier.init`.
struct ControlPoints: Sendable, CustomStringConvertible {
    var x1: Double
    var y1: Double
    var x2: Double
    var y2: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    var curve: CubicBezier { CubicBezier(x1, y1, x2, y2) }
    var description: String { "cubic-bezier(\(x1), \(y1), \(x2), \(y2))" }

    /// The Bernstein form 3·p1·t·(1−t)² + 3·p2·t²·(1−t) + t³ in double-double, from the exact
    /// inputs (no power-basis coefficients, whose rounding would cost ~1e-16 again).
    static func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> WideDouble {
        let t = WideDouble(t)
        let u = WideDouble(1) - t
        let three = WideDouble(3)
        return three * WideDouble(p1) * t * u * u + three * WideDouble(p2) * t * t * u + t * t * t
    }

    /// The true y at `progress`: bisection on t down to adjacent doubles (a bracket ~1e-16
    /// wide), deciding each side by the sign of x(t) − progress in double-double.
    ///
    /// Why not plain doubles: where dx/dt vanishes inside the curve, as at t = 0.5 of
    /// cubic-bezier(1, 0, 0, 1) where x − 0.5 = 4(t − 0.5)³, an x(t) rounded to ~4e-16 only
    /// places t to (4e-16 / 4)^(1/3) ≈ 5e-6, and y with it. In double-double the residual is
    /// good to ~1e-31, which places t to ~3e-11 even there.
    func referenceValue(at progress: Double) -> Double {
        let target = WideDouble(progress)
        var lower = 0.0
        var upper = 1.0
        while true {
            let middle = lower + (upper - lower) / 2
            if middle <= lower || middle >= upper { break }
            let residual = ControlPoints.bernstein(x1, x2, middle) - target
            if residual.hi < 0 {
                lower = middle
            } else if residual.hi > 0 {
                upper = middle
            } else {
                (lower, upper) = (middle, middle)
                break
            }
        }
        return ControlPoints.bernstein(y1, y2, lower + (upper - lower) / 2).value
    }

    /// The parameter in (0, 1) where dx/dt is smallest, if it lies inside: the flat spot of x
    /// where solving for t is worst conditioned.
    var flattestParameter: Double? {
        // dx/dt / 3 = x1(1−t)² + 2(x2 − x1)t(1−t) + (1 − x2)t²: a quadratic with leading
        // coefficient 3x1 − 3x2 + 1 and linear coefficient 2(x2 − 2x1).
        let a = 3 * x1 - 3 * x2 + 1
        let b = 2 * (x2 - 2 * x1)
        guard a > 0 else { return nil }
        let t = -b / (2 * a)
        return t > 0 && t < 1 ? t : nil
    }

    /// Progress values that probe this curve hardest: a uniform grid of 2⁻¹⁰ steps, points
    /// approaching both ends geometrically, and points approaching x at the flat spot of x.
    var probes: [Double] {
        var values = (0...1024).map { Double($0) / 1024 }
        for exponent in stride(from: 11, through: 53, by: 3) {
            let tiny = Double(sign: .plus, exponent: -exponent, significand: 1)
            values += [tiny, 1 - tiny, 3 * tiny, 1 - 3 * tiny]
        }
        if let t = flattestParameter {
            let flat = ControlPoints.bernstein(x1, x2, t).value
            values.append(flat)
            for exponent in stride(from: 10, through: 52, by: 3) {
                let offset = Double(sign: .plus, exponent: -exponent, significand: 1)
                values += [flat - offset, flat + offset]
            }
        }
        return values.filter { $0 >= 0 && $0 <= 1 }
    }

    /// The largest |value(at:) − reference| over `probes`, and the progress where it occurs.
    func worstError() -> (error: Double, progress: Double) {
        let curve = self.curve
        var worst = (error: 0.0, progress: 0.0)
        for progress in probes {
            let error = abs(curve.value(at: progress) - referenceValue(at: progress))
            if !(error <= worst.error) { worst = (error, progress) }
        }
        return worst
    }
}

/// Every corner of the control-point square (x1, x2, y1, y2 each 0 or 1), control points far
/// outside it in y, and curves whose x has a flat (or nearly flat) spot inside (0, 1), at an
/// end, or both ends at once.
let extremeControlPoints: [ControlPoints] = {
    var points: [ControlPoints] = []
    for x1 in [0.0, 1] { for y1 in [0.0, 1] { for x2 in [0.0, 1] { for y2 in [0.0, 1] {
        points.append(ControlPoints(x1, y1, x2, y2))
    } } } }
    points += [
        ControlPoints(1, -2, 0, 3), ControlPoints(0, 5, 1, -4), ControlPoints(1, 10, 0, -10),
        ControlPoints(0, 0, 1, 100), ControlPoints(1, -100, 1, 100), ControlPoints(0.5, 50, 0.5, -50),
        ControlPoints(1, 0, 1e-9, 1), ControlPoints(1 - 1e-9, 0, 0, 1), ControlPoints(0.999, -1, 0.001, 2),
        ControlPoints(1, 0.3, 0.25, 0.7), ControlPoints(1, 1, 1, 1e-12), ControlPoints(0, 0, 1e-12, 1),
        ControlPoints(0.2, 1, 0.42, 1), ControlPoints(0.25, 0.1, 0.25, 1),
    ]
    return points
}()

/// 120 curves from a fixed seed: x1 and x2 uniform in [0, 1] but snapped to 0 or 1 a fifth of
/// the time each, y1 and y2 in [−2, 3] (in [−50, 50] for every fourth curve).
let randomControlPoints: [ControlPoints] = {
    var random = SplitMix64(seed: 0xB3_21E2)
    func x() -> Double {
        let roll = random.unit()
        return roll < 0.1 ? 0 : roll < 0.2 ? 1 : random.unit()
    }
    return (0..<120).map { index in
        let span = index % 4 == 3 ? (-50.0, 50.0) : (-2.0, 3.0)
        let x1 = x()
        let y1 = random.uniform(span.0, span.1)
        let x2 = x()
        let y2 = random.uniform(span.0, span.1)
        return ControlPoints(x1, y1, x2, y2)
    }
}()

@Suite("Cubic Bézier accuracy")
struct CubicBezierAccuracyTests {
    // 1e-7 is the brief's bound on y; the solver aims at 5e-8 (see CubicBezier.tTolerance) and
    // the reference is good to ~1e-10 at worst, so passing means the solver met its bound.
    static let tolerance = 1e-7

    @Test(arguments: extremeControlPoints)
    func valueMatchesBisectionReferenceForExtremeControlPoints(_ points: ControlPoints) {
        let worst = points.worstError()
        #expect(worst.error <= Self.tolerance, "\(points): off by \(worst.error) at progress \(worst.progress)")
    }

    @Test(arguments: randomControlPoints)
    func valueMatchesBisectionReferenceForRandomControlPoints(_ points: ControlPoints) {
        let worst = points.worstError()
        #expect(worst.error <= Self.tolerance, "\(points): off by \(worst.error) at progress \(worst.progress)")
    }

    @Test func valueIsExactWhereXIsFlatAndTheRootIsAnEntryOfTheSeedTable() {
        // cubic-bezier(1, 0, 0, 1): with t = 0.5 + δ, x = 0.5 + 4δ³ and y = 0.5 + 1.5δ − 2δ³.
        // Progress 0.5 is t = 0.5 (an entry of the seed table), and progress 0.5 + 2⁻⁴⁰ is
        // δ = 2⁻¹⁴ exactly; a solver stopping on |x error| < 1e-10 may stop anywhere within
        // δ ≈ 3e-4 of either.
        let curve = CubicBezier(1, 0, 0, 1)
        expectNear(curve.value(at: 0.5), 0.5, within: 1e-9)
        let delta = 0x1p-14
        expectNear(curve.value(at: 0.5 + 0x1p-40), 0.5 + 1.5 * delta - 2 * delta * delta * delta, within: 1e-9)
        expectNear(curve.value(at: 0.5 - 0x1p-40), 0.5 - 1.5 * delta + 2 * delta * delta * delta, within: 1e-9)
    }
}
