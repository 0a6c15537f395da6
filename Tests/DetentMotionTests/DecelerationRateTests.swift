import Testing
@testable import DetentMotion

@Test func normalRateProjectsAThousandPointsPerSecondTo499Points() {
    // WWDC 2018 "Designing Fluid Interfaces": travel = (v / 1000)·r / (1 − r);
    // 1·0.998 / 0.002 = 499.
    expectNear(DecelerationRate.normal.projectedTravel(velocity: 1000), 499, within: 1e-9)
}

@Test func fastRateProjectsAThousandPointsPerSecondTo99Points() {
    // Same formula: 1·0.99 / 0.01 = 99.
    expectNear(DecelerationRate.fast.projectedTravel(velocity: 1000), 99, within: 1e-9)
}

@Test func projectionKeepsTheSignOfTheVelocity() {
    expectNear(DecelerationRate.normal.project(position: 100, velocity: -1000), -399, within: 1e-9)
    #expect(DecelerationRate.normal.projectedTravel(velocity: 0) == 0)
}

@Test func decelerationRatesHaveThirdPartyValues() {
    // UIScrollView.DecelerationRate.normal / .fast as documented by third parties.
    #expect(DecelerationRate.normal.perMillisecond == 0.998)
    #expect(DecelerationRate.fast.perMillisecond == 0.99)
}

@Test func decelerationRatesAreFoundByName() {
    #expect(DecelerationRate.named("normal") == .normal)
    #expect(DecelerationRate.named("fast") == .fast)
    #expect(DecelerationRate.named("slow") == nil)
    #expect(DecelerationRate.namedRates.map(\.name) == ["normal", "fast"])
}
