import Testing
@testable import DetentMotion

/// Feeds (nanoseconds, position) pairs as Android's tests write them.
private func lsq2(_ samples: [(nanoseconds: Int64, position: Double)]) -> LeastSquaresVelocityTracker {
    var tracker = LeastSquaresVelocityTracker()
    for sample in samples {
        tracker.addSample(time: Double(sample.nanoseconds) / 1e9, position: sample.position)
    }
    return tracker
}

private func milliseconds(_ pairs: [(Double, Double)]) -> LeastSquaresVelocityTracker {
    var tracker = LeastSquaresVelocityTracker()
    for (ms, position) in pairs {
        tracker.addSample(time: ms / 1000, position: position)
    }
    return tracker
}

// Android's recorded flings (frameworks/native libs/input/tests/VelocityTracker_test.cpp).
// Each list is the ACTION_DOWN and ACTION_MOVE samples; the trailing ACTION_UP repeats the
// last sample and adds nothing. Columns: event time (ns), x, y.
private let sailfishFlingUpSlow1: [(Int64, Double, Double)] = [
    (235089067457000, 528.00, 983.00), (235089084684000, 527.00, 981.00),
    (235089093349000, 527.00, 977.00), (235089095677625, 527.00, 975.93),
    (235089101859000, 527.00, 970.00), (235089110378000, 528.00, 960.00),
    (235089112497111, 528.25, 957.51), (235089118760000, 531.00, 946.00),
    (235089126686000, 535.00, 931.00), (235089129316820, 536.33, 926.02),
    (235089135199000, 540.00, 914.00), (235089144297000, 546.00, 896.00),
    (235089146136443, 547.21, 892.36), (235089152923000, 553.00, 877.00),
    (235089160784000, 559.00, 851.00), (235089162955851, 560.66, 843.82),
]
private let sailfishFlingUpSlow3: [(Int64, Double, Double)] = [
    (792536237000, 580.00, 1317.00), (792541538987, 580.63, 1311.94),
    (792544613000, 581.00, 1309.00), (792552301000, 583.00, 1295.00),
    (792558362309, 585.13, 1282.92), (792560828000, 586.00, 1278.00),
    (792569446000, 589.00, 1256.00), (792575185095, 591.54, 1241.41),
    (792578491000, 593.00, 1233.00), (792587044000, 597.00, 1211.00),
    (792592008172, 600.28, 1195.92), (792594616000, 602.00, 1188.00),
    (792603129000, 607.00, 1167.00), (792608831290, 609.48, 1155.83),
    (792612321000, 611.00, 1149.00), (792620768000, 615.00, 1131.00),
    (792625653873, 617.32, 1121.73), (792629200000, 619.00, 1115.00),
]
private let sailfishFlingDownFast3: [(Int64, Double, Double)] = [
    (507650295000, 628.00, 233.00), (507658234000, 605.00, 269.00),
    (507666784000, 601.00, 274.00), (507669660483, 599.65, 275.68),
    (507675427000, 582.00, 308.00), (507683740000, 541.00, 404.00),
    (507686506238, 527.36, 435.95), (507692220000, 487.00, 581.00),
    (507700707000, 454.00, 792.00), (507703352649, 443.71, 857.77),
]

/// Android checks these within 20% (VELOCITY_TOLERANCE); Android computes in `float`, this
/// tracker in `Double`, and the two agree to about 1e-4, so 0.01% is required here.
private let recordingTolerance = 1e-4

@Test func lsq2MatchesAndroidSailfishFlingUpSlow1() {
    // VelocityTracker_test.cpp SailfishFlingUpSlow1: LSQ2 x 951.698181, y -3044.966064.
    let x = lsq2(sailfishFlingUpSlow1.map { ($0.0, $0.1) })
    let y = lsq2(sailfishFlingUpSlow1.map { ($0.0, $0.2) })
    expectNear(x.velocity(), 951.698181, withinFraction: recordingTolerance)
    expectNear(y.velocity(), -3044.966064, withinFraction: recordingTolerance)
}

