import Foundation
import Testing
@testable import DetentMotion

@Test func swiftUIResponseAndDampingRatioGiveStiffnessAndDamping() {
    // Analytical, from the SwiftUI conversion in SPEC.md §2: response 0.5 s, ζ = 1 →
    // k = (2π / 0.5)² = 16π² = 157.913670417…, c = 4π·1 / 0.5 = 8π = 25.132741228…, m = 1.
    let parameters = SpringParameters(dampingRatio: 1, response: 0.5)
    #expect(parameters.mass == 1)
    expectNear(parameters.stiffness, 157.91367041742973, within: 1e-9)
    expectNear(parameters.damping, 25.132741228718345, within: 1e-9)
}

@Test func swiftUIParametersRoundTripThroughDampingRatioAndFrequency() {
    // Analytical: ζ = c / (2√(km)) and ω₀ = √(k/m) = 2π / response.
    let parameters = SpringParameters(dampingRatio: 0.7, response: 0.4)
    expectNear(parameters.dampingRatio, 0.7, within: 1e-12)
    expectNear(parameters.undampedAngularFrequency, 2 * Double.pi / 0.4, within: 1e-9)
}

@Test func dampingRatioOfRawConstants() {
    // Analytical: c / (2√(km)) = 10 / (2√(100·1)) = 0.5.
    #expect(SpringParameters(mass: 1, stiffness: 100, damping: 10).dampingRatio == 0.5)
    #expect(SpringParameters(mass: 4, stiffness: 100, damping: 10).undampedAngularFrequency == 5)
}

@Test func popDefaultBouncinessAndSpeedConvertToPOPTensionAndFriction() {
    // POP's defaults, bounciness 4 and speed 12 (pop/POPSpringAnimationInternal.h), pushed by
    // hand (Python, double precision) through POP's formulas — pop/POPAnimationExtras.mm
    // convertBounciness:speed:..., pop/POPMath.mm b3_nobounce, pop/POPAnimationPrivate.h QC
    // macros: QC tension 70.91176470588235, QC friction 9.828993216081418 →
    // tension 342.10058823529414, friction 30.486979648244255, mass 1.
    let parameters = SpringParameters(bounciness: 4, speed: 12)
    #expect(parameters.mass == 1)
    expectNear(parameters.stiffness, 342.10058823529414, within: 1e-9)
    expectNear(parameters.damping, 30.486979648244255, within: 1e-9)
}

@Test func popOtherBouncinessAndSpeedConvert() {
    // Same hand computation as above for (bounciness 20, speed 20) and (10, 5); the second
    // exercises the 18 < tension ≤ 44 branch of b3_nobounce (QC tension 29.84).
    let stiff = SpringParameters(bounciness: 20, speed: 20)
    expectNear(stiff.stiffness, 512.0276470588235, within: 1e-9)
    expectNear(stiff.damping, 13.356488421183524, within: 1e-9)
    let soft = SpringParameters(bounciness: 10, speed: 5)
    expectNear(soft.stiffness, 193.41441176470587, within: 1e-9)
    expectNear(soft.damping, 16.044794095701757, within: 1e-9)
}

@Test func popZeroBouncinessIsCloseToCriticallyDamped() {
    // pop/POPMath.h: b3_nobounce is "the bouncy 3 friction that produces no bounce" for a
    // tension, so bounciness 0 should land near ζ = 1. The fit is empirical and made in QC
    // units: by hand (Python) ζ is 0.990–0.9996 for speeds 8–20 but drops to 0.93 at speed 4
    // and 0.31 at speed 0, so only the usual range is checked, to 1%.
    for speed in [8.0, 12.0, 16.0, 20.0] {
        expectNear(SpringParameters(bounciness: 0, speed: speed).dampingRatio, 1, within: 0.01)
    }
}

@Test func springParametersValidationExplainsTheProblem() {
    #expect(SpringParameters(mass: 1, stiffness: 100, damping: 10).validationError == nil)
    #expect(SpringParameters(mass: 0, stiffness: 100, damping: 10).validationError?.contains("mass") == true)
    #expect(SpringParameters(mass: 1, stiffness: -1, damping: 10).validationError?.contains("stiffness") == true)
    #expect(SpringParameters(mass: 1, stiffness: 100, damping: -1).validationError?.contains("damping") == true)
}
