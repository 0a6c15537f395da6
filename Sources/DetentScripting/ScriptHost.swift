import Dispatch
import Foundation
import DetentAdaptive
import DetentDrawer
import DetentSheet
import DetentLua
import DetentMotion
import DetentRelease
import DetentNavigation
import DetentWorld

/// One Lua state prepared for scenario code (SPEC §9, §13): the safe libraries, the prelude
/// (assertions, structure, waiting), the engine bindings, a virtual `os.clock`/`os.time`,
/// a seeded `math.random`, `print` routed to the reporter, and `require` confined to
/// `scripts/`. Each spec file gets its own host.
public final class ScriptHost {
    public let lua: LuaState
    /// Where `require("a.b")` looks: `<scriptsRoot>/a/b.lua`.
    public let scriptsRoot: URL?
    /// Receives what scripts `print`.
    public var output: (String) -> Void
    /// Builds the world for `detent.world{...}` (and the default world of each test), with
    /// the defaults its engines start from.
    public let worldFactory: (WorldRequest) throws -> WorldSetup
    /// The world the run loop steps for the current test.
    public internal(set) var world: World?
    /// Errors raised by event handlers during a tick, for the run loop to report.
    public var handlerErrors: [LuaError] = []
    /// The `spec` module of the prelude (collect and run tests).
    private(set) var spec: LuaRef!
    var retained: [AnyObject] = []
    /// Numbers for `detent.motion` (config/engine.toml [motion]): the default spring, rate
    /// and velocity tracker.
    public var motionDefaults = MotionDefaults()
    /// Numbers for navigation engines created by scripts (config/engine.toml [navigation]).
    public var navigationDefaults = NavigationDefaults()
    /// Numbers for drawers created by scripts (config/engine.toml [drawer]).
    public var drawerDefaults = DrawerDefaults()
    /// Numbers for sheets created by scripts (config/engine.toml [sheet]).
    public var sheetDefaults = SheetDefaults()
    /// Numbers for split views and tab containers (config/engine.toml [adaptive]).
    public var adaptiveDefaults = AdaptiveDefaults()
    /// The target-selection policies drawers and sheets can name (SPEC §6, §12): the built-ins,
    /// and what plugins add with `try releasePolicies.register(_:owner:)`.
    public var releasePolicies = ReleasePolicies.builtIn
    var spawned: [LuaThread] = []
    /// The prelude's `plugins` module (registries kept in Lua).
    private(set) var pluginModule: LuaRef!
    /// Plugins loaded into this state, in load order, and those that failed (SPEC §12).
    public internal(set) var loadedPlugins: [PluginRecord] = []
    public var failedPlugins: [PluginLoadError] = []
    /// Timing curves plugins registered, by name, and the plugin that owns each.
    var pluginCurves: [String: TimingCurve] = [:]
    var pluginCurveOwners: [String: String] = [:]
    /// Whether a plugin's invariant applies to the running test (set by `beginPluginTest`,
    /// cleared at its end): only then are invariants checked every frame.
    public internal(set) var invariantsApply = false
    /// The plugin file `loadPlugins` is loading (for the per-process cache of its curves).
    var loadingPlugin: PluginSource?
    /// Components plugins registered (`ComponentBinding`).
    var components = ComponentRegistry()
    var patternMatcher: LuaRef?

    /// The serial queue that owns this host, its Lua state and its worlds (SPEC §1), if any;
    /// entry points check it.
    public let owner: DispatchQueue?

    public init(limits: ScriptLimits, scriptsRoot: URL?, owner: DispatchQueue? = nil, output: @escaping (String) -> Void,
                worldFactory: @escaping (WorldRequest) throws -> WorldSetup) throws {
        if let owner { dispatchPrecondition(condition: .onQueue(owner)) }
        self.owner = owner
        lua = LuaState(libraries: .safe)
        lua.instructionBudget = limits.instructionBudget
        lua.memoryCap = limits.memoryCapBytes
        lua.cpuTimeLimit = limits.cpuSecondsPerJob
        lua.countsInstructions = limits.countsInstructions
        self.scriptsRoot = scriptsRoot
        self.output = output
        self.worldFactory = worldFactory
        registerClasses()
        try installPrelude()
    }

    // MARK: Prelude and sandbox extras

