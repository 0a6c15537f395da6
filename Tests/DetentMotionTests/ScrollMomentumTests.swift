import Foundation
import Testing
@testable import DetentMotion

/// UIScrollView momentum (SPEC §2, §6): the velocity decays by r every millisecond; the content
/// travels (v/1000)·r·(1 − r^(1000t))/(1 − r), tending to exactly the projection, and stops at
/// its bounds.
@Suite("Scroll momentum")
struct ScrollMomentumTests {
    @Test func itComesToRestAtTheProjection() {
        var m = ScrollMomentum(from: 100, velocity: 1000, rate: 0.998, startTime: 2, bounds: 0...10_000)
        m.advance(to: 60)
        #expect(m.isFinished)
        #expect(m.value == 100 + 1.0 * 0.998 / (1 - 0.998))   // the projection, written exactly at the end
        #expect(m.velocity == 0)
    }

    @Test func itsPositionFollowsThePerMillisecondDecay() {
        var m = ScrollMomentum(from: 0, velocity: -2000, rate: 0.998, startTime: 0, bounds: -5000...0)
        m.advance(to: 0.25)
        let expected = -2.0 * 0.998 * (1 - pow(0.998, 250)) / (1 - 0.998)
        #expect(abs(m.value - expected) < 1e-9)
        #expect(m.velocity < 0 && m.velocity > -2000)
    }

    @Test func itStartsAtTheFlicksVelocity() {
        let m = ScrollMomentum(from: 0, velocity: 1500, rate: 0.998, startTime: 1, bounds: 0...10_000)
        // r·(−ln r)/(1 − r) = 0.998 · 0.0020020… / 0.002 = 0.998999: 0.1 % under the flick (the
        // per-millisecond steps start one millisecond late).
        #expect(abs(m.velocity - 1500 * 0.998 * -log(0.998) / (1 - 0.998)) < 1e-9)
        #expect(abs(m.velocity - 1500) < 1500 * 0.0011)
        #expect(m.value == 0)
    }

    @Test func itStopsAtABound() {
        var m = ScrollMomentum(from: 50, velocity: -3000, rate: 0.998, startTime: 0, bounds: 0...1000)
        m.advance(to: 5)
        #expect(m.value == 0)
        #expect(m.isFinished)
    }

    @Test func aStartOutsideTheBoundsDoesNotJumpBack() {
        let m = ScrollMomentum(from: 1200, velocity: 10, rate: 0.998, startTime: 0, bounds: 0...1000)
        #expect(m.value == 1200)
        #expect(m.bounds == 0...1200)
    }

    @Test func stoppingKeepsTheValueAndReportsTheVelocity() {
        var m = ScrollMomentum(from: 0, velocity: 1000, rate: 0.998, startTime: 0, bounds: 0...10_000)
        m.advance(to: 0.1)
        let value = m.value, velocity = m.velocity
        #expect(m.stop() == velocity)
        #expect(m.value == value)
        #expect(m.isFinished)
    }
}
