import Testing
@testable import DetentMotion

private let bouncy = SpringParameters(dampingRatio: 0.6, response: 0.4)
private let smooth = SpringParameters(dampingRatio: 1, response: 0.35)

@Test func springAnimatorStartsWhereItIsWithItsInitialVelocity() {
    let animator = SpringAnimator(from: 500, to: 100, parameters: bouncy, initialVelocity: -800, startTime: 1)
    #expect(animator.value == 500)
    expectNear(animator.velocity, -800, within: 1e-9)
    #expect(!animator.isFinished)
}

@Test func springAnimatorFollowsTheClosedFormSpring() {
    var animator = SpringAnimator(from: 500, to: 100, parameters: bouncy, initialVelocity: -800, startTime: 1)
    let spring = Spring(parameters: bouncy, displacement: 400, velocity: -800)
    animator.advance(to: 1.123)
    expectNear(animator.value, 100 + spring.displacement(at: 0.123), within: 1e-9)
    expectNear(animator.velocity, spring.velocity(at: 0.123), within: 1e-9)
}

@Test func springAnimatorSettlesExactlyOnTarget() {
    var animator = SpringAnimator(from: 0, to: 640, parameters: bouncy, initialVelocity: 0, startTime: 0)
    animator.advance(to: animator.spring.settleTime)
    #expect(animator.isFinished)
    #expect(animator.value == 640)
    #expect(animator.velocity == 0)
}

@Test func springAnimatorLandsOnTheSameValueInOneStepOrAHundred() {
    for end in [0.15, 0.6, 3.0] {
        var oneStep = SpringAnimator(from: 0, to: 300, parameters: bouncy, initialVelocity: 2000, startTime: 7)
        var manySteps = oneStep
        oneStep.advance(to: 7 + end)
        for step in 1...100 {
            manySteps.advance(to: 7 + end * Double(step) / 100)
        }
        #expect(oneStep == manySteps, "after \(end) s")
    }
}

@Test func springAnimatorIsUnaffectedByDroppedFrames() {
    // A 120 Hz run and a run that drops every other frame and then a burst of six agree at every
    // frame they share (SPEC.md §1: animations are functions of time, not of frame count).
    var steady = SpringAnimator(from: 844, to: 120, parameters: smooth, initialVelocity: -1500, startTime: 0)
    var janky = steady
    for frame in 1...120 {
        let time = Double(frame) / 120
        steady.advance(to: time)
        let dropped = frame % 2 == 1 || (40...45).contains(frame)
        if !dropped {
            janky.advance(to: time)
            #expect(janky.value == steady.value)
            #expect(janky.velocity == steady.velocity)
        }
    }
}

@Test func springAnimatorRetargetKeepsPositionAndVelocityContinuous() {
    var animator = SpringAnimator(from: 0, to: 400, parameters: bouncy, initialVelocity: 0, startTime: 0)
    animator.advance(to: 0.1)
    let reference = animator
    animator.retarget(to: -200, at: 0.15)
    var continued = reference
    continued.advance(to: 0.15)
    #expect(animator.value == continued.value)
    #expect(animator.velocity == continued.velocity)
    #expect(animator.target == -200)

    // Just after the switch the motion is still continuous (no jump in value or velocity).
    var justAfter = animator
    justAfter.advance(to: 0.15 + 1e-6)
    expectNear(justAfter.value, continued.value, within: 0.01)
    expectNear(justAfter.velocity, continued.velocity, within: 5)
}

@Test func springAnimatorRetargetedSettlesOnTheNewTarget() {
    var animator = SpringAnimator(from: 0, to: 400, parameters: smooth, initialVelocity: 0, startTime: 0)
    animator.retarget(to: 250, at: 0.1)
    animator.advance(to: 10)
    #expect(animator.isFinished)
    #expect(animator.value == 250)
}

@Test func springAnimatorStopKeepsValueAndReturnsVelocity() {
    var animator = SpringAnimator(from: 0, to: 400, parameters: bouncy, initialVelocity: 0, startTime: 0)
    animator.advance(to: 0.08)
    let (value, velocity) = (animator.value, animator.velocity)
    #expect(velocity > 0)
    #expect(animator.stop() == velocity)
    #expect(animator.value == value)
    #expect(animator.velocity == 0)
    animator.advance(to: 1)
    #expect(animator.value == value)
}

@Test func springAnimatorRestartsFromRestWhenRetargetedAfterStopping() {
    var animator = SpringAnimator(from: 0, to: 400, parameters: smooth, initialVelocity: 0, startTime: 0)
    animator.advance(to: 0.1)
    animator.stop()
    let stoppedAt = animator.value
    animator.retarget(to: 0, at: 0.5)
    #expect(!animator.isFinished)
    #expect(animator.value == stoppedAt)
    #expect(animator.velocity == 0)
}