    private func installPrelude() throws {
        // The private host table handed to prelude chunks.
        lua.newTable()
        lua.setFunction("traceback") { call in
            call.pushTraceback(message: call.isNoneOrNil(1) ? nil : try call.string(1))
            return 1
        }
        lua.setFunction("output") { [unowned self] call in
            output(try call.string(1))
            return 0
        }
        lua.setFunction("load_module") { [unowned self] call in
            try loadModule(call)
        }
        // Plugins' registries kept in Swift (see ScriptHost+Plugins).
        lua.setFunction("register_curve") { [unowned self] call in try registerCurve(call) }
        lua.setFunction("reuse_curve") { [unowned self] call in try reuseCurve(call) }
        lua.setFunction("register_policy") { [unowned self] call in try registerPolicy(call) }
        lua.setFunction("forget_plugin") { [unowned self] call in try forgetPlugin(call) }
        lua.setFunction("register_component") { call in try ComponentBinding.register(call) }
        lua.push(DetentVersion.string)
        lua.rawSet(field: "version", inTableAt: -2)
        lua.push(SampledCurve.defaultCount)
        lua.rawSet(field: "curve_samples", inTableAt: -2)
        // Names built into Detent, which no plugin may register again.
        lua.push(.array(CubicBezier.curveNames.map { .string($0) }))
        lua.rawSet(field: "builtin_curves", inTableAt: -2)
        lua.push(.array(releasePolicies.names.map { .string($0) }))
        lua.rawSet(field: "builtin_policies", inTableAt: -2)
        // host.fail(message): raises `message` at the script's line that called the helper
        // (Detent's own chunks are skipped), for errors found in prelude Lua.
        // host.where(): "chunk:line: " of the script code that is running (Detent's own
        // chunks skipped), for error values that carry no location of their own.
        lua.setFunction("where") { call in
            call.pushScriptLocation()
            return 1
        }
        // host.located(message): the message at the script line it was raised on (see
        // detent_push_located_message), for the runner's message handler.
        lua.setFunction("located") { call in
            call.pushLocatedMessage(at: 1)
            return 1
        }
        // host.can_wait(): true, or why the running code cannot wait (for the wait verbs).
        lua.setFunction("can_wait") { call in
            call.pushWaitPermission()
            return 1
        }
        lua.setFunction("fail") { call in
            throw LuaRaise(call.type(at: 1) == .string ? try call.string(1) : "(error object is a \(call.typeName(at: 1)) value)")
        }
        // host.argument(value, rule, verb, position?, field?): as host.number, with messages
        // in the API's own form — "bad argument #1 to 'wait' (…)", or "(field 'timeout': …)".
        lua.setFunction("argument") { call in
            let rule = NumberRule.named[try call.string(2)] ?? .finite
            let verb = try call.string(3)
            let position = try call.optionalNumber(4, "position", .index).map { Int($0) }
            let field = try call.optionalString(5)
            let prefix = position.map { "bad argument #\($0) to '\(verb)'" } ?? "bad argument to '\(verb)'"
            let inner = field.map { "field '\($0)': " } ?? ""
            guard call.type(at: 1) == .number, let value = call.numberValue(at: 1) else {
                throw LuaRaise("\(prefix) (\(inner)\(rule.expectation) expected, got \(call.typeName(at: 1)))")
            }
            guard rule.accepts(value) else { throw LuaRaise("\(prefix) (\(inner)\(rule.mismatch(value)))") }
            call.push(value)
            return 1
        }
        TouchBinding.install(into: lua, host: self)
        let hostTable = lua.ref()

        // The prelude's own view of the globals: a snapshot of the sandbox's (library tables
        // copied), so a spec that clobbers `ipairs`, `string.format` or `describe` cannot break
        // the runner's own code. What the prelude defines goes to both; names it does not
        // know (world, detent, spawn) fall through to the live globals.
        try lua.load("""
            local env = {}
            for k, v in pairs(_G) do
              if type(v) == "table" and k ~= "_G" then
                local copy = {}
                for k2, v2 in pairs(v) do copy[k2] = v2 end
                env[k] = copy
              else
                env[k] = v
              end
            end
            env._G = _G
            local G, rawset = _G, rawset
            return setmetatable(env, { __index = G, __newindex = function(t, k, v) rawset(t, k, v); G[k] = v end })
            """, chunkName: "=(detent prelude env)")
        try lua.call(argumentCount: 0, resultCount: 1)
        let preludeEnvironment = lua.ref()

        var modules: [String: LuaRef] = [:]
        for name in Prelude.files {
            try lua.load(trustedBytecode: Prelude.bytecode[name]!, chunkName: Prelude.chunkName(name))
            preludeEnvironment.push()
            lua.setEnvironmentOfFunction(at: -2)
            switch name {
            case "series": lua.getGlobal("assert")
            default: hostTable.push()
            }
            try lua.call(argumentCount: 1, resultCount: 1)
            if name == "assert" {
                lua.setGlobal("assert")
                lua.getGlobal("assert")
                // The prelude's own `assert` is luassert too (its snapshot had Lua's).
                preludeEnvironment.push()
                lua.getGlobal("assert")
                lua.rawSet(field: "assert", inTableAt: -2)
                lua.pop()
            }
            modules[name] = lua.ref()
        }
        spec = modules["spec"]
        pluginModule = modules["plugins"]
        try installSandboxExtras(hostTable: hostTable)
        installDetentTable()
        // The prelude's `detent` is the host's own table, whatever a spec does to the global.
        preludeEnvironment.push()
        lua.getGlobal("detent")
        lua.rawSet(field: "detent", inTableAt: -2)
        lua.pop()
    }

