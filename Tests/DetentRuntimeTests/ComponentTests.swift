import Testing
import DetentRuntime
import DetentScripting
@testable import DetentReports

/// Components (SPEC §12, issue 13): a plugin's definition is checked when it registers (a
/// mistake is the plugin's load error, at its line), `world:component` checks its options
/// (an argument error at the spec's line), and an error in a callback fails the test at the
/// plugin's line. The behaviour of a real component is scripts/scenarios/plugins.
@Suite("Plugins: components")
struct ComponentTests {
    private func load(_ files: [(String, String)]) throws -> (loaded: [PluginRecord], failed: [PluginLoadError]) {
        let settings = try SessionSettings(configuration: try RunHarness.configuration(), luaSetup: nil)
        return try PluginProbe.inspect(files.map { PluginSource(path: $0.0, text: $0.1) }, settings: settings)
    }

    /// Runs `spec` as `spec.lua` in a state that loaded `plugins`.
    private func run(_ spec: String, plugins: [(String, String)]) throws -> [TestResult] {
        var configuration = try RunHarness.configuration()
        configuration.run.countsInstructions = true  // runaway steps stop at the exact budget
        var settings = try SessionSettings(configuration: configuration, luaSetup: nil)
        settings.plugins = plugins.map { PluginSource(path: $0.0, text: $0.1) }
        let session = try Session.make(settings: settings, label: "test.components")
        var results: [TestResult] = []
        try session.sync { session in
            try session.runSpec(text: spec, file: "spec.lua", selection: TestSelection()) { outcome in
                if case let .testFinished(result) = outcome { results.append(result) }
            }
        }
        return results
    }

    /// A dial: an angle that a vertical drag turns, springing back to 0 on release.
    private static let knob = """
        return { name = "knob", version = "1", setup = function(detent)
          detent.register_component("knob", {
            properties = { angle = 0, label = "volume", locked = false },
            frame = { x = 100, y = 100, width = 100, height = 100 },
            regions = { dial = {} },
            moved = function(self, touch) self.angle = touch.dy end,
            ended = function(self, touch) self:spring("angle", { to = 0 }) end,
          })
        end }
        """

    @Test func aPluginReportsTheComponentsItRegistered() throws {
        let result = try load([("p/knob.lua", Self.knob)])
        #expect(result.failed.isEmpty)
        #expect(result.loaded.first?.registered["component"] == ["knob"])
    }

    @Test(arguments: [
        ("d.register_component('knob', 42)", "p/bad.lua:2: register_component: 'knob' needs a definition table { properties =, frame =, regions =, began =, step =, ... }"),
        ("d.register_component('a.b', {})", "p/bad.lua:2: register_component: a component's name is a Lua identifier (letters, digits, _; it prefixes property names like a.b.offset), got 'a.b'"),
        ("d.register_component('knob', { stepp = function() end })", "p/bad.lua:2: register_component: 'knob': unknown field 'stepp' (did you mean step? expected: properties, frame, regions, layer, methods, events, began, moved, ended, step, layout)"),
        ("d.register_component('knob', { properties = { angle = {} } })", "p/bad.lua:2: register_component: 'knob': properties.angle: a number, a string or a boolean expected, got table"),
        ("d.register_component('knob', { properties = { 0, 1 } })", "p/bad.lua:2: register_component: 'knob': properties maps names to initial values, like { offset = 0, state = \"idle\" }, not a list"),
        ("d.register_component('knob', { properties = { frame = 1 } })", "p/bad.lua:2: register_component: 'knob': 'frame' cannot be a property's name (instances use it: animate, busy, data, emit, frame, kind, name, spring, stop)"),
        ("d.register_component('knob', { frame = { x = 'left' } })", "p/bad.lua:2: register_component: 'knob': frame.x: a finite number of points from -10000000 to 10000000 expected, got string"),
        ("d.register_component('knob', { regions = { dial = { height = -1 } } })", "p/bad.lua:2: register_component: 'knob': regions.dial.height: a finite number of points from 0 to 10000000 expected, got -1"),
        ("d.register_component('knob', { layer = 'top' })", "p/bad.lua:2: register_component: 'knob': layer must be one of: dimming, sheet, drawer_header, drawer_content, navigation_bar_items, screen_edge, pager, content (got 'top')"),
        ("d.register_component('knob', { step = 1 })", "p/bad.lua:2: register_component: 'knob': step must be a function(self, dt, time), got number"),
        ("d.register_component('knob', { properties = { a = 0 }, methods = { a = function() end } })", "p/bad.lua:2: register_component: 'knob': 'a' cannot be a method's name (method names are Lua identifiers other than the properties' and animate, busy, data, emit, frame, kind, name, spring, stop)"),
        ("d.register_component('knob', { began = function() end })", "p/bad.lua:2: register_component: 'knob': 'began' receives touches, but there are no regions to receive them in (regions = { name = {x =, y =, width =, height =} })"),
    ])
    func aBadDefinitionIsTheLoadErrorOfItsPluginAtItsLine(call: String, message: String) throws {
        let text = "return { name = 'bad', version = '1', setup = function(d)\n  \(call)\nend }"
        let result = try load([("p/bad.lua", text), ("p/knob.lua", Self.knob)])
        #expect(result.failed == [PluginLoadError(file: "p/bad.lua", message: message)])
        #expect(result.loaded.map(\.name) == ["knob"])
    }

