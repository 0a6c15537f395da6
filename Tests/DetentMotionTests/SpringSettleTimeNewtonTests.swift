import Foundation
import Testing
@testable import DetentMotion

/// `Spring.settleTime` finds each decay envelope's crossing of its threshold by Newton's method
/// on the envelope's logarithm (one exponential per step) rather than by bisection to the last
/// double (~55 of them). The two must agree: the Newton time is one at which the envelope's
/// computed value is at or below the threshold, and within a few units in the last place of
/// the bisection's, over the envelopes real springs give and far beyond them.
struct SpringSettleTimeNewtonTests {
    /// A fixed sequence of doubles in [0, 1) (SplitMix64), so every run tests the same cases.
    struct Numbers {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return Double(z >> 11) / Double(1 << 53)
        }
        /// 10^(lower…upper), spread evenly in the exponent.
        mutating func magnitude(_ lower: Double, _ upper: Double) -> Double {
            pow(10, lower + (upper - lower) * next())
        }
    }

    @Test func newtonAgreesWithBisectionOnLinearTimesExponentialEnvelopes() {
        var numbers = Numbers()
        var compared = 0
        for _ in 0..<20000 {
            let a = numbers.next() < 0.1 ? 0 : numbers.magnitude(-3, 4)           // points (or pt/s)
            let b = numbers.next() < 0.3 ? 0 : numbers.magnitude(-2, 6)
            let cap = numbers.next() < 0.3 ? .infinity : numbers.magnitude(-4, 1)  // seconds
            let rate = numbers.magnitude(-2, 3)                                    // 1/s
            let threshold = numbers.next() < 0.5 ? Spring.settleDisplacement : Spring.settleVelocity
            let envelope = Envelope.linearTimesExponential(a: a, b: b, cap: cap, rate: rate)
            let bisected = envelope.lastTimeAbove(threshold, bisecting: true)
            let newton = envelope.lastTimeAbove(threshold)
            guard bisected.isFinite, bisected > 0 else {
                #expect(newton == bisected, "a: \(a), b: \(b), cap: \(cap), rate: \(rate)")
                continue
            }
            compared += 1
            #expect(envelope.value(at: newton) <= threshold, "a: \(a), b: \(b), cap: \(cap), rate: \(rate): \(newton)")
            #expect(abs(newton - bisected) <= 1e-12 * bisected,
                    "a: \(a), b: \(b), cap: \(cap), rate: \(rate): Newton \(newton) s, bisection \(bisected) s")
        }
        // Most draws start above the threshold: the comparison is not vacuous.
        #expect(compared > 10000)
    }

    @Test func springsSettleWhenTheyDidByBisection() {
        // The settle time of springs as Detent makes them (UIKit's and SwiftUI's ranges of
        // response and damping ratio; drags of up to a screen, flicks of up to 8,000 pt/s),
        // against the same springs' envelopes bisected.
        var numbers = Numbers()
        for _ in 0..<3000 {
            let parameters = SpringParameters(dampingRatio: 0.2 + 1.3 * numbers.next(), response: 0.15 + 0.85 * numbers.next())
            let spring = Spring(parameters: parameters, displacement: (numbers.next() - 0.5) * 1800, velocity: (numbers.next() - 0.5) * 16000)
            let bisected = spring.settleTime(bisecting: true)
            #expect(abs(spring.settleTime - bisected) <= 1e-12 * max(bisected, 1e-3),
                    "\(parameters): Newton \(spring.settleTime) s, bisection \(bisected) s")
        }
    }
}