    private func installSandboxExtras(hostTable: LuaRef) throws {
        // os: only the virtual clock (SPEC §13).
        lua.newTable()
        lua.setFunction("clock") { [unowned self] call in
            call.push(world?.seconds ?? 0)
            return 1
        }
        lua.setFunction("time") { [unowned self] call in
            guard call.isNoneOrNil(1) else {
                throw LuaRaise("os.time(table) is not available in Detent scenarios (virtual time has no calendar)")
            }
            call.push(Int64((world?.seconds ?? 0).rounded(.down)))
            return 1
        }
        lua.setFunction("difftime") { call in
            call.push(try call.number(1) - (try call.optionalNumber(2) ?? 0))
            return 1
        }
        lua.setGlobal("os")
        try lua.load("""
            local host = ...
            local format = assert.format
            local raw_tostring, concat, pack = tostring, table.concat, table.pack
            -- Deterministic print: tables are formatted, never shown by address.
            function print(...)
              local values = pack(...)
              local parts = {}
              for i = 1, values.n do
                local v = values[i]
                local mt = type(v) == "table" and getmetatable(v)
                if type(v) == "table" and not (mt and mt.__tostring) then parts[i] = format(v)
                elseif type(v) == "function" then parts[i] = "function"
                else parts[i] = raw_tostring(v) end
              end
              host.output(concat(parts, "\\t"))
            end
            -- require resolves only inside scripts/, loads text only, and caches per state.
            -- A module that requires itself (directly or through others) is an error at the
            -- require that closes the loop, as Lua's C require would end in a stack overflow.
            -- (Located with host.fail: a module ending in `return require(...)` is a tail
            -- call, whose line Lua no longer knows.)
            local loaded, loading = {}, {}
            -- busted's and luassert's own modules, as spec files written for busted require
            -- them: Detent's implementations of the same API. `say` holds assert's messages.
            local say = setmetatable({
              set = function(self, key, text)
                if type(self) == "string" then key, text = self, key end
                assert:set_message(key, text)
              end,
              set_namespace = function() end,   -- one language: en
            }, {
              __call = function(_, key, values)
                local text = assert.messages[key]
                if text ~= nil and type(values) == "table" then return string.format(text, table.unpack(values)) end
                return text
              end,
            })
            local builtin = {
              luassert = assert, ["luassert.assert"] = assert, ["luassert.spy"] = spy, ["luassert.stub"] = stub,
              ["luassert.mock"] = mock, ["luassert.match"] = match, ["luassert.say"] = say, say = say,
              busted = { describe = describe, context = context, it = it, spec = spec, test = test, pending = pending,
                         insulate = insulate, expose = expose, finally = finally, randomize = randomize,
                         before_each = before_each, after_each = after_each, setup = setup, teardown = teardown,
                         lazy_setup = lazy_setup, lazy_teardown = lazy_teardown, strict_setup = strict_setup,
                         strict_teardown = strict_teardown, spy = spy, stub = stub, mock = mock, match = match, assert = assert },
            }
            -- host.require_file(name): loads and runs scripts/<name>.lua, refusing a loop;
            -- true and its value (true for nil), or false and why there is no such file. The
            -- global require and insulate blocks' requires (spec.lua) share it.
            function host.require_file(name)
              if loading[name] then
                local chain = {}
                for i = loading[name], #loading do chain[#chain + 1] = loading[i] end
                chain[#chain + 1] = name
                host.fail("module '" .. name .. "' requires itself (require loop: " .. table.concat(chain, " → ") .. ")")
              end
              local chunk, message = host.load_module(name)
              if not chunk then return false, message end
              loading[#loading + 1] = name
              loading[name] = #loading
              local ok, result = pcall(chunk, name)
              loading[name], loading[#loading] = nil, nil
              if not ok then error(result, 0) end   -- the module's error, with its own location
              if result == nil then result = true end
              return true, result
            end
            function require(name)
              if type(name) ~= "string" then error("require expects a module name", 2) end
              if builtin[name] ~= nil then return builtin[name] end
              if loaded[name] ~= nil then return loaded[name] end
              local found, result = host.require_file(name)
              if not found then error(result, 2) end
              loaded[name] = result
              return result
            end
            -- math.randomseed() without arguments reseeds from the run's seed, never the clock.
            local raw_randomseed = math.randomseed
            local run_seed = 0
            local tointeger, select, error_ = math.tointeger, select, error
            function math.randomseed(seed, ...)
              if seed == nil then return raw_randomseed(run_seed) end
              for i = 1, 1 + select("#", ...) do
                local n = i == 1 and seed or select(i - 1, ...)
                if tointeger(n) == nil then
                  error_("bad argument #" .. i .. " to 'randomseed' (an integer expected, got " .. (type(n) == "number" and tostring(n) or type(n)) .. ")", 2)
                end
              end
              return raw_randomseed(seed, ...)
            end
            -- Before each test: reseed, and give strings back their methods. Every string
            -- shares one metatable, so a test that cleared or hijacked it (or replaced a
            -- string function) would otherwise break the tests after it, the runner's own
            -- assertions included. Functions a test added to `string` stay.
            local next, string_lib = next, string
            local string_mt = getmetatable("")
            local originals = {}
            for k, v in next, string_lib do originals[k] = v end
            return function(seed)
              run_seed = seed
              raw_randomseed(seed)
              for k in next, string_mt do string_mt[k] = nil end
              for k, v in next, originals do string_lib[k] = v end
              string_mt.__index = string_lib
            end
            """, chunkName: "=(detent sandbox)")
        hostTable.push()
        try lua.call(argumentCount: 1, resultCount: 1)
        reseed = lua.ref()
    }

