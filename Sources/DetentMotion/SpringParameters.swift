import Glibc

/// The physical constants of a damped spring, m·x″ + c·x′ + k·x = 0, with x in points.
///
/// - `mass` (m): unitless mass; SwiftUI and POP use 1.
/// - `stiffness` (k): mass·s⁻², so that k·x is a force in mass·pt/s².
/// - `damping` (c): mass·s⁻¹, so that c·x′ (x′ in pt/s) is a force in mass·pt/s².
///
/// Ways to build one: the raw constants (with the damping or the damping ratio); SwiftUI's
/// (dampingRatio, response) and (duration, bounce) (`SpringParameters+SwiftUI.swift`, and
/// `SpringPreset` for its named springs); and Facebook POP's (bounciness, speed).
public struct SpringParameters: Sendable, Equatable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    /// A spring with the given raw constants.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring of the given mass and stiffness damped to the ratio ζ: c = 2ζ·√(k·m).
    public init(mass: Double = 1, stiffness: Double, dampingRatio: Double) {
        self.init(mass: mass, stiffness: stiffness, damping: 2 * dampingRatio * (stiffness * mass).squareRoot())
    }

    /// SwiftUI's parameterisation: `response` is the period in seconds of the undamped
    /// oscillation and `dampingRatio` is ζ (1 = critically damped, < 1 bounces).
    ///
    /// mass = 1, stiffness = (2π / response)², damping = 4π·ζ / response.
    public init(dampingRatio: Double, response: Double) {
        mass = 1
        stiffness = pow(2 * Double.pi / response, 2)
        damping = 4 * Double.pi * dampingRatio / response
    }

    /// Facebook POP's parameterisation (`POPSpringAnimation.springBounciness` and
    /// `springSpeed`, each nominally in [0, 20]; POP's defaults are 4 and 12).
    ///
    /// Reproduces `+[POPSpringAnimation convertBounciness:speed:toTension:friction:mass:]`
    /// (facebookarchive/pop, pop/POPAnimationExtras.mm): both inputs are scaled by 1/1.7 and
    /// normalised over [0, 20]; speed is projected onto a Quartz Composer tension in
    /// [0.5, 200]; bounciness onto [0, 0.8], which blends (quadratic ease-out) the
    /// no-bounce friction for that tension (`b3_nobounce`, pop/POPMath.mm) towards 0.01; and
    /// the QC tension and friction are mapped to POP's by
    /// `POP_ANIMATION_TENSION_FOR_QC_TENSION` / `POP_ANIMATION_FRICTION_FOR_QC_FRICTION`
    /// (pop/POPAnimationPrivate.h). Mass is 1.
    public init(bounciness: Double, speed: Double) {
        let normalizationScale = 1.7
        let normalizationRange = 20.0
        let bounce = (bounciness / normalizationScale) / normalizationRange * 0.8
        let normalizedSpeed = (speed / normalizationScale) / normalizationRange
        let qcTension = 0.5 + normalizedSpeed * (200 - 0.5)

        let blend = 2 * bounce - bounce * bounce
        let qcFriction = blend * 0.01 + (1 - blend) * SpringParameters.noBounceFriction(qcTension)

        mass = 1
        stiffness = 194 + (qcTension - 30) / 50 * (375 - 194)
        damping = 25 + (qcFriction - 8) / 2 * (25 - 19)
    }

    /// ζ = c / (2·√(k·m)): 1 is critical, below 1 oscillates, above 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// ω₀ = √(k / m) in radians per second.
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// A sentence describing why these constants cannot drive a `Spring`, or `nil` if they can.
    public var validationError: String? {
        guard mass.isFinite, stiffness.isFinite, damping.isFinite else {
            return "spring mass, stiffness and damping must be finite, got mass \(mass), stiffness \(stiffness), damping \(damping)"
        }
        guard mass > 0 else { return "spring mass must be greater than 0, got \(mass)" }
        guard stiffness > 0 else { return "spring stiffness must be greater than 0, got \(stiffness)" }
        guard damping >= 0 else { return "spring damping must be 0 or more, got \(damping)" }
        return nil
    }

    /// The Quartz Composer friction that just avoids overshoot for a QC tension: POP's
    /// piecewise cubic fit `b3_nobounce` (pop/POPMath.mm).
    private static func noBounceFriction(_ tension: Double) -> Double {
        if tension <= 18 {
            return 0.0007 * pow(tension, 3) - 0.031 * pow(tension, 2) + 0.64 * tension + 1.28
        } else if tension <= 44 {
            return 0.000044 * pow(tension, 3) - 0.006 * pow(tension, 2) + 0.36 * tension + 2
        } else {
            return 0.00000045 * pow(tension, 3) - 0.000332 * pow(tension, 2) + 0.1078 * tension + 5.84
        }
    }
}
