import Testing
@testable import DetentMotion

/// Reference y for a curve at `progress`, solved by plain bisection on t to full double
/// precision — an independent check on the Newton solver.
private func bisectionReference(_ curve: (Double, Double, Double, Double), _ progress: Double) -> Double {
    let (x1, y1, x2, y2) = curve
    func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if bezier(x1, x2, middle) < progress { low = middle } else { high = middle }
    }
    return bezier(y1, y2, (low + high) / 2)
}

private let namedControlPoints: [(String, (Double, Double, Double, Double))] = [
    ("linear", (0, 0, 1, 1)),
    ("easeIn", (0.42, 0, 1, 1)),
    ("easeOut", (0, 0, 0.58, 1)),
    ("easeInEaseOut", (0.42, 0, 0.58, 1)),
    ("default", (0.25, 0.1, 0.25, 1)),
    ("sheet", (0.2, 1, 0.42, 1)),
]

@Test func bezierMatchesChromiumBasicTable() {
    // Chromium ui/gfx/geometry/cubic_bezier_unittest.cc, TEST(CubicBezierTest, Basic), epsilon 0.00015.
    let curve = CubicBezier(0.25, 0.0, 0.75, 1.0)
    let table: [(Double, Double)] = [
        (0, 0), (0.05, 0.01136), (0.1, 0.03978), (0.15, 0.079780), (0.2, 0.12803),
        (0.25, 0.18235), (0.3, 0.24115), (0.35, 0.30323), (0.4, 0.36761), (0.45, 0.43345),
        (0.5, 0.5), (0.6, 0.63238), (0.65, 0.69676), (0.7, 0.75884), (0.75, 0.81764),
        (0.8, 0.87196), (0.85, 0.92021), (0.9, 0.96021), (0.95, 0.98863), (1, 1),
    ]
    for (x, y) in table {
        expectNear(curve.value(at: x), y, within: 0.00015)
    }
}

@Test func bezierMatchesChromiumMidpointsOfSymmetricCurves() {
    // Chromium cubic_bezier_unittest.cc, TEST(CubicBezierTest, Basic): basic_use, overshoot, undershoot.
    expectNear(CubicBezier(0.5, 1.0, 0.5, 1.0).value(at: 0.5), 0.875, within: 1e-12)
    expectNear(CubicBezier(0.5, 2.0, 0.5, 2.0).value(at: 0.5), 1.625, within: 1e-12)
    expectNear(CubicBezier(0.5, -1.0, 0.5, -1.0).value(at: 0.5), -0.625, within: 1e-12)
}

@Test func bezierHandlesControlPointsWithYOutsideUnitRange() {
    // Chromium cubic_bezier_unittest.cc, TEST(CubicBezierTest, UnclampedYValues), epsilon 0.00015.
    let curve = CubicBezier(0.5, -1.0, 0.5, 2.0)
    let table: [(Double, Double)] = [
        (0.0, 0.0), (0.05, -0.08954), (0.1, -0.15613), (0.15, -0.19641), (0.2, -0.20651),
        (0.25, -0.18232), (0.3, -0.11992), (0.35, -0.01672), (0.4, 0.12660), (0.45, 0.30349),
        (0.5, 0.50000), (0.55, 0.69651), (0.6, 0.87340), (0.65, 1.01672), (0.7, 1.11992),
        (0.75, 1.18232), (0.8, 1.20651), (0.85, 1.19641), (0.9, 1.15613), (0.95, 1.08954),
        (1.0, 1.0),
    ]
    for (x, y) in table {
        expectNear(curve.value(at: x), y, within: 0.00015)
    }
}

@Test func bezierSlopeMatchesChromiumTable() {
    // Chromium cubic_bezier_unittest.cc, TEST(CubicBezierTest, Slope), epsilon 0.00015.
    let curve = CubicBezier(0.25, 0.0, 0.75, 1.0)
    let table: [(Double, Double)] = [
        (-0.1, 0), (0, 0), (0.05, 0.42170), (0.1, 0.69778), (0.15, 0.89121), (0.2, 1.03184),
        (0.25, 1.13576), (0.3, 1.21239), (0.35, 1.26751), (0.4, 1.30474), (0.45, 1.32628),
        (0.5, 1.33333), (0.55, 1.32628), (0.6, 1.30474), (0.65, 1.26751), (0.7, 1.21239),
        (0.75, 1.13576), (0.8, 1.03184), (0.85, 0.89121), (0.9, 0.69778), (0.95, 0.42170),
        (1, 0), (1.1, 0),
    ]
    for (x, slope) in table {
        expectNear(curve.slope(at: x), slope, within: 0.00015)
    }
}

@Test func bezierExtrapolatesAlongEndTangentsLikeChromium() {
    // Chromium cubic_bezier_unittest.cc, TEST(CubicBezierTest, InputOutOfRange): every case,
    // covering each branch of InitGradients (Chromium compares with EXPECT_EQ).
    let cases: [((Double, Double, Double, Double), below: Double, above: Double)] = [
        ((0.5, 1.0, 0.5, 1.0), -2.0, 1.0),   // simple
        ((0.0, 0.0, 1.0, 1.0), -1.0, 2.0),   // coincident_endpoints
        ((0.0, 1.0, 1.0, 0.0), 0.0, 1.0),    // vertical_gradient
        ((0.5, 0.0, 1.0, 0.5), 0.0, 1.0),    // vertical_trailing_gradient
        ((0.1, 0.2, 0.8, 0.8), -2.0, 2.0),   // distinct_endpoints
        ((0.0, 0.0, 0.5, 1.0), -2.0, 1.0),   // coincident_leading_endpoint
        ((1.0, 0.5, 1.0, 1.0), -0.5, 1.0),   // coincident_trailing_endpoint
        ((0.0, 0.0, 0.0, 0.0), -1.0, 2.0),   // all_zeros
        ((1.0, 1.0, 1.0, 1.0), -1.0, 2.0),   // all_ones
    ]
    for (points, below, above) in cases {
        let curve = CubicBezier(points.0, points.1, points.2, points.3)
        expectNear(curve.value(at: -1.0), below, within: 1e-12)
        expectNear(curve.value(at: 2.0), above, within: 1e-12)
    }
}

