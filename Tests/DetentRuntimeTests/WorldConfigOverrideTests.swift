import Dispatch
import Foundation
import Testing
import DetentAdaptive
import DetentNavigation
import DetentDrawer
import DetentLua
@testable import DetentRuntime
import DetentScripting
import DetentSheet
import DetentWorld
@testable import DetentConfig
@testable import DetentReports

/// `detent.world{config = {...}}` (issue 11 §5): a world's overrides of engine.toml's sections
/// are held to the file's own rules, change only the keys they name, and end with the world.
@Suite("detent.world{config = {...}}: per-world overrides of engine.toml")
struct WorldConfigOverrideTests {
    // MARK: What an override changes

    @Test func anOverrideReplacesOnlyTheKeysItNames() throws {
        var configuration = try RunHarness.configuration()
        configuration.engineDefaults[DrawerDefaults.self].springMass = 2          // as a --config folder's engine.toml might say
        let overrides = ConfigValue.table([
            "drawer": .table(["spring_stiffness": .integer(300)]),
            "sheet": .table(["dimming_alpha": .number(0.2), "dismisses_on_dimming_tap": .boolean(false)]),
        ])
        var expected = configuration.engineDefaults
        expected[DrawerDefaults.self].springStiffness = 300
        expected[SheetDefaults.self].dimmingAlpha = 0.2
        expected[SheetDefaults.self].dismissesOnDimmingTap = false
        expected[SheetDefaults.self].release = expected[DrawerDefaults.self]      // the sheet releases with the world's drawer numbers
        let defaults = try configuration.engineDefaults(overriddenBy: overrides)
        #expect(defaults == expected)
        #expect(defaults[DrawerDefaults.self].springMass == 2)
    }

    @Test func withoutOverridesAWorldHasTheLoadedDefaults() throws {
        let configuration = try RunHarness.configuration()
        #expect(try configuration.engineDefaults(overriddenBy: nil) == configuration.engineDefaults)
        #expect(try configuration.engineDefaults(overriddenBy: .table([:])) == configuration.engineDefaults)
        #expect(try configuration.engineDefaults(overriddenBy: .table(["drawer": .table([:])])) == configuration.engineDefaults)
    }

    @Test func everyEngineSectionCanBeOverridden() throws {
        let defaults = try RunHarness.configuration().engineDefaults(overriddenBy: .table([
            "motion": .table(["velocity_tracker": .string("ios"), "duration": .number(0.5)]),
            "navigation": .table(["transition_curve": .string("linear"), "parallax": .number(0)]),
            "drawer": .table(["middle_fraction": .number(0.25)]),
            "sheet": .table(["curve": .string("easeOut")]),
            "adaptive": .table(["tab_bar_height_phone": .integer(60), "tab_bar_fade_curve": .string("default")]),
        ]))
        #expect(defaults.motion.velocityTracker == "ios" && defaults.motion.duration == 0.5)
        #expect(defaults[NavigationDefaults.self].transitionCurve == "linear" && defaults[NavigationDefaults.self].parallax == 0)
        #expect(defaults[DrawerDefaults.self].middleFraction == 0.25)
        #expect(defaults[SheetDefaults.self].curve == "easeOut")
        #expect(defaults[AdaptiveDefaults.self].tabBarHeightPhone == 60 && defaults[AdaptiveDefaults.self].tabBarFadeCurve == "default")
    }

    // MARK: The file's rules, in the argument's words

