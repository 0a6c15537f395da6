import Foundation
import Testing
@testable import DetentMotion

/// SwiftUI's `Spring(duration:bounce:)`, its presets and the forms a spring reads back in.
@Suite struct SpringSwiftUITests {
    @Test func durationAndBounceGiveAppleDocumentedConstants() {
        // Apple's Spring overview: Spring(duration: 0.5, bounce: 0.3) → (1.0, 157.9, 17.6).
        // Analytically k = (2π/0.5)² = 16π² = 157.9137, c = 2·(1 − 0.3)·4π = 5.6π = 17.5929.
        let spring = SpringParameters(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        expectNear(spring.stiffness, 16 * Double.pi * Double.pi, within: 1e-9)
        expectNear(spring.damping, 5.6 * Double.pi, within: 1e-9)
        #expect((spring.stiffness * 100).rounded() / 100 == 157.91)
        #expect((spring.damping * 100).rounded() / 100 == 17.59)
    }

    @Test func rawConstantsReadBackAsAppleDocumentsThem() {
        // Apple's Spring overview: Spring(mass: 1, stiffness: 100, damping: 10) → (0.63, 0.5):
        // duration 2π/√100 = 0.6283, ζ = 10/(2·10) = 0.5, bounce 1 − 0.5.
        let spring = SpringParameters(mass: 1, stiffness: 100, damping: 10)
        expectNear(spring.duration, 2 * Double.pi / 10, within: 1e-12)
        expectNear(spring.bounce, 0.5, within: 1e-12)
    }

    @Test func aNegativeBounceIsAnOverdampedSpring() {
        // ζ = 1/(1 + bounce): bounce −0.5 is ζ 2, so c = 2·2·4π = 16π at duration 0.5.
        let spring = SpringParameters(duration: 0.5, bounce: -0.5)
        expectNear(spring.dampingRatio, 2, within: 1e-12)
        expectNear(spring.damping, 16 * Double.pi, within: 1e-9)
        expectNear(spring.bounce, -0.5, within: 1e-12)
    }

    @Test func durationAndBounceRoundTripThroughStiffnessAndDamping() {
        for duration in [0.05, 0.15, 0.5, 1, 3.7] {
            for bounce in [-0.9, -0.3, 0, 0.15, 0.3, 0.7, 1] {
                let spring = SpringParameters(duration: duration, bounce: bounce)
                let raw = SpringParameters(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
                expectNear(raw.duration, duration, within: 1e-12 * duration)
                expectNear(raw.bounce, bounce, within: 1e-12)
            }
        }
    }

    @Test func durationIsResponseForAnyMass() {
        // The period 2π√(m/k) does not change when mass and stiffness scale together.
        let light = SpringParameters(mass: 1, stiffness: 400, dampingRatio: 0.8)
        let heavy = SpringParameters(mass: 3, stiffness: 1200, dampingRatio: 0.8)
        expectNear(heavy.duration, light.duration, within: 1e-12)
        expectNear(heavy.bounce, light.bounce, within: 1e-12)
        expectNear(SpringParameters(dampingRatio: 0.8, response: 0.4).duration, 0.4, within: 1e-12)
    }

    @Test func presetsAreAppleBaseBouncesAtHalfASecond() {
        #expect(SpringPreset.smooth.parameters() == SpringParameters(duration: 0.5, bounce: 0))
        #expect(SpringPreset.snappy.parameters() == SpringParameters(duration: 0.5, bounce: 0.15))
        #expect(SpringPreset.bouncy.parameters() == SpringParameters(duration: 0.5, bounce: 0.3))
        #expect(SpringPreset.bouncy.parameters(duration: 0.4, extraBounce: 0.1) == SpringParameters(duration: 0.4, bounce: 0.4))
    }

    @Test func interactiveIsTheInteractiveSpringDefaults() {
        // interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25).
        let interactive = SpringPreset.interactive.parameters()
        let documented = SpringParameters(dampingRatio: 0.86, response: 0.15)
        expectNear(interactive.stiffness, documented.stiffness, within: 1e-9)
        expectNear(interactive.damping, documented.damping, within: 1e-9)
    }

    @Test func settlingDurationIsWhenAUnitReleaseStaysWithinAThousandth() {
        // Critically damped from rest one unit away: x(t) = (1 + ωt)·e^(−ωt), ω = 4π at 0.5 s.
        let spring = SpringParameters(duration: 0.5, bounce: 0)
        let t = spring.settlingDuration
        let omega = 4 * Double.pi
        expectNear((1 + omega * t) * exp(-omega * t), 0.001, within: 1e-12)
        // Faster and stiffer springs settle sooner; an undamped one never does.
        #expect(SpringParameters(duration: 0.25, bounce: 0).settlingDuration < t)
        #expect(SpringParameters(duration: 0.5, bounce: 1).settlingDuration == .infinity)
    }

    @Test func settlingDurationOfABouncySpringBoundsEverySwing() {
        let spring = SpringParameters(duration: 0.5, bounce: 0.3)
        let motion = Spring(parameters: spring, displacement: 1, velocity: 0)
        let settled = spring.settlingDuration
        for step in 0..<2000 {
            let time = settled + Double(step) * 0.001
            #expect(abs(motion.displacement(at: time)) <= SpringParameters.settlingEpsilon)
        }
        // The swing before it still exceeds the epsilon somewhere in the last period.
        let before = (0..<500).map { abs(motion.displacement(at: settled - 0.5 + Double($0) * 0.001)) }.max()!
        #expect(before > SpringParameters.settlingEpsilon / 2)
    }

    @Test func swiftUISpellingRoundsToSixPlaces() {
        #expect(SpringParameters(duration: 0.5, bounce: 0.3).swiftUI == ".spring(duration: 0.5, bounce: 0.3)")
        #expect(SpringParameters(mass: 1, stiffness: 200, dampingRatio: 1).swiftUI == ".spring(duration: 0.444288, bounce: 0)")
        #expect(SpringParameters(duration: 1.25, bounce: -0.2).swiftUI == ".spring(duration: 1.25, bounce: -0.2)")
        #expect(SpringParameters.decimal(-1e-9) == "0")
    }
}