    @Test func aComponentNameHasOneOwnerAndAFailedPluginLeavesNoComponent() throws {
        let taker = "return { name = 'taker', version = '1', setup = function(d)\n  d.register_component('knob', {})\nend }"
        let half = "return { name = 'half', version = '1', setup = function(d)\n  d.register_component('half', {})\n  error('then it fails')\nend }"
        let again = "return { name = 'again', version = '1', setup = function(d) d.register_component('half', {}) end }"
        let result = try load([("p/knob.lua", Self.knob), ("p/taker.lua", taker), ("p/half.lua", half), ("p/again.lua", again)])
        #expect(result.failed == [
            PluginLoadError(file: "p/taker.lua", message: "p/taker.lua:2: register_component: component 'knob' is already registered by plugin 'knob'"),
            PluginLoadError(file: "p/half.lua", message: "p/half.lua:3: then it fails"),
        ])
        #expect(result.loaded.map(\.name) == ["knob", "again"])
    }

    @Test func badOptionsToWorldComponentAreArgumentErrorsAtTheSpecsLine() throws {
        let spec = """
            local cases = {
              function() world:component("nope") end,
              function() world:component("knob", { colour = "red" }) end,
              function() world:component("knob", { angle = "up" }) end,
              function() world:component("knob", { frame = { y = "top" } }) end,
              function() world:component("knob", { name = "my knob" }) end,
              function() world:component("knob"); world:component("knob") end,
              function() world:component("knob").angle = "up" end,
              function() world:component("knob").colour = "red" end,
              function() world:component("knob"):spring("label", { to = 1 }) end,
            }
            for i, case in ipairs(cases) do
              it("case " .. i, case)
            end
            """
        let results = try run(spec, plugins: [("p/knob.lua", Self.knob)])
        #expect(results.map(\.status) == Array(repeating: .error, count: 9))
        #expect(results.map { $0.message ?? "" } == [
            "spec.lua:2: unknown component 'nope' (expected one of: knob)",
            "spec.lua:3: bad argument #2 to 'component' (unknown field 'colour'; expected one of: name, frame, angle, label, locked)",
            "spec.lua:4: bad argument #2 to 'component' (field 'angle': number expected, got string)",
            "spec.lua:5: bad argument #2 to 'component': frame.y: a finite number of points from -10000000 to 10000000 expected, got string",
            "spec.lua:6: bad argument #2 to 'component' (field 'name': a Lua identifier expected (letters, digits, _), got 'my knob')",
            "spec.lua:7: this world already has an engine named 'knob' (give the component another name = ...)",
            "spec.lua:8: knob.angle is a number (got string)",
            "spec.lua:9: component.knob has no field 'colour' (fields: angle, animate, busy, data, emit, frame, kind, label, locked, name, spring, stop)",
            "spec.lua:10: knob.label is a string; only numbers animate",
        ])
    }

    @Test func anErrorInStepFailsTheTestAtThePluginsLine() throws {
        let plugin = """
            return { name = "fragile", version = "1", setup = function(detent)
              detent.register_component("fragile", {
                properties = { ticks = 0 },
                step = function(self, dt)
                  self.ticks = self.ticks + 1
                  if self.ticks == 3 then error("the third frame breaks") end
                end,
              })
            end }
            """
        let spec = """
            it("breaks", function()
              local f = world:component("fragile")
              f.busy = true   -- every frame, no idle fast-forward
              wait_frames(10)
            end)
            it("runs the next test", function()
              assert.are.equal(0, world:component("fragile").ticks)
            end)
            """
        let results = try run(spec, plugins: [("p/fragile.lua", plugin)])
        #expect(results.map(\.status) == [.error, .passed])
        #expect(results[0].message == "p/fragile.lua:6: the third frame breaks")
        #expect(results[0].frame == 3)
    }

    @Test func anErrorInATouchCallbackFailsTheTestAtThePluginsLine() throws {
        let plugin = """
            return { name = "touchy", version = "1", setup = function(detent)
              detent.register_component("touchy", {
                regions = { all = {} },
                began = function(self, touch)
                  local missing = nil
                  return missing.field
                end,
              })
            end }
            """
        let spec = "it(\"touches\", function()\n  world:component(\"touchy\")\n  tap({ x = 100, y = 100 })\nend)"
        let results = try run(spec, plugins: [("p/touchy.lua", plugin)])
        #expect(results.map(\.status) == [.error])
        #expect(results[0].message == "p/touchy.lua:6: attempt to index a nil value (local 'missing')")
    }

    @Test func aRunawayStepIsStoppedByTheInstructionBudget() throws {
        let plugin = """
            return { name = "spinner", version = "1", setup = function(detent)
              detent.register_component("spinner", { step = function(self) while true do end end })
            end }
            """
        let spec = "it(\"spins\", function()\n  world:component(\"spinner\")\n  wait_frames(2)\nend)"
        let results = try run(spec, plugins: [("p/spinner.lua", plugin)])
        #expect(results.map(\.status) == [.error])
        #expect(results[0].message?.contains("instruction budget") == true)
    }

    /// SPEC §1: touches (phase 2), then the animators and `step` (phase 3), then `layout`
    /// (phase 4) — each once per frame, `step` seeing the value the animators reached.
    @Test func callbacksRunInTheTickOrder() throws {
        let plugin = """
            return { name = "recorder", version = "1", setup = function(detent)
              local log = {}
              detent.register_component("recorder", {
                properties = { value = 0 },
                regions = { all = {} },
                began = function(self, touch) log[#log + 1] = "began " .. world.frame end,
                step = function(self, dt)
                  log[#log + 1] = string.format("step %d %.4f %s", world.frame, dt, tostring(self.value == world:animator("recorder.value").value))
                end,
                layout = function(self) log[#log + 1] = "layout " .. world.frame end,
                methods = { log = function(self) return log end },
              })
            end }
            """
        let spec = """
            it("records", function()
              local r = world:component("recorder")
              r:animate("value", { to = 100, duration = 1 })
              touch(50, 50)
              wait_frames(2)
              assert.are.same({
                "began 1", "step 1 0.0167 true", "layout 1",
                "step 2 0.0167 true", "layout 2",
              }, r:log())
            end)
            """
        let results = try run(spec, plugins: [("p/recorder.lua", plugin)])
        #expect(results.map(\.status) == [.passed], "\(results.map { $0.message ?? "" })")
    }

    /// A ticker that emits the events its definition declares, and a method that emits one it
    /// does not.
    private static let ticker = """
        return { name = "ticker", version = "1", setup = function(detent)
          detent.register_component("ticker", {
            events = { "tick" },
            methods = {
              tick = function(self, n) self:emit("tick", { n = n }) end,
              tock = function(self) self:emit("tock") end,
            },
          })
        end }
        """

    @Test func aComponentsDeclaredEventsAreKnownAndOthersRefused() throws {
        let spec = """
            it("waits for a declared event, under the default and another instance name", function()
              local ticker = world:component("ticker")
              local other = world:component("ticker", { name = "second" })
              local seen
              world:on("second.tick", function(e) seen = e.n end)
              spawn(function() wait_frames(2); ticker:tick(3); other:tick(4) end)
              assert.are.equal(3, wait_event("ticker.tick").n)
              assert.are.equal(4, seen)
            end)
            it("refuses a misspelt one", function()
              world:component("ticker")
              wait_event("ticker.tic")
            end)
            it("refuses to emit an undeclared one", function()
              world:component("ticker"):tock()
            end)
            """
        let results = try run(spec, plugins: [("p/ticker.lua", Self.ticker)])
        #expect(results.map(\.status) == [.passed, .error, .error], "\(results.map { $0.message ?? "" })")
        #expect(results.count == 3 && results[1].message?.hasPrefix("spec.lua:12: wait_event: no event 'ticker.tic' (did you mean ticker.tick?") == true,
                "\(results.map { $0.message ?? "" })")
        #expect(results.count == 3 && results[2].message?.contains("emit: component 'ticker' does not declare the event 'tock' (did you mean tick? events: tick)") == true,
                "\(results.map { $0.message ?? "" })")
    }
}
