import Testing
@testable import DetentMotion

/// The dialects a spring's table is read in, and the tables that are refused.
@Suite struct SpringSpecificationTests {
    static let configured = SpringParameters(mass: 1, stiffness: 200, dampingRatio: 1)

    func spring(_ numbers: [String: Double], preset: String? = nil) throws(SpringSpecification.Problem) -> SpringParameters {
        try SpringSpecification.parameters(numbers: numbers, preset: preset, defaults: Self.configured)
    }

    func problem(_ numbers: [String: Double], preset: String? = nil) -> SpringSpecification.Problem? {
        do { _ = try spring(numbers, preset: preset); return nil } catch { return error }
    }

    @Test func eachDialectGivesItsSpring() throws {
        #expect(try spring(["duration": 0.5, "bounce": 0.3]) == SpringParameters(duration: 0.5, bounce: 0.3))
        #expect(try spring(["bounce": 0.3]) == SpringParameters(duration: 0.5, bounce: 0.3))
        #expect(try spring(["duration": 0.4]) == SpringParameters(duration: 0.4, bounce: 0))
        #expect(try spring(["response": 0.4, "damping_fraction": 0.7]) == SpringParameters(dampingRatio: 0.7, response: 0.4))
        #expect(try spring(["damping_fraction": 0.7]) == SpringParameters(dampingRatio: 0.7, response: 0.5))
        #expect(try spring(["response": 0.4, "damping_ratio": 0.7]) == SpringParameters(dampingRatio: 0.7, response: 0.4))
        #expect(try spring(["duration": 0.4, "damping_ratio": 0.7]) == SpringParameters(dampingRatio: 0.7, response: 0.4))
        #expect(try spring(["duration": 0.3], preset: "bouncy") == SpringPreset.bouncy.parameters(duration: 0.3))
        #expect(try spring(["extra_bounce": -0.1], preset: "snappy") == SpringParameters(duration: 0.5, bounce: 0.05))
        #expect(try spring(["stiffness": 300, "damping": 20, "mass": 2]) == SpringParameters(mass: 2, stiffness: 300, damping: 20))
        #expect(try spring(["bounciness": 4, "speed": 12]) == SpringParameters(bounciness: 4, speed: 12))
    }

    @Test func theConfiguredSpringFillsWhatIsNotGiven() throws {
        #expect(try spring([:]) == Self.configured)
        #expect(try spring(["damping_ratio": 0.5]) == SpringParameters(mass: 1, stiffness: 200, dampingRatio: 0.5))
        #expect(try spring(["stiffness": 400]) == SpringParameters(mass: 1, stiffness: 400, dampingRatio: 1))
    }

    @Test func mixedDialectsAreRefusedNamingBothKeys() {
        #expect(problem(["stiffness": 200, "response": 0.4])?.sentence.hasPrefix("stiffness and response give a spring in different ways") == true)
        #expect(problem(["stiffness": 200, "bounce": 0.3])?.sentence.hasPrefix("stiffness and bounce give a spring in different ways") == true)
        #expect(problem(["duration": 0.5, "bounce": 0.3, "damping_ratio": 0.5])?.sentence
            .hasPrefix("damping_ratio and bounce give a spring in different ways") == true)
        #expect(problem(["response": 0.3, "duration": 0.5])?.sentence.hasPrefix("response and duration give") == true)
        #expect(problem(["bounce": 0.2], preset: "smooth")?.sentence.hasPrefix("bounce and preset give") == true)
        #expect(problem(["stiffness": 200, "bounce": 0.3])?.key == nil)
    }

    @Test func aKeyWithoutItsDialectIsNamed() {
        let stray = problem(["extra_bounce": 0.1, "duration": 0.5])
        #expect(stray?.key == "extra_bounce")
        #expect(stray?.sentence.hasPrefix("extra_bounce belongs to {preset =, duration =, extra_bounce =}; give preset too") == true)
        #expect(problem(["response": 0.4, "speed": 14])?.key == "speed")
    }

    @Test func theSameRatioTwiceIsRefused() {
        #expect(problem(["damping_fraction": 0.5, "damping_ratio": 0.5])?.sentence.hasPrefix("give damping_fraction") == true)
        #expect(problem(["stiffness": 100, "damping": 5, "damping_ratio": 0.5])?.sentence.hasPrefix("give damping (N·s/m) or damping_ratio") == true)
    }

    @Test func numbersOutsideTheirRangeAreRefusedAtTheirKey() {
        #expect(problem(["bounce": -1])?.key == "bounce")
        #expect(problem(["bounce": 1.2])?.key == "bounce")
        #expect(problem(["duration": 0])?.key == "duration")
        #expect(problem(["damping_fraction": -0.1])?.key == "damping_fraction")
        #expect(problem(["extra_bounce": 0.8], preset: "bouncy")?.sentence
            == "extra_bounce 0.8 takes bouncy's bounce 0.3 to 1.1; a bounce must be more than -1 and at most 1")
        #expect(problem([:], preset: "bouncey")?.sentence == "'bouncey' is not a spring preset (expected one of: smooth, snappy, bouncy, interactive)")
    }
}
