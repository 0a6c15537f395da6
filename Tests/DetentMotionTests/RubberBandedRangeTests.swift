import Testing
@testable import DetentMotion

/// A dragged value's range: rubber-banded past each end over its dimension, clamped where the
/// dimension is 0, and `unconstrain` inverting `constrain`.
@Suite("Rubber-banded range")
struct RubberBandedRangeTests {
    let range = RubberBandedRange(100...500, dimensionPastLower: 100, dimensionPastUpper: 300)

    @Test func insideTheLimitsTheValueIsTheTarget() {
        #expect(range.constrain(250) == 250)
        #expect(range.unconstrain(250) == 250)
    }

    @Test func pastEachEndItRubberBandsOverThatEndsDimension() {
        // b(x) = (1 − 1/(x·0.55/d + 1))·d
        #expect(abs(range.constrain(0) - (100 - (1 - 1 / (100 * 0.55 / 100 + 1)) * 100)) < 1e-12)
        #expect(abs(range.constrain(700) - (500 + (1 - 1 / (200 * 0.55 / 300 + 1)) * 300)) < 1e-12)
    }

    @Test func unconstrainInvertsConstrainPastBothEnds() {
        for target in [-400.0, 20, 99, 501, 650, 2000] {
            #expect(abs(range.unconstrain(range.constrain(target)) - target) < 1e-9 * max(1, abs(target)))
        }
    }

    @Test func aDimensionOfZeroClampsAndLeavesValuesPastItAlone() {
        let clamped = RubberBandedRange(100...500, dimensionPastLower: 0, dimensionPastUpper: 0)
        #expect(clamped.constrain(50) == 100)
        #expect(clamped.constrain(900) == 500)
        #expect(clamped.unconstrain(40) == 40)
    }
}
