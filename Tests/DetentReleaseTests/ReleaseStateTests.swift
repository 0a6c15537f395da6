import Testing
import DetentRelease

/// SPEC §2: projected travel of a release at v pt/s is (v/1000)·r/(1−r) (WWDC 2018,
/// "Designing Fluid Interfaces"), signed as the velocity.
@Suite("Release state: projection")
struct ReleaseStateTests {
    @Test func travelAtTheFastRateIsNinetyNineMillisecondsOfVelocity() {
        // 1000 pt/s = 1 pt/ms; 0.99 / 0.01 = 99.
        #expect(abs(release(400, 1000).travel(rate: 0.99) - 99) < 1e-9)
        #expect(abs(release(400, -1000).travel(rate: 0.99) + 99) < 1e-9)
    }

    @Test func travelAtTheNormalRateIsFourHundredNinetyNineMillisecondsOfVelocity() {
        #expect(abs(release(400, 2000).travel(rate: 0.998) - 998) < 1e-9)
    }

    @Test func projectionIsTheOriginPlusTheTravel() {
        let state = release(414, -120)
        #expect(abs(state.project(rate: 0.99) - (414 - 11.88)) < 1e-9)
        #expect(release(300, 0).project(rate: 0.99) == 300)
    }

    @Test func theNearestAnchorIsTheFirstOfTwoEquallyNear() {
        let state = ReleaseState(origin: 0, velocity: 0, anchors: [ReleaseAnchor(name: "a", origin: 100), ReleaseAnchor(name: "b", origin: 200)],
                                 restingOrigin: 100)
        #expect(state.nearestAnchorOrigin(to: 150) == 100)
        #expect(state.nearestAnchorOrigin(to: 151) == 200)
        #expect(ReleaseState(origin: 42, velocity: 0, anchors: [], restingOrigin: 0).nearestAnchorOrigin(to: 7) == 42)
    }

    @Test func theDefaultsAreTheSpecsNumbers() {
        let d = ReleaseDefaults()
        #expect(d.decelerationRate == 0.99)
        #expect(d.floatingPanelDecelerationRate == 0.998)
        #expect(d.redirectThreshold == 0.5)
        #expect((d.springMass, d.springStiffness, d.springDampingRatio) == (1, 200, 1))
        #expect(d.rubberBandCoefficient == 0.55)
        #expect(d.contentDecelerationRate == 0.998)
    }
}