    private var reseed: LuaRef!

    /// Seeds `math.random` (before each test, from the run seed and the test's name).
    public func seedRandom(_ seed: Int64) {
        try? lua.call(reseed, arguments: [.integer(seed)])
    }

    /// `host.load_module(name)`: the chunk for `scripts/<name with dots as slashes>.lua`.
    private func loadModule(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        guard let scriptsRoot else {
            call.pushNil(); call.push("module '\(name)' not found: require is not available here"); return 2
        }
        let valid = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }
            && !name.contains("..") && !name.hasPrefix(".")
        guard valid else {
            call.pushNil(); call.push("module name '\(name)' is not allowed (letters, digits, _ and - separated by dots, resolved inside scripts/)"); return 2
        }
        let relative = name.replacingOccurrences(of: ".", with: "/") + ".lua"
        let url = scriptsRoot.appendingPathComponent(relative)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            call.pushNil(); call.push("module '\(name)' not found: no file scripts/\(relative)"); return 2
        }
        do {
            try call.load(text, chunkName: "scripts/" + relative)
            return 1
        } catch let error as LuaError {
            call.pushNil(); call.push(error.message); return 2
        }
    }

    // MARK: Files and tests

    func checkOwner() {
        if let owner { dispatchPrecondition(condition: .onQueue(owner)) }
    }

    /// Loads a spec or script file as a function on top of the main stack.
    public func loadFile(text: String, chunkName: String) throws {
        checkOwner()
        try lua.load(text, chunkName: chunkName)
    }

    /// The tests a loaded file declared.
    public func collectedTests() throws -> [CollectedTest] {
        spec.push()
        lua.rawGet(field: "tests", inTableAt: -1)
        try lua.call(argumentCount: 0, resultCount: 1)
        defer { lua.pop(2) }
        var result: [CollectedTest] = []
        let count = Int(lua.rawLength(at: -1))
        for i in 1...max(count, 1) where count > 0 {
            lua.rawGet(index: i, inTableAt: -1)
            func field(_ key: String) -> String {
                lua.rawGet(field: key, inTableAt: -1)
                defer { lua.pop() }
                return lua.string(at: -1) ?? ""
            }
            var tags: [String] = []
            lua.rawGet(field: "tags", inTableAt: -1)
            let tagCount = Int(lua.rawLength(at: -1))
            for k in 1...max(tagCount, 1) where tagCount > 0 {
                lua.rawGet(index: k, inTableAt: -1)
                if let tag = lua.string(at: -1) { tags.append(tag) }
                lua.pop()
            }
            lua.pop()
            lua.rawGet(field: "pending", inTableAt: -1)
            let isPending = lua.boolean(at: -1)
            lua.pop()
            result.append(CollectedTest(index: i, name: field("name"), fullName: field("full_name"),
                                        location: field("where"), tags: tags, isPending: isPending))
            lua.pop()
        }
        return result
    }

    /// Tells the prelude which tests will run, in order (for setup/teardown placement).
    public func plan(_ order: [Int]) throws {
        spec.push()
        lua.rawGet(field: "plan", inTableAt: -1)
        LuaValue.array(order.map { .integer(Int64($0)) }).push(onto: lua)
        try lua.call(argumentCount: 1, resultCount: 0)
        lua.pop()
    }

    /// A coroutine that runs test `index` (setups, hooks, body) when resumed with one
    /// argument, already pushed.
    public func makeTestThread(index: Int) -> LuaThread {
        checkOwner()
        spec.push()
        lua.rawGet(field: "run_test", inTableAt: -1)
        lua.remove(at: -2)
        let thread = LuaThread(state: lua)
        thread.push(.integer(Int64(index)))
        return thread
    }
}

