import Foundation
import Testing
import DetentDrawer
import DetentLua
import DetentScripting
import DetentWorld
@testable import DetentRuntime
@testable import DetentConfig

/// An engine section's spring written as one `spring` key in any dialect — a preset's name or a
/// table — in a project file, a --config folder or a world's `config`, and refused beside the
/// three numbers that also give it.
@Suite("Engine settings: spring = \"smooth\" or { duration =, bounce = }")
struct EngineSpringConfigTests {
    static let fourPiSquared = 16 * Double.pi * Double.pi   // k of a 0.5 s duration at mass 1

    @Test func aProjectFileGivesTheSpringInSwiftUITermsOverTheBuiltInNumbers() throws {
        let root = try ProjectConfigTests.project(["detent.toml": """
            [engine.motion]
            spring = { preset = "bouncy", extra_bounce = 0.1 }

            [engine.drawer]
            spring = { duration = 0.5, bounce = 0.3 }
            """])
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = try ProjectConfigTests.load(in: root)
        let drawer = configuration.engineDefaults[DrawerDefaults.self]
        #expect(drawer.springMass == 1)
        #expect(abs(drawer.springStiffness - Self.fourPiSquared) < 1e-9)
        #expect(abs(drawer.springDampingRatio - 0.7) < 1e-12)
        let motion = configuration.engineDefaults.motion
        #expect(abs(motion.springDampingRatio - 0.6) < 1e-12)     // bouncy's 0.3 plus 0.1
        // The project's spring replaced the built-in spring_* keys: the listing shows it alone.
        let keys = ConfigListing(configuration, environment: [:]).entries.map(\.key)
        #expect(keys.contains("engine.drawer.spring.bounce"))
        #expect(!keys.contains("engine.drawer.spring_stiffness"))
        #expect(keys.contains("engine.pager.spring_stiffness"))
    }

    @Test func aPresetNameAloneIsASpring() throws {
        let root = try ProjectConfigTests.project(["detent.toml": "[engine.drawer]\nspring = \"smooth\"\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let drawer = try ProjectConfigTests.load(in: root).engineDefaults[DrawerDefaults.self]
        #expect(abs(drawer.springStiffness - Self.fourPiSquared) < 1e-9)
        #expect(abs(drawer.springDampingRatio - 1) < 1e-12)
    }

    @Test func aFileReplacesTheSpringOfTheFilesBelowItWhole() throws {
        let root = try ProjectConfigTests.project([
            "legacy/engine.toml": "[drawer]\nspring = { stiffness = 300.0, damping_ratio = 0.5 }\n\n[pager]\nspring = \"bouncy\"\n",
            "detent.toml": "[engine.drawer]\nspring = { duration = 0.5 }\n\n[engine.pager]\nspring_stiffness = 300.0\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let configuration = try ProjectConfigTests.load(in: root, explicit: "legacy")
        // The project's table is the whole spring: none of the folder's keys is left in it.
        let drawer = configuration.engineDefaults[DrawerDefaults.self]
        #expect(abs(drawer.springStiffness - Self.fourPiSquared) < 1e-9)
        #expect(abs(drawer.springDampingRatio - 1) < 1e-12)
        // One number replaces the folder's `spring`; the others are the SPEC's.
        let listed = ConfigListing(configuration, environment: [:]).entries.filter { $0.key.hasPrefix("engine.pager.spring") }
        #expect(listed.map(\.key) == ["engine.pager.spring_stiffness"])
        #expect(listed.first?.origin?.name == "detent.toml")
    }

    @Test(arguments: [
        ("[engine.drawer]\nspring = \"smooth\"\nspring_stiffness = 300.0\n", 2,
         "key 'engine.drawer.spring' and key 'engine.drawer.spring_stiffness' (detent.toml:3) both give the spring"),
        ("[engine.drawer]\nspring = { stiffness = 300.0, bounce = 0.2 }\n", 2,
         "key 'engine.drawer.spring': stiffness and bounce give a spring in different ways"),
        ("[engine.pager]\n[engine.pager.spring]\nduration = 0.3\nspeed = 3\n", 4,
         "key 'engine.pager.spring.speed': speed belongs to {bounciness =, speed =}; give bounciness too"),
        ("[engine.motion]\nspring = \"bouncey\"\n", 2, "key 'engine.motion.spring' must be one of: smooth, snappy, bouncy, interactive"),
        ("[engine.motion]\nspring = 3\n", 2, "key 'engine.motion.spring' must be a spring preset's name"),
        ("[engine.drawer]\nspring = { bounce = 1 }\n", 2,
         "key 'engine.drawer.spring': gives a spring of damping ratio 0; an engine's spring needs its damping ratio to be a finite number > 0"),
        ("[engine.drawer]\nspring = { bonce = 0.2 }\n", 2, "unknown key 'engine.drawer.spring.bonce' (expected one of: stiffness,"),
    ])
    func aBadSpringNamesItsKeysAndLine(text: String, line: Int, message: String) throws {
        let root = try ProjectConfigTests.project(["detent.toml": text])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(ProjectConfigTests.configError { _ = try ProjectConfigTests.load(in: root) })
        #expect(error.file == "detent.toml")
        #expect(error.line == line)
        #expect(error.detail.hasPrefix(message), "\(error)")
    }

    @Test func aWorldsConfigTakesASpringToo() throws {
        let configuration = try RunHarness.configuration()
        let defaults = try configuration.engineDefaults(overriddenBy: .table(["drawer": .table([
            "spring": .table(["response": .number(0.5), "damping_fraction": .number(0.8)]),
        ])]))
        #expect(abs(defaults[DrawerDefaults.self].springStiffness - Self.fourPiSquared) < 1e-9)
        #expect(abs(defaults[DrawerDefaults.self].springDampingRatio - 0.8) < 1e-12)
        #expect(throws: WorldRequestError(detail: "config.drawer.spring and config.drawer.spring_mass both give the spring; "
                                          + "give it one way: spring in any dialect, or spring_mass, spring_stiffness and spring_damping_ratio")) {
            _ = try configuration.engineDefaults(overriddenBy: .table(["drawer": .table([
                "spring": .string("snappy"), "spring_mass": .integer(2),
            ])]))
        }
    }
}