@Test func lsq2MatchesAndroidSailfishFlingUpSlow3() {
    // VelocityTracker_test.cpp SailfishFlingUpSlow3: LSQ2 x 617.40564, y -2500.055664.
    let x = lsq2(sailfishFlingUpSlow3.map { ($0.0, $0.1) })
    let y = lsq2(sailfishFlingUpSlow3.map { ($0.0, $0.2) })
    expectNear(x.velocity(), 617.40564, withinFraction: recordingTolerance)
    expectNear(y.velocity(), -2500.055664, withinFraction: recordingTolerance)
}

@Test func lsq2MatchesAndroidSailfishFlingDownFast3() {
    // VelocityTracker_test.cpp SailfishFlingDownFast3: LSQ2 x -6388.48877, y 28354.796875.
    let x = lsq2(sailfishFlingDownFast3.map { ($0.0, $0.1) })
    let y = lsq2(sailfishFlingDownFast3.map { ($0.0, $0.2) })
    expectNear(x.velocity(), -6388.48877, withinFraction: recordingTolerance)
    expectNear(y.velocity(), 28354.796875, withinFraction: recordingTolerance)
}

@Test func lsq2FitsAndroidQuadraticReferenceData() {
    // VelocityTracker_test.cpp "Tests for least squares fitting" (tolerance 0.001%,
    // QUADRATIC_VELOCITY_TOLERANCE): samples at 0, 1, 2 ms.
    let cases: [([Double], Double)] = [
        ([1, 1, 1], 0),          // LeastSquaresVelocityTrackerStrategy_Constant
        ([-2, -1, 0], 1e3),      // _Linear
        ([1, 4, 8], 4.5e3),      // _Parabolic
        ([1, 4, 9], 6e3),        // _Parabolic2
        ([4, 1, 0], 0),          // _Parabolic3
    ]
    for (positions, expected) in cases {
        let tracker = milliseconds(zip([0.0, 1, 2], positions).map { ($0, $1) })
        if expected == 0 {
            expectNear(tracker.velocity(), 0, within: 1e-6)
        } else {
            expectNear(tracker.velocity(), expected, withinFraction: 0.00001)
        }
    }
}

@Test func lsq2IsExactOnAConstantVelocityStream() {
    // Analytical: positions on a straight line fit exactly; slope 1234 pt/s, samples every 8 ms.
    var tracker = LeastSquaresVelocityTracker()
    for index in 0..<30 {
        let t = 5.0 + Double(index) * 0.008
        tracker.addSample(time: t, position: 200 + 1234 * (t - 5))
    }
    expectNear(tracker.velocity(), 1234, withinFraction: 1e-9)
}

@Test func lsq2ThreePointsAtConstantSpeed() {
    // VelocityTracker_test.cpp ThreePointsLinearVelocityTest: 5 px per 10 ms → 500.
    expectNear(milliseconds([(0, 0), (10, 5), (20, 10)]).velocity(), 500, withinFraction: 1e-9)
}

@Test func lsq2ThreePointsAtRestGiveZero() {
    // VelocityTracker_test.cpp ThreePointsZeroVelocityTest (LSQ2 → 0).
    let tracker = lsq2([(0, 293), (6_132_000, 293), (11_283_000, 293)])
    expectNear(tracker.velocity(), 0, within: 1e-9)
}

@Test func lsq2ReportsVelocityForAReleaseShortlyAfterTheLastMove() {
    // VelocityTracker_test.cpp ShortDelayBeforeActionUp: moves at 0, 10, 20 ms, ACTION_UP at
    // 30 ms → 1000.
    let tracker = milliseconds([(0, 10), (10, 20), (20, 30)])
    expectNear(tracker.velocity(at: 0.030), 1000, withinFraction: 1e-9)
}