/// One test a spec file declared.
public struct CollectedTest: Equatable, Sendable {
    public var index: Int
    public var name: String
    public var fullName: String
    /// `file:line` of the `it`.
    public var location: String
    public var tags: [String]
    public var isPending: Bool
}

/// Limits a host enforces on guest code (SPEC §13).
public struct ScriptLimits: Equatable, Sendable {
    public var instructionBudget: Int64
    public var memoryCapBytes: Int
    /// CPU seconds one job run in virtual time (a test, a file's top level, a script) may use
    /// before the watchdog stops it; 0 = no watchdog (live evals, which have `cancel`).
    public var cpuSecondsPerJob: Double
    /// Whether every instruction is counted against the budget (exact), or guest code runs
    /// without the count hook and the CPU watchdog stops a runaway (needs `cpuSecondsPerJob`;
    /// without it instructions are always counted).
    public var countsInstructions: Bool
    public init(instructionBudget: Int64, memoryCapBytes: Int, cpuSecondsPerJob: Double = 0, countsInstructions: Bool = true) {
        self.instructionBudget = instructionBudget
        self.memoryCapBytes = memoryCapBytes
        self.cpuSecondsPerJob = cpuSecondsPerJob
        self.countsInstructions = countsInstructions
    }
}

/// What a script asked for with `detent.world{device=, orientation=, config=}`.
public struct WorldRequest: Equatable, Sendable {
    public var device: String?
    public var orientation: String?
    /// Overrides of `config/engine.toml` sections for this world only (`config = {drawer = {...}}`).
    public var config: ConfigValue?
    public init(device: String? = nil, orientation: String? = nil, config: ConfigValue? = nil) {
        self.device = device
        self.orientation = orientation
        self.config = config
    }
}

extension ScriptHost {
    /// Whether `text` matches the Lua pattern `pattern` (as busted's --filter does).
    /// Throws for a malformed pattern.
    public func matches(_ text: String, pattern: String) throws -> Bool {
        if patternMatcher == nil {
            try lua.load("return function(s, p) return string.find(s, p) ~= nil end", chunkName: "=(detent filter)")
            try lua.call(argumentCount: 0, resultCount: 1)
            patternMatcher = lua.ref()
        }
        do {
            return try lua.callPredicate(patternMatcher!, arguments: [.string(text), .string(pattern)])
        } catch let error as LuaError {
            throw LuaRaise(error.message.replacingOccurrences(of: "(detent filter):1: ", with: ""), withLocation: false)
        }
    }
}
