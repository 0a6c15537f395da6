import Foundation
import Testing
@testable import DetentMotion

private let underdamped = SpringParameters(mass: 1, stiffness: 200, damping: 8)      // ζ ≈ 0.283
private let critical = SpringParameters(dampingRatio: 1, response: 0.5)           // ζ = 1
private let overdamped = SpringParameters(mass: 2, stiffness: 50, damping: 60)    // ζ = 3
private let heavy = SpringParameters(mass: 3, stiffness: 400, damping: 20)         // m ≠ 1, under

private let allRegimes: [(SpringParameters, Spring.Regime)] = [
    (underdamped, .underdamped), (critical, .criticallyDamped), (overdamped, .overdamped), (heavy, .underdamped),
]

@Test func springRegimeFollowsDampingRatio() {
    for (parameters, regime) in allRegimes {
        #expect(Spring(parameters: parameters, displacement: 100, velocity: 0).regime == regime)
    }
}

@Test func springWithinOneBillionthOfCriticalIsCritical() {
    // SPEC brief: |ζ − 1| < 1e-9 counts as critical.
    let nearlyCritical = SpringParameters(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-12))
    #expect(Spring(parameters: nearlyCritical, displacement: 10, velocity: 0).regime == .criticallyDamped)
    let justOver = SpringParameters(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-6))
    #expect(Spring(parameters: justOver, displacement: 10, velocity: 0).regime == .overdamped)
}

@Test func springHonoursInitialDisplacementAndVelocity() {
    for (parameters, _) in allRegimes {
        let spring = Spring(parameters: parameters, displacement: -120, velocity: 900)
        expectNear(spring.displacement(at: 0), -120, within: 1e-9)
        expectNear(spring.velocity(at: 0), 900, within: 1e-9)
    }
}

@Test func springSatisfiesItsDifferentialEquation() {
    // Analytical check: m·x″ + c·x′ + k·x = 0, with x″ and x′ by central differences of
    // displacement(at:). The residual is compared with the size of the individual terms.
    let h = 1e-4
    for (parameters, _) in allRegimes {
        let spring = Spring(parameters: parameters, displacement: 150, velocity: -2000)
        for step in 0..<40 {
            let t = 0.01 + Double(step) * 0.025
            let x = spring.displacement(at: t)
            let xPlus = spring.displacement(at: t + h)
            let xMinus = spring.displacement(at: t - h)
            let first = (xPlus - xMinus) / (2 * h)
            let second = (xPlus - 2 * x + xMinus) / (h * h)
            let terms = [parameters.mass * second, parameters.damping * first, parameters.stiffness * x]
            let residual = terms.reduce(0, +)
            let scale = terms.map(abs).reduce(0, +) + 1
            #expect(abs(residual) / scale < 1e-4, "residual \(residual) at t = \(t) for \(parameters)")
        }
    }
}

@Test func springVelocityIsTheDerivativeOfDisplacement() {
    // Analytical check: velocity(at:) against a central difference of displacement(at:).
    let h = 1e-6
    for (parameters, _) in allRegimes {
        let spring = Spring(parameters: parameters, displacement: 80, velocity: 500)
        for step in 0..<30 {
            let t = 0.005 + Double(step) * 0.03
            let numeric = (spring.displacement(at: t + h) - spring.displacement(at: t - h)) / (2 * h)
            expectNear(spring.velocity(at: t), numeric, within: 1e-4 * max(1, abs(numeric)))
        }
    }
}

@Test func criticallyDampedSpringMatchesTextbookForm() {
    // Analytical: x(t) = (x0 + (v0 + ω x0)·t)·e^(−ωt) with ω = √(k/m) = 4π for response 0.5.
    let omega = 4 * Double.pi
    let (x0, v0) = (60.0, -300.0)
    let spring = Spring(parameters: critical, displacement: x0, velocity: v0)
    for t in stride(from: 0.0, through: 1.0, by: 0.05) {
        expectNear(spring.displacement(at: t), (x0 + (v0 + omega * x0) * t) * exp(-omega * t), within: 1e-9)
    }
}

@Test func underdampedSpringOvershootsAndOverdampedDoesNot() {
    // Analytical: released from rest, an underdamped spring swings past its target (x changes
    // sign); an overdamped one (two real negative roots) approaches it from one side only.
    let bouncy = Spring(parameters: underdamped, displacement: 100, velocity: 0)
    let creeping = Spring(parameters: overdamped, displacement: 100, velocity: 0)
    let times = stride(from: 0.0, through: 2.0, by: 0.001)
    #expect(times.contains { bouncy.displacement(at: $0) < -1 })
    #expect(times.allSatisfy { creeping.displacement(at: $0) >= 0 })
}

@Test func springSettlesForGoodAtSettleTime() {
    // From settleTime on, |x| ≤ 0.5 pt and |v| ≤ 5 pt/s at every sampled instant.
    for (parameters, _) in allRegimes {
        let spring = Spring(parameters: parameters, displacement: 300, velocity: 2500)
        #expect(spring.settleTime.isFinite && spring.settleTime > 0)
        #expect(!spring.isSettled(at: spring.settleTime * 0.999))
        #expect(spring.isSettled(at: spring.settleTime))
        for step in 0...2000 {
            let t = spring.settleTime + Double(step) * 0.001
            #expect(abs(spring.displacement(at: t)) <= Spring.settleDisplacement)
            #expect(abs(spring.velocity(at: t)) <= Spring.settleVelocity)
        }
    }
}

@Test func springSettleTimeIsNotFooledByAFastPassThroughTheTarget() {
    // An oscillating spring passes x = 0 at speed long before it settles: being near the
    // target is not enough.
    let spring = Spring(parameters: underdamped, displacement: 100, velocity: 0)
    let firstCrossing = stride(from: 0.0, through: 1.0, by: 0.0001).first { spring.displacement(at: $0) <= 0 }!
    #expect(abs(spring.displacement(at: firstCrossing)) < Spring.settleDisplacement)
    #expect(!spring.isSettled(at: firstCrossing))
}

@Test func springAtRestIsSettledImmediately() {
    let spring = Spring(parameters: underdamped, displacement: 0.1, velocity: 0.2)
    #expect(spring.settleTime == 0)
    #expect(spring.isSettled(at: 0))
}

@Test func undampedSpringNeverSettles() {
    let spring = Spring(parameters: SpringParameters(mass: 1, stiffness: 100, damping: 0), displacement: 10, velocity: 0)
    #expect(spring.regime == .underdamped)
    #expect(spring.settleTime == .infinity)
    // Analytical: with c = 0 the amplitude never decays, x(2π/ω) = x0 with ω = 10.
    expectNear(spring.displacement(at: 2 * Double.pi / 10), 10, within: 1e-9)
}

@Test func settleThresholdsAreDocumentedValues() {
    // SPEC.md §2 (0.5 pt); pop/POPSpringSolver.h setThreshold(1): 0.5 units and 5 units/s.
    #expect(Spring.settleDisplacement == 0.5)
    #expect(Spring.settleVelocity == 5)
}
