import Testing
import DetentRuntime
import DetentScripting

/// SPEC §12 / issue 13 §1: how plugin files load, and how each way of failing is reported —
/// with the file and line, rolled back, the other plugins still loading.
@Suite("Plugins: loading and load errors")
struct PluginLoadingTests {
    private func load(_ files: [(String, String)]) throws -> (loaded: [PluginRecord], failed: [PluginLoadError]) {
        let settings = try SessionSettings(configuration: try RunHarness.configuration(), luaSetup: nil)
        return try PluginProbe.inspect(files.map { PluginSource(path: $0.0, text: $0.1) }, settings: settings)
    }

    private static let good = """
        return {
          name = "good", version = "1.2",
          setup = function(detent)
            detent.register_curve("ease_good", { 0.3, 0, 0.1, 1 })
            detent.register_policy("good_nearest", function(release) return release.anchors[1].name end)
            detent.register_gesture("good_tap", function() end)
            detent.register_invariant("good_check", function() return true end, { tags = { "#x", "y" } })
            detent.on("world.window_changed", function() end)
          end,
        }
        """

    @Test func aPluginReportsWhatItRegistered() throws {
        let result = try load([("p/good.lua", Self.good)])
        #expect(result.failed.isEmpty)
        #expect(result.loaded == [PluginRecord(name: "good", version: "1.2", file: "p/good.lua", registered: [
            "policy": ["good_nearest"], "curve": ["ease_good"], "gesture": ["good_tap"], "assertion": [], "handler": ["world.window_changed"], "invariant": ["good_check"], "component": [],
        ], invariantTags: ["good_check": ["x", "y"]])])
        #expect(result.loaded[0].coverage(ofInvariant: "good_check") == "tests tagged #x or #y")
    }

    static let helpersHint = "; code that plugins share belongs in scripts/lib/ (require(\"lib.name\")), not in a plugins folder"

    @Test(arguments: [
        ("local x = = 1\nreturn {}", "p/bad.lua:1: unexpected symbol near '='"),
        ("return 42", "p/bad.lua:1: a plugin returns a table { name = \"…\", version = \"…\", setup = function(detent) … end }, got number" + helpersHint),
        ("local M = {}\nfunction M.shared() end\nreturn M", "p/bad.lua:3: this file returned a table that is not a plugin (it has no name, version or setup): a plugin returns { name = \"…\", version = \"…\", setup = function(detent) … end }" + helpersHint),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_invariants('i', function() return true end)\nend }",
         "p/bad.lua:2: the plugin's detent has no field 'register_invariants' (did you mean register_invariant? fields: disable_invariant, event, motion, on, register_assertion, register_component, register_curve, register_gesture, register_invariant, register_policy, version, world)"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_invariant('i', function() return true end, { tag = { 'a' } })\nend }",
         "p/bad.lua:2: bad argument #3 to 'register_invariant' (unknown field 'tag'; did you mean tags? expected one of: tags, watch)"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_invariant('i', function() return true end, { tags = { '#a b' } })\nend }",
         "p/bad.lua:2: register_invariant: tag '#a b' is not a tag: write it as a test's name does (\"#guarded\") or as --tags does (\"guarded\"): letters, digits, _ and -"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_invariant('i', function() return true end, { watch = { 'drawer.orign' } })\nend }",
         "p/bad.lua:2: register_invariant: no property 'drawer.orign' (did you mean drawer.origin? a property is named <engine>.<key>, e.g. drawer.origin)"),
        ("local a = 1\nreturn { name = 'bad', version = '1' }", "p/bad.lua:2: plugin 'bad' needs setup = function(detent) … end"),
        ("return { name = 'bad', setup = function() end }", "p/bad.lua:1: plugin 'bad' needs a version (a string like \"1.0\")"),
        ("return { name = 'has space', version = '1', setup = function() end }", "p/bad.lua:1: the plugin's name must be a word (letters, digits, _ . -), got 'has space'"),
        ("return { name = 'bad', version = '1', requires = 'detent >= 99.0', setup = function() end }", "p/bad.lua:1: plugin 'bad' requires detent >= 99.0; this is \(DetentVersion.string)"),
        ("return { name = 'bad', version = '1', requires = 'lua 5.1', setup = function() end }", "p/bad.lua:1: plugin 'bad': requires must read \"detent >= x.y\", got lua 5.1"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  error('no luck')\nend }", "p/bad.lua:2: no luck"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_gesture('drag', function() end)\nend }", "p/bad.lua:2: register_gesture: gesture 'drag' is already built into Detent"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_policy('ultradrawer', function() end)\nend }", "p/bad.lua:2: register_policy: policy 'ultradrawer' is already built into Detent"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_curve('sheet', { 0, 0, 1, 1 })\nend }", "p/bad.lua:2: register_curve: curve 'sheet' is already built into Detent"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_curve('c', function(p) return 0/0 end)\nend }", "p/bad.lua:2: register_curve: 'c' returned nan at progress 0.0; a finite number expected"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  d.register_curve('c', { 2, 0, 0, 1 })\nend }", "p/bad.lua:2: register_curve: 'c': cubic-bezier x1 and x2 must lie in [0, 1] so that progress maps to a single value, got x1 = 2.0, x2 = 0.0"),
        ("return { name = 'bad', version = '1', setup = function(d)\n  while true do end\nend }", "p/bad.lua:2: plugin stopped: instruction budget of 200000000 instructions exceeded (runaway script?)"),
    ])
    func eachWayOfFailingNamesTheFileAndLine(text: String, message: String) throws {
        let result = try load([("p/bad.lua", text), ("p/good.lua", Self.good)])
        #expect(result.failed == [PluginLoadError(file: "p/bad.lua", message: message)])
        #expect(result.loaded.map(\.name) == ["good"])
    }

    @Test func aSecondPluginOfTheSameNameOrTakingAnotherOnesNameFails() throws {
        let taker = "return { name = 'taker', version = '1', setup = function(d)\n  d.register_curve('ease_good', { 0, 0, 1, 1 })\nend }"
        let result = try load([("p/a.lua", Self.good), ("p/b.lua", Self.good), ("p/c.lua", taker)])
        #expect(result.loaded.map(\.file) == ["p/a.lua"])
        #expect(result.failed == [
            PluginLoadError(file: "p/b.lua", message: "p/b.lua:1: a plugin named 'good' is already loaded from p/a.lua"),
            PluginLoadError(file: "p/c.lua", message: "p/c.lua:2: register_curve: curve 'ease_good' is already registered by plugin 'good'"),
        ])
    }

    @Test func aFailedSetupLeavesNothingRegistered() throws {
        let half = """
            return { name = 'half', version = '1', setup = function(d)
              d.register_curve('half_curve', { 0, 0, 1, 1 })
              d.register_gesture('half_gesture', function() end)
              error('then it fails')
            end }
            """
        let again = "return { name = 'again', version = '1', setup = function(d) d.register_curve('half_curve', { 0, 0, 1, 1 }) d.register_gesture('half_gesture', function() end) end }"
        let result = try load([("p/half.lua", half), ("p/again.lua", again)])
        #expect(result.failed.map(\.file) == ["p/half.lua"])
        #expect(result.loaded.map(\.name) == ["again"])
    }

    /// An invariant tagged as a test's name writes the tag ("#guarded") covers that test.
    @Test func anInvariantTaggedWithItsHashCoversTheTestsOfThatTag() throws {
        let folder = RunHarness.root.appendingPathComponent("Tests/Fixtures/plugins/hash_tag")
        let outcome = try RunHarness.run(["Tests/Fixtures/plugins/hash_tag_spec.lua"]) { $0.pluginFolders = [folder.path] }
        #expect(outcome.summary.results.map(\.status) == [.failed, .passed], "\(outcome.output)")
        #expect(outcome.summary.results[0].message?.contains("invariant 'never_holds' (plugin hash_tag) violated: it never holds") == true,
                "\(outcome.summary.results[0].message ?? "")")
    }

    /// An invariant watching properties compares each frame with the one before
    /// (scripts/plugins/step_guard.lua): a #steady test's jump fails at its frame; an untagged
    /// test is not checked; a new world starts the comparison over.
    @Test func anInvariantWatchingPropertiesSeesTheFrameBefore() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/plugins/step_guard_spec.lua"])
        let results = outcome.summary.results
        #expect(results.map(\.status) == [.failed, .passed, .passed], "\(outcome.output)")
        #expect(results[0].message == "Tests/Fixtures/plugins/step_guard_spec.lua:8: invariant 'no_step_above_80pt' (plugin step_guard) violated: drawer.origin moved 120.9 pt in one frame (714.0 → 593.1, dt 0.0167 s); at most 80 pt expected",
                "\(results[0].message ?? "")")
        #expect(results[0].frame == 3)
    }

    /// The bundled per-frame invariant (scripts/plugins/bar_jump_guard.lua) fails a #bar test
    /// whose content jumps, with the test's line, frame and time; an untagged test is not
    /// checked.
    @Test func theBundledInvariantCatchesTheSeedArticlesJump() throws {
        let outcome = try RunHarness.run(["Tests/Fixtures/plugins/bar_jump_spec.lua"])
        let results = outcome.summary.results
        #expect(results.map(\.status) == [.failed, .passed])
        #expect(results[0].message?.hasPrefix("Tests/Fixtures/plugins/bar_jump_spec.lua:8: invariant 'no_content_jump' (plugin bar_jump_guard) violated: navigation.screen.big.content_top appeared 40.7 pt away from the bar's bottom") == true,
                "\(results[0].message ?? "")")
        #expect(results[0].frame > 0)
    }
}
