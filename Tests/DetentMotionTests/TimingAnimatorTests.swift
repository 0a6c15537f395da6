import Testing
@testable import DetentMotion

@Test func timingAnimatorStartsAtFromAndEndsExactlyAtTo() {
    var animator = TimingAnimator(from: 100, to: 400, duration: 0.35, curve: .sheet, startTime: 2)
    #expect(animator.value == 100)
    #expect(!animator.isFinished)
    animator.advance(to: 2.35)
    #expect(animator.value == 400)
    #expect(animator.velocity == 0)
    #expect(animator.isFinished)
}

@Test func timingAnimatorFollowsItsCurve() {
    // value = from + (to − from)·curve(progress); progress 0.5 at half the duration.
    var animator = TimingAnimator(from: 100, to: 400, duration: 0.4, curve: .easeInEaseOut, startTime: 0)
    animator.advance(to: 0.2)
    expectNear(animator.value, 100 + 300 * CubicBezier.easeInEaseOut.value(at: 0.5), within: 1e-9)
}

@Test func timingAnimatorVelocityIsTheRateOfChangeOfItsValue() {
    // Analytical: velocity (pt/s) = (to − from)·curve′(progress) / duration; checked against a
    // central difference of the value over time.
    func value(at time: Double) -> Double {
        var animator = TimingAnimator(from: -50, to: 250, duration: 0.5, curve: .default, startTime: 1)
        animator.advance(to: time)
        return animator.value
    }
    var animator = TimingAnimator(from: -50, to: 250, duration: 0.5, curve: .default, startTime: 1)
    for step in 1..<10 {
        let time = 1 + Double(step) * 0.05
        animator.advance(to: time)
        let numeric = (value(at: time + 1e-6) - value(at: time - 1e-6)) / 2e-6
        expectNear(animator.velocity, numeric, within: 1e-3)
    }
}

@Test func timingAnimatorLandsOnTheSameValueInOneStepOrAHundred() {
    var oneStep = TimingAnimator(from: 0, to: 500, duration: 0.35, curve: .sheet, startTime: 10)
    var manySteps = oneStep
    oneStep.advance(to: 10.2)
    for step in 1...100 {
        manySteps.advance(to: 10 + 0.2 * Double(step) / 100)
    }
    #expect(oneStep == manySteps)
}

@Test func timingAnimatorStopKeepsValueAndReturnsVelocity() {
    var animator = TimingAnimator(from: 0, to: 300, duration: 0.3, curve: .linear, startTime: 0)
    animator.advance(to: 0.1)
    let valueBefore = animator.value
    let reported = animator.stop()
    expectNear(reported, 1000, within: 1e-9)  // linear: 300 pt over 0.3 s
    #expect(animator.value == valueBefore)
    #expect(animator.velocity == 0)
    #expect(animator.isFinished)
    animator.advance(to: 0.3)
    #expect(animator.value == valueBefore)
}

@Test func timingAnimatorWithZeroDurationFinishesImmediately() {
    let animator = TimingAnimator(from: 0, to: 80, duration: 0, startTime: 3)
    #expect(animator.isFinished)
    #expect(animator.value == 80)
}

@Test func timingAnimatorTreatsEarlierTimesAsItsStart() {
    var animator = TimingAnimator(from: 20, to: 40, duration: 1, curve: .linear, startTime: 5)
    animator.advance(to: 4)
    #expect(animator.value == 20)
    expectNear(animator.velocity, 20, within: 1e-9)
}

@Test func anOptionalAnimatorAdvancesInPlaceAndClearsItselfWhenFinished() {
    var none: TimingAnimator? = nil
    #expect(none.advanceInPlace(to: 1) == nil)
    var fade: TimingAnimator? = TimingAnimator(from: 0, to: 1, duration: 0.25, curve: .linear, startTime: 0)
    var reference = fade!
    reference.advance(to: 0.1)
    #expect(fade.advanceInPlace(to: 0.1) == reference.value)
    #expect(fade == reference)
    #expect(fade.advanceInPlace(to: 0.25) == 1)
    #expect(fade == nil)
    #expect(fade.advanceInPlace(to: 0.3) == nil)
}
