import Testing
@testable import DetentMotion

@Test func rubberBandMatchesPublishedTable() {
    // "Analysis of Apple's rubber band scrolling", squareb.wordpress.com, 2013-01-06 (mirrored
    // in gist originell/6961057): c = 0.55, d = 960, printed to two decimals.
    let table: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
    for (x, expected) in table {
        expectNear(RubberBand.offset(x, dimension: 960), expected, within: 0.005 + 1e-9)
    }
}

@Test func rubberBandIsSymmetricForDragsPastTheOtherEdge() {
    for x in [1.0, 37.5, 400, 5000] {
        #expect(RubberBand.offset(-x, dimension: 852) == -RubberBand.offset(x, dimension: 852))
    }
    #expect(RubberBand.offset(0, dimension: 852) == 0)
}

@Test func rubberBandStartsAtSlopeCAndNeverReachesTheDimension() {
    // Analytical: b′(0) = c, and b(x) → d as x → ∞ with b(x) < d for finite x.
    expectNear(RubberBand.offset(1e-6, dimension: 852) / 1e-6, 0.55, within: 1e-6)
    #expect(RubberBand.offset(1e6, dimension: 852) < 852)
    expectNear(RubberBand.offset(1e9, dimension: 852), 852, within: 0.01)
}

@Test func rubberBandEqualsGrantPaulsAlternativeForm() {
    // Analytical: (1 − 1/(xc/d + 1))·d = x·c·d / (d + c·x).
    for x in [3.0, 50, 300, 2000] {
        let d = 393.0
        expectNear(RubberBand.offset(x, dimension: d, coefficient: 0.4), x * 0.4 * d / (d + 0.4 * x), within: 1e-9)
    }
}

@Test func rubberBandWithoutRoomGivesZero() {
    #expect(RubberBand.offset(50, dimension: 0) == 0)
    #expect(RubberBand.offset(50, dimension: -10) == 0)
    #expect(RubberBand.offset(50, dimension: 100, coefficient: 0) == 0)
}
