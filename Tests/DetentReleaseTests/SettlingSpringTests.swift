import Testing
import DetentRelease

/// SPEC §6: the settling spring is mass 1, stiffness 200, damping ratio 1, and starts with the
/// release velocity in pt/s.
@Suite("Settling spring")
struct SettlingSpringTests {
    @Test func theDefaultSpringIsCriticallyDamped() {
        let parameters = SettlingSpring(ReleaseDefaults()).parameters
        #expect(parameters.mass == 1)
        #expect(parameters.stiffness == 200)
        #expect(abs(parameters.damping - 2 * 200.0.squareRoot()) < 1e-12)
        #expect(abs(parameters.dampingRatio - 1) < 1e-12)
    }

    @Test func theSpringFollowsTheConfiguredNumbers() {
        var defaults = ReleaseDefaults()
        defaults.springMass = 2
        defaults.springStiffness = 50
        defaults.springDampingRatio = 0.5
        let parameters = SettlingSpring(defaults).parameters
        #expect(parameters.mass == 2)
        #expect(parameters.stiffness == 50)
        #expect(abs(parameters.dampingRatio - 0.5) < 1e-12)
    }

    @Test func theAnimatorStartsAtTheOriginWithTheReleaseVelocityAndArrivesExactly() {
        var spring = SettlingSpring(ReleaseDefaults()).animator(from: 426, to: 59, velocity: -1500, startTime: 2)
        #expect(spring.value == 426)
        #expect(spring.velocity == -1500)
        spring.advance(to: 2.001)
        #expect(spring.value < 426 - 1, "1 ms at −1500 pt/s moves about 1.5 pt")
        spring.advance(to: 5)
        #expect(spring.isFinished)
        #expect(spring.value == 59)
    }
}
