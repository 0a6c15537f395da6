import Testing
@testable import DetentMotion

@Test func strategiesAreFoundByName() {
    #expect(VelocityTrackingStrategy(name: "lsq2") == .lsq2)
    #expect(VelocityTrackingStrategy(name: "ios") == .ios)
    #expect(VelocityTrackingStrategy(name: "impulse") == nil)
    #expect(VelocityTrackingStrategy.names == ["lsq2", "ios"])
}

@Test func strategyMakesItsTracker() {
    #expect(VelocityTrackingStrategy.lsq2.makeTracker() is LeastSquaresVelocityTracker)
    #expect(VelocityTrackingStrategy.ios.makeTracker() is IOSVelocityTracker)
}

@Test func everyStrategyIsExactOnAConstantVelocityStream() {
    // Analytical: on a straight line both estimators return the line's slope.
    for strategy in VelocityTrackingStrategy.allCases {
        var tracker = strategy.makeTracker()
        for index in 0..<12 {
            let t = Double(index) / 120
            tracker.addSample(time: t, position: -750 * t)
        }
        expectNear(tracker.velocity(), -750, withinFraction: 1e-9)
    }
}

@Test func pointTrackerTracksBothAxes() {
    var tracker = PointVelocityTracker()
    for index in 0..<10 {
        let t = Double(index) * 0.008
        tracker.addSample(time: t, x: 10 + 300 * t, y: 600 - 1200 * t)
    }
    let velocity = tracker.velocity()
    expectNear(velocity.x, 300, withinFraction: 1e-9)
    expectNear(velocity.y, -1200, withinFraction: 1e-9)
    #expect(tracker.strategy == .lsq2)
}

@Test func pointTrackerReportsZeroForAReleaseAfterAPause() {
    var tracker = PointVelocityTracker(strategy: .ios)
    for index in 0..<5 {
        tracker.addSample(time: Double(index) * 0.01, x: Double(index), y: Double(index))
    }
    let velocity = tracker.velocity(at: 0.2)
    #expect(velocity.x == 0 && velocity.y == 0)
    tracker.reset()
    #expect(tracker.lastSampleTime == nil)
}