@Test func bezierSlopeOutsideUnitRangeIsTheExtrapolationGradient() {
    // Gradients from Chromium's InitGradients for cubic-bezier(0.1, 0.2, 0.8, 0.8):
    // start 0.2 / 0.1 = 2, end (0.8 − 1) / (0.8 − 1) = 1 (see InputOutOfRange distinct_endpoints).
    let curve = CubicBezier(0.1, 0.2, 0.8, 0.8)
    #expect(curve.slope(at: -0.5) == 2)
    #expect(curve.slope(at: 1.5) == 1)
}

@Test func bezierIsExactAtBothEnds() {
    // CSS Easing Functions Level 1: the output progress at input 0 is 0 and at input 1 is 1;
    // Chromium InputOutOfRange at_edge_of_range checks these with EXPECT_EQ.
    for (_, curve) in CubicBezier.namedCurves {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
    }
    #expect(CubicBezier(0.5, 1.0, 0.5, 1.0).value(at: 1) == 1)
}

@Test func bezierAgreesWithBisectionToOneTenMillionthAcrossUnitRange() {
    // Reference: bisection on t to full precision (bisectionReference above). Curves: the six
    // named ones plus Chromium cubic_bezier_unittest.cc ControlPointsOutsideUnitSquare.
    let extra: [(Double, Double, Double, Double)] = [
        (0.3, 1.5, 0.8, 1.5), (0.4, -0.8, 0.7, 1.7), (0.7, -2.0, 1.0, -1.5), (0, 4, 1, -3),
    ]
    let curves = namedControlPoints.map(\.1) + extra
    for points in curves {
        let curve = CubicBezier(points.0, points.1, points.2, points.3)
        var worst = 0.0
        for step in 0...1000 {
            let progress = Double(step) / 1000
            worst = max(worst, abs(curve.value(at: progress) - bisectionReference(points, progress)))
        }
        #expect(worst <= 1e-7, "worst error \(worst) for \(curve)")
    }
}

@Test func namedCurvesHaveTheirControlPoints() {
    // Control points from SPEC.md §2 (CSS Easing Functions Level 1 for the first five).
    for (name, points) in namedControlPoints {
        let curve = CubicBezier.named(name)
        #expect(curve == CubicBezier(points.0, points.1, points.2, points.3), "\(name)")
    }
}

@Test func namedCurvesHaveExpectedMidpoints() {
    // Symmetry: linear and easeInEaseOut pass through (0.5, 0.5); easeOut is easeIn rotated
    // by 180° about (0.5, 0.5). Other values computed independently by bisection in double
    // precision (Python, 200 halvings): easeIn 0.31535681257253945, default (CSS `ease`)
    // 0.802403387584857, sheet 0.9541533632401771.
    expectNear(CubicBezier.linear.value(at: 0.5), 0.5, within: 1e-12)
    expectNear(CubicBezier.easeInEaseOut.value(at: 0.5), 0.5, within: 1e-12)
    expectNear(CubicBezier.easeIn.value(at: 0.5), 0.31535681257253945, within: 1e-9)
    expectNear(CubicBezier.easeOut.value(at: 0.5), 1 - CubicBezier.easeIn.value(at: 0.5), within: 1e-9)
    expectNear(CubicBezier.default.value(at: 0.5), 0.802403387584857, within: 1e-9)
    expectNear(CubicBezier.sheet.value(at: 0.5), 0.9541533632401771, within: 1e-9)
}

@Test func namedCurvesAreListedInFixedOrder() {
    #expect(CubicBezier.curveNames == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default", "sheet"])
}

@Test func unknownCurveNameGivesNil() {
    #expect(CubicBezier.named("bouncy") == nil)
    #expect(CubicBezier.named("EaseIn") == nil)
}

@Test func easeOutStartsWithTheTangentTowardsItsSecondControlPoint() {
    // x1 = y1 = 0, so dx/dt = dy/dt = 0 at t = 0; the limit of dy/dx is y2 / x2 = 1 / 0.58,
    // which is also Chromium's start gradient for this curve (InitGradients case 2).
    expectNear(CubicBezier.easeOut.slope(at: 0), 1 / 0.58, within: 1e-12)
    expectNear(CubicBezier.easeOut.value(at: -0.1), -0.1 / 0.58, within: 1e-12)
}

@Test func bezierSlopeMatchesNumericalDerivative() {
    // Analytical check: slope is dy/dx, so it must match a central difference of value(at:).
    let h = 1e-6
    for (_, curve) in CubicBezier.namedCurves {
        for step in 1..<20 {
            let progress = Double(step) / 20
            let numeric = (curve.value(at: progress + h) - curve.value(at: progress - h)) / (2 * h)
            expectNear(curve.slope(at: progress), numeric, within: 1e-5)
        }
    }
}

@Test func bezierRejectsXOutsideUnitRange() {
    #expect(CubicBezier.validationError(1.1, 0, 0.5, 1) != nil)
    #expect(CubicBezier.validationError(0.5, 0, -0.1, 1) != nil)
    #expect(CubicBezier.validationError(0.5, .nan, 0.5, 1) != nil)
    #expect(CubicBezier.validationError(0.5, 3, 0.5, -2) == nil)
}
