import Testing
@testable import DetentMotion

private func ios(_ samples: [(Double, Double)]) -> IOSVelocityTracker {
    var tracker = IOSVelocityTracker()
    for (time, position) in samples {
        tracker.addSample(time: time, position: position)
    }
    return tracker
}

@Test func iosTrackerIsExactOnConstantVelocityFromTheFourthSample() {
    // flutter/flutter packages/flutter/test/gestures/velocity_tracker_test.dart, "Makes
    // consistent velocity estimates with consistent velocity": −1 px per 1 s; from the fourth
    // sample on (i >= 3) the estimate is exactly −1 px/s.
    var tracker = IOSVelocityTracker()
    for index in 0..<10 {
        tracker.addSample(time: Double(index + 1), position: -Double(index + 1))
        if index >= 3 {
            expectNear(tracker.velocity(), -1, within: 1e-12)
        }
    }
}

@Test func iosTrackerWeightsOldestOfThreeSegmentsMost() {
    // velocity_tracker.dart IOSScrollViewFlingVelocityTracker.getVelocityEstimate:
    // _previousVelocityAt(-2) * 0.6 + _previousVelocityAt(-1) * 0.35 + _previousVelocityAt(0) * 0.05,
    // where _previousVelocityAt(0) is the newest segment. Segments here: 1000, 2000, 4000 pt/s.
    let tracker = ios([(0, 0), (0.010, 10), (0.020, 30), (0.030, 70)])
    expectNear(tracker.velocity(), 0.6 * 1000 + 0.35 * 2000 + 0.05 * 4000, within: 1e-9)
}

@Test func iosTrackerUsesOnlyTheNewestFourSamples() {
    // Same source: only the three newest segments enter the estimate; older history is ignored.
    let tracker = ios([(0, 0), (0.010, 500), (0.020, 510), (0.030, 520), (0.040, 530)])
    expectNear(tracker.velocity(), 1000, within: 1e-9)
}

@Test func iosTrackerWithFewerThanFourSamplesCountsMissingSegmentsAsZero() {
    // velocity_tracker.dart _previousVelocityAt returns Offset.zero when either sample is null:
    // two samples give 0.05·v, three give (0.35 + 0.05)·v.
    expectNear(ios([(0, 0), (0.010, 10)]).velocity(), 0.05 * 1000, within: 1e-9)
    expectNear(ios([(0, 0), (0.010, 10), (0.020, 20)]).velocity(), 0.4 * 1000, within: 1e-9)
    #expect(ios([(0, 0)]).velocity() == 0)
    #expect(IOSVelocityTracker().velocity() == 0)
}

@Test func iosTrackerSegmentWithZeroDurationContributesZero() {
    // velocity_tracker.dart _previousVelocityAt: dt > 0 ? … : Offset.zero.
    let tracker = ios([(0, 0), (0.010, 10), (0.020, 20), (0.020, 25)])
    expectNear(tracker.velocity(), 0.6 * 1000 + 0.35 * 1000 + 0.05 * 0, within: 1e-9)
}

@Test func iosTrackerReportsZeroWhenTheTouchHasBeenStill() {
    // velocity_tracker_test.dart "Assume zero velocity when there are no recent samples - IOS":
    // after more than 40 ms (_assumePointerMoveStoppedMilliseconds) without a sample the
    // estimate is zero; within 40 ms it is unchanged.
    let tracker = ios([(1, -1), (2, -2), (3, -3), (4, -4)])
    #expect(tracker.velocity(at: 5) == 0)
    expectNear(tracker.velocity(at: 4.040), -1, within: 1e-12)
}

@Test func iosTrackerKeepsHistoryAcrossPausesBetweenSamples() {
    // Flutter's iOS tracker only checks the pause before the release (a stopwatch), never
    // between samples: the 1 s spacing in the consistent-velocity test above relies on this.
    let tracker = ios([(0, 0), (1, 10), (1.1, 11), (1.2, 12)])
    expectNear(tracker.velocity(), 0.6 * 10 + 0.35 * 10 + 0.05 * 10, within: 1e-9)
}

@Test func iosTrackerResetForgetsEverything() {
    var tracker = ios([(0, 0), (0.010, 10), (0.020, 20), (0.030, 30)])
    tracker.reset()
    #expect(tracker.velocity() == 0)
    #expect(tracker.lastSampleTime == nil)
}