    /// One bad value, written into engine.toml and passed as an override: both are refused
    /// with the same expectation and the same found value.
    @Test(arguments: [
        ("drawer", "spring_stiffness", "-1", ConfigValue.integer(-1), "a finite number > 0 and <= 1000000000", "-1"),
        // A mass of 1e300 made the settling spring's damping infinite (a trap in Spring).
        ("drawer", "spring_mass", "1e300", .number(1e300), "a finite number > 0 and <= 1000000000", "1e+300"),
        ("drawer", "deceleration_rate", "1.0", .number(1), "a deceleration rate per millisecond between 0 and 1 (exclusive), like 0.998", "1"),
        ("sheet", "dimming_alpha", "1.5", .number(1.5), "a fraction between 0 and 1", "1.5"),
        ("sheet", "duration", "1e300", .number(1e300), "a finite number of virtual seconds from 0 to 1000000000", "1e+300"),
        ("motion", "duration", "nan", .number(.nan), "a finite number of virtual seconds from 0 to 1000000000", "nan"),
        ("motion", "spring_mass", "0", .integer(0), "a finite number > 0 and <= 1000000000", "0"),
        ("navigation", "parallax", "2", .integer(2), "a finite number from 0 to 1", "2"),
        ("navigation", "hide_show_bar_duration", "-inf", .number(-.infinity), "a finite number of virtual seconds from 0 to 1000000000", "-inf"),
        ("adaptive", "tab_bar_height_phone", "-1", .integer(-1), "a finite number of points from 0 to 10000000", "-1"),
        ("adaptive", "size_change_duration", "inf", .number(.infinity), "a finite number of virtual seconds from 0 to 1000000000", "inf"),
    ])
    func overridesAreHeldToTheRulesOfTheFile(section: String, key: String, toml: String, value: ConfigValue,
                                             expectation: String, found: String) throws {
        let file = try ConfigReader(file: "config/engine.toml", text: "[\(section)]\n\(key) = \(toml)\n")
        #expect(throws: ConfigError(file: "config/engine.toml", line: 2, "key '\(section).\(key)' must be \(expectation), found \(found)")) {
            _ = try DetentConfiguration.loadEngine(file, base: EngineDefaults())
        }
        #expect(throws: WorldRequestError(detail: "config.\(section).\(key): \(expectation) expected, got \(found)")) {
            _ = try RunHarness.configuration().engineDefaults(overriddenBy: .table([section: .table([key: value])]))
        }
    }

    /// Curve names may be a plugin's (SPEC §12): a word loads, and is checked once the plugins
    /// are known — as a config error naming the file and key, or an argument error of
    /// `detent.world` (Session.makeWorld; bundled_spec.lua shows both). A non-word never loads.
    @Test(arguments: [("sheet", "curve"), ("navigation", "completion_curve"), ("adaptive", "tab_bar_fade_curve")])
    func curveNamesAreCheckedOnceThePluginsAreKnown(section: String, key: String) throws {
        let builtIns = "linear, easeIn, easeOut, easeInEaseOut, default, sheet"
        let file = try ConfigReader(file: "config/engine.toml", text: "[\(section)]\n\(key) = \"bouncy\"\n")
        var configuration = try RunHarness.configuration()
        let loaded = try DetentConfiguration.loadEngine(file, base: EngineDefaults())
        (configuration.engineDefaults[NavigationDefaults.self], configuration.engineDefaults[SheetDefaults.self], configuration.engineDefaults[AdaptiveDefaults.self]) = (loaded[NavigationDefaults.self], loaded[SheetDefaults.self], loaded[AdaptiveDefaults.self])
        // Named at the line of config/engine.toml that sets the key.
        let line = configuration.source.tree.origins["engine.\(section).\(key)"]?.line
        #expect(line != nil)
        #expect(throws: ConfigError(file: "config/engine.toml", line: line, "key '\(section).\(key)' must be one of: \(builtIns) (found \"bouncy\"; plugins may register more)")) {
            try configuration.checkCurveNames(pluginCurves: [])
        }
        try configuration.checkCurveNames(pluginCurves: ["bouncy"])
        let notAWord = try ConfigReader(file: "config/engine.toml", text: "[\(section)]\n\(key) = \"a b\"\n")
        #expect(throws: ConfigError(file: "config/engine.toml", line: 2, "key '\(section).\(key)' must be one of: \(builtIns), a curve a plugin registers (found \"a b\")")) {
            _ = try DetentConfiguration.loadEngine(notAWord, base: EngineDefaults())
        }
    }

    @Test(arguments: [
        ("motion", "velocity_tracker", "lsq2, ios"),
        ("motion", "deceleration_rate", "normal, fast"),
    ])
    func namesMustBeKnownOnes(section: String, key: String, names: String) throws {
        let file = try ConfigReader(file: "config/engine.toml", text: "[\(section)]\n\(key) = \"bouncy\"\n")
        #expect(throws: ConfigError(file: "config/engine.toml", line: 2, "key '\(section).\(key)' must be one of: \(names) (found \"bouncy\")")) {
            _ = try DetentConfiguration.loadEngine(file, base: EngineDefaults())
        }
        #expect(throws: WorldRequestError(detail: "config.\(section).\(key): one of \(names) expected, got \"bouncy\"")) {
            _ = try RunHarness.configuration().engineDefaults(overriddenBy: .table([section: .table([key: .string("bouncy")])]))
        }
    }

    @Test(arguments: [
        (ConfigValue.table(["drawer": .table(["spring_stiffness": .string("stiff")])]),
         "config.drawer.spring_stiffness: a number expected, got string"),
        (.table(["sheet": .table(["dismisses_on_dimming_tap": .integer(1)])]), "config.sheet.dismisses_on_dimming_tap: true or false expected, got number"),
        (.table(["sheet": .table(["curve": .table([:])])]), "config.sheet.curve: a string expected, got table"),
        (.table(["motion": .table(["duration": .other(typeName: "function")])]), "config.motion.duration: a number expected, got function"),
        (.table(["drawer": .integer(5)]), "config.drawer: a table expected, got number"),
        (.array([.table([:])]), "config: a table of sections (\(DetentConfiguration.engineSections.joined(separator: ", "))) expected, got a list"),
    ])
    func wrongTypesSayWhatWasExpectedAndFound(config: ConfigValue, detail: String) throws {
        #expect(throws: WorldRequestError(detail: detail)) { _ = try RunHarness.configuration().engineDefaults(overriddenBy: config) }
    }

    @Test func unknownKeysAreRefusedWithTheValidOnes() throws {
        let configuration = try RunHarness.configuration()
        #expect(throws: WorldRequestError(detail: "unknown field 'config.drawer.spring_stifness'; expected one of: deceleration_rate, "
                                          + "floating_panel_deceleration_rate, redirect_threshold, spring, spring_mass, spring_stiffness, spring_damping_ratio, "
                                          + "rubber_band_coefficient, top_inset, middle_fraction, header_height, content_deceleration_rate")) {
            _ = try configuration.engineDefaults(overriddenBy: .table(["drawer": .table(["spring_stifness": .integer(300)])]))
        }
        #expect(throws: WorldRequestError(detail: "unknown field 'config.drawr'; expected one of: \(DetentConfiguration.engineSections.joined(separator: ", "))")) {
            _ = try configuration.engineDefaults(overriddenBy: .table(["drawr": .table([:])]))
        }
    }

    /// runner.toml's sections hold for the whole run, and devices are chosen by name.
    @Test(arguments: [
        ("limits", "config.limits is not a world setting: limits hold for the whole run (runner.toml [limits])"),
        ("run", "config.run is not a world setting: runner.toml [run] is read once for the whole run"),
        ("device", "config.device is not a config section: choose a device profile with detent.world{device = \"...\"}"),
        ("devices", "config.devices is not a config section: choose a device profile with detent.world{device = \"...\"}"),
    ])
    func runSettingsAndDeviceProfilesAreNotWorldSettings(key: String, detail: String) throws {
        #expect(throws: WorldRequestError(detail: detail)) {
            _ = try RunHarness.configuration().engineDefaults(overriddenBy: .table([key: .table(["memory_cap_mib": .integer(1)])]))
        }
    }

    // MARK: From Lua

    @Test func aLuaTableArrivesAsPlainData() throws {
        let (config, _) = try worldRequest("""
            detent.world{ config = { drawer = { spring_stiffness = 300, header_height = 44.5 },
                                     sheet = { dismisses_on_dimming_tap = false, curve = "linear" }, list = { 1, "two" },
                                     fn = print } }
            """)
        #expect(config == .table([
            "drawer": .table(["spring_stiffness": .integer(300), "header_height": .number(44.5)]),
            "sheet": .table(["dismisses_on_dimming_tap": .boolean(false), "curve": .string("linear")]),
            "list": .array([.integer(1), .string("two")]),
            "fn": .other(typeName: "function"),
        ]))
    }

    @Test(arguments: [
        ("detent.world{ config = 5 }", "test.lua:1: bad argument #1 to 'world' (field 'config': table expected, got number)"),
        ("local t = {}; t.t = t; detent.world{ config = t }", "test.lua:1: bad argument #1 to 'world' (config.t.t.t.t.t.t.t.t: tables nested more than 8 deep)"),
        ("detent.world{ config = { drawer = { [true] = 1 } } }", "test.lua:1: bad argument #1 to 'world' (config.drawer: keys are names (found a key of type boolean))"),
        ("detent.world{ config = { drawer = { 1, x = 2 } } }", "test.lua:1: bad argument #1 to 'world' (config.drawer: a table of named keys or a list expected, got a mix of both)"),
        ("detent.world{ config = { drawer = { [1] = 1, [3] = 3 } } }", "test.lua:1: bad argument #1 to 'world' (config.drawer: a list has no holes (found keys up to 3 but 2 values))"),
        ("detent.world{ confg = {} }", "test.lua:1: bad argument #1 to 'world' (unknown field 'confg'; did you mean config? expected one of: device, orientation, config)"),
    ])
    func tablesThatAreNotConfigAreRefusedBeforeReading(source: String, message: String) throws {
        let (_, error) = try worldRequest(source)
        #expect(error == message)
    }

    @Test func aTableWithTooManyValuesIsRefused() throws {
        let (_, error) = try worldRequest("local t = {}; for i = 1, 10001 do t['k' .. i] = i end; detent.world{ config = t }")
        #expect(error == "test.lua:1: bad argument #1 to 'world' (config: more than 10000 values in all)")
    }

    /// Runs `source` in a host whose world factory keeps the request: the `config` it got, or
    /// the error `source` raised.
    private func worldRequest(_ source: String) throws -> (ConfigValue?, String?) {
        final class Box: @unchecked Sendable { var request: WorldRequest? }
        let box = Box()
        let device = try RunHarness.configuration().device(named: "iPhone 15")
        let host = try ScriptHost(limits: ScriptLimits(instructionBudget: 0, memoryCapBytes: 0), luaSetup: nil, output: { _ in },
                                  worldFactory: { request in
                                      box.request = request
                                      return WorldSetup(world: World(configuration: WorldConfiguration(device: device)))
                                  })
        try host.lua.load(source, chunkName: "test.lua")
        do {
            try host.lua.call()
            return (box.request?.config, nil)
        } catch let error as LuaError {
            return (box.request?.config, error.message)
        }
    }

    // MARK: In a run

    @Test func engineDefaultsLastForTheirWorldOnly() throws {
        var configuration = try RunHarness.configuration()
        configuration.engineDefaults[DrawerDefaults.self].headerHeight = 50        // as a --config folder might say
        let results = try runSpec("""
            describe("overrides", function()
              it("changes the world's drawer and sheet", function()
                detent.world{ device = "iPhone 15", config = { drawer = { middle_fraction = 0.25 }, sheet = { dimming_alpha = 0.2 } } }
                local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
                assert.are.equal(852 * 0.75, d.anchors[2].origin)
                assert.are.equal(852 - (50 + 34), d.anchors[3].origin)   -- the folder's header height stays
                local s = world:sheet{ screens = { world:screen{ id = "a", content_height = 200 } }, presented = true }
                wait_frames(1)
                assert.are.equal(0.2, s.dimming)
              end)
              it("is back to the loaded config in the next test", function()
                local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
                assert.are.equal(426, d.anchors[2].origin)
              end)
              it("is back to the loaded config in the next world of the same test", function()
                detent.world{ config = { drawer = { middle_fraction = 0.25 } } }
                detent.world{}
                assert.are.equal(426, world:drawer{ anchors = { "middle" } }.anchors[1].origin)
              end)
              it("raises a bad override at the script's line", function()
                detent.world{ config = { drawer = { spring_stiffness = -1 } } }
              end)
            end)
            """, configuration: configuration)
        #expect(results.map(\.status) == [.passed, .passed, .passed, .error])
        #expect(results[3].message == "overrides_spec.lua:21: bad argument #1 to 'world' (config.drawer.spring_stiffness: a finite number > 0 and <= 1000000000 expected, got -1)")
    }

    /// Runs `source` as the spec file `overrides_spec.lua` with `configuration`.
    private func runSpec(_ source: String, configuration: DetentConfiguration) throws -> [TestResult] {
        let session = try Session.make(settings: try SessionSettings(configuration: configuration, luaSetup: nil), label: "test.overrides")
        var results: [TestResult] = []
        try session.sync { session in
            try session.runSpec(text: source, file: "overrides_spec.lua", selection: TestSelection()) { outcome in
                if case let .testFinished(result) = outcome { results.append(result) }
            }
        }
        return results
    }
}