@Test func lsq2ReportsZeroForAReleaseLongAfterTheLastMove() {
    // VelocityTracker_test.cpp LongDelayBeforeActionUp: ACTION_UP at 3000 ms → no velocity.
    let tracker = milliseconds([(0, 10), (10, 20), (20, 30)])
    #expect(tracker.velocity(at: 3.0) == 0)
}

@Test func lsq2PauseOverFortyMillisecondsClearsHistory() {
    // VelocityTracker.cpp addMovement: a gap > ASSUME_POINTER_STOPPED_TIME (40 ms) clears the
    // strategy; one sample afterwards gives no estimate, two give their slope.
    var tracker = milliseconds([(0, 0), (10, 100), (20, 200)])
    tracker.addSample(time: 0.061, position: 200)
    #expect(tracker.velocity() == 0)
    tracker.addSample(time: 0.071, position: 210)
    expectNear(tracker.velocity(), 1000, withinFraction: 1e-9)
}

@Test func lsq2GapOfExactlyFortyMillisecondsKeepsHistory() {
    // The test in VelocityTracker.cpp is strictly greater than 40 ms.
    var tracker = milliseconds([(0, 0), (10, 10)])
    tracker.addSample(time: 0.050, position: 50)
    expectNear(tracker.velocity(), 1000, withinFraction: 1e-9)
}

@Test func lsq2IgnoresSamplesOlderThanTheHundredMillisecondHorizon() {
    // VelocityTracker.h HORIZON = 100 ms: 1000 pt/s until 200 ms, then 3000 pt/s; at 300 ms
    // only the 3000 pt/s samples (ages ≤ 100 ms) remain, so the fit is exact.
    var tracker = LeastSquaresVelocityTracker()
    for step in 0...30 {
        let ms = Double(step) * 10
        let position = ms <= 200 ? ms : 200 + 3 * (ms - 200)
        tracker.addSample(time: ms / 1000, position: position)
    }
    expectNear(tracker.velocity(), 3000, withinFraction: 1e-9)
}

@Test func lsq2KeepsAtMostTwentySamples() {
    // VelocityTracker.h HISTORY_SIZE = 20: samples every 1 ms; the first 10 ms at 5 pt/ms,
    // then 2 pt/ms. The last 20 samples (10…29 ms) all lie on the second line.
    var tracker = LeastSquaresVelocityTracker()
    for ms in 0..<30 {
        let t = Double(ms)
        tracker.addSample(time: t / 1000, position: t <= 10 ? 5 * t : 50 + 2 * (t - 10))
    }
    expectNear(tracker.velocity(), 2000, withinFraction: 1e-9)
}

@Test func lsq2SampleWithTheSameTimeReplacesTheNewest() {
    // VelocityTracker.cpp AccumulatingVelocityTrackerStrategy::addMovement pops a movement
    // with an identical event time before pushing the new one.
    var tracker = milliseconds([(0, 0), (10, 10), (20, 999)])
    tracker.addSample(time: 0.020, position: 20)
    expectNear(tracker.velocity(), 1000, withinFraction: 1e-9)
}

@Test func lsq2WithOneSampleOrNoneGivesZero() {
    var tracker = LeastSquaresVelocityTracker()
    #expect(tracker.velocity() == 0)
    #expect(tracker.lastSampleTime == nil)
    tracker.addSample(time: 1, position: 50)
    #expect(tracker.velocity() == 0)
}

@Test func lsq2WithTwoSamplesGivesTheirSlope() {
    // VelocityTracker.cpp getVelocity: degree = min(2, size − 1) = 1, a straight-line fit.
    expectNear(milliseconds([(0, 0), (16, 8)]).velocity(), 500, withinFraction: 1e-9)
}

@Test func lsq2ResetForgetsEverything() {
    var tracker = milliseconds([(0, 0), (10, 10), (20, 20)])
    tracker.reset()
    #expect(tracker.velocity() == 0)
    #expect(tracker.lastSampleTime == nil)
}
