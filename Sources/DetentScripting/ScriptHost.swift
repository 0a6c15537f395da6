import DetentPlatform
import Dispatch
import FoundationEssentials
import DetentAdaptive
import DetentDrawer
import DetentSheet
import DetentLua
import DetentMotion
import DetentRelease
import DetentNavigation
import DetentWorld

/// One Lua state prepared for scenario code (SPEC §9, §13): the standard library its
/// `LuaSetup` gives (full, or the safe set of the sandbox), the prelude (assertions,
/// structure, waiting), the engine bindings, a virtual `os.clock`/`os.time`, a seeded
/// `math.random`, `print` routed to the reporter, and `require` over the project's search
/// paths. Each spec file gets its own host.
public final class ScriptHost {
    public let lua: LuaState
    /// The standard library and where `require` looks; nil: the sandbox, without `require`
    /// (tools that only evaluate the API).
    public let luaSetup: LuaSetup?
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
    /// The numbers engines created by scripts start from (config/engine.toml: `[motion]` for
    /// `detent.motion`, and each registered engine's section), as the current world set them.
    public var engineDefaults = EngineDefaults()
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
    /// Event names plugins and the running file declared (`detent.event`): for the file.
    var declaredEvents: Set<String> = []
    /// Event names the running test emitted itself (`world:emit`): for the test.
    var emittedEvents: Set<String> = []
    /// The describe block whose body is running (spec_run.lua's `enter`), or nil.
    var collectingBlock: String?
    /// The block's own hook running (setup, teardown, …) and its block's name, or nil.
    var blockHook: (name: String, block: String)?
    var patternMatcher: LuaRef?
    /// The private host table and the prelude's environment (roots of the pristine snapshot).
    var hostTableRef: LuaRef!
    var preludeEnvironmentRef: LuaRef!
    /// The Swift half of the pristine snapshot (ScriptHost+Pristine), once taken.
    var pristine: PristineHostState?

    /// The serial queue that owns this host, its Lua state and its worlds (SPEC §1), if any;
    /// entry points check it.
    public let owner: DispatchQueue?

    public init(limits: ScriptLimits, luaSetup: LuaSetup?, owner: DispatchQueue? = nil, output: @escaping (String) -> Void,
                worldFactory: @escaping (WorldRequest) throws -> WorldSetup) throws {
        if let owner { dispatchPrecondition(condition: .onQueue(owner)) }
        self.owner = owner
        lua = LuaState(libraries: luaSetup?.standardLibrary == .full ? .standard : .safe)
        lua.instructionBudget = limits.instructionBudget
        lua.memoryCap = limits.memoryCapBytes
        lua.cpuTimeLimit = limits.cpuSecondsPerJob
        lua.countsInstructions = limits.countsInstructions
        self.luaSetup = luaSetup
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
        // host.search_path(name, path), host.load_source(filename): require's Lua searcher.
        lua.setFunction("search_path") { call in try ModuleSearch.searchPath(call) }
        lua.setFunction("load_source") { [unowned self] call in
            try ModuleSearch.loadSource(call, displayBase: luaSetup?.displayBase)
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
        // Made here, so that setting it while a describe body runs adds no key to the table.
        lua.push(false)
        lua.rawSet(field: "in_describe_body", inTableAt: -2)
        // Names built into Detent, which no plugin may register again.
        lua.push(.array(CubicBezier.curveNames.map { .string($0) }))
        lua.rawSet(field: "builtin_curves", inTableAt: -2)
        lua.push(.array(releasePolicies.names.map { .string($0) }))
        lua.rawSet(field: "builtin_policies", inTableAt: -2)
        // The range `argument(value, "seconds", …)` accepts, for the wait verbs' check of a
        // good value without the host call (waiting.lua).
        lua.push(.array([.number(NumberRule.seconds.range.lowerBound), .number(NumberRule.seconds.range.upperBound)]))
        lua.rawSet(field: "seconds_range", inTableAt: -2)
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
        lua.setWaitPermission("can_wait")
        lua.setFunction("fail") { call in
            throw LuaRaise(call.type(at: 1) == .string ? try call.string(1) : "(error object is a \(call.typeName(at: 1)) value)")
        }
        // host.argument(value, rule, verb, position?, field?): as host.number, with messages
        // in the API's own form — "bad argument #1 to 'wait' (…)", or "(field 'timeout': …)".
        lua.setFunction("argument") { call in
            let rule = NumberRule.named[try call.string(2)] ?? .finite
            // A good value is handed back at once (every `wait` passes here): only a bad one
            // pays for the words of its message.
            if call.type(at: 1) == .number, let value = call.numberValue(at: 1), rule.accepts(value) {
                call.push(value)
                return 1
            }
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
        // host.check_options(opts, allowed, verb, position): refuses a string key of the options
        // table `opts` that is not in the list `allowed`, naming the nearest allowed ones —
        // "bad argument #2 to 'flick' (unknown field 'speed'; expected one of: velocity, distance)".
        lua.setFunction("check_options") { call in
            let options = try call.table(1)
            let allowed = try call.table(2).stringArray()
            let verb = try call.string(3)
            let position = try call.int(4, "position", .index)
            for key in options.keys() where !allowed.contains(key) {
                throw LuaRaise(NameSuggestion.unknownField(key, allowed: allowed, argument: "bad argument #\(position) to '\(verb)'"))
            }
            return 0
        }
        // host.collecting(name): a describe body called `name` starts (nil: it ended).
        // host.collecting(): the error for what needs a running test while one runs, or nil.
        lua.setFunction("collecting") { [unowned self] call in
            if call.argumentCount == 0 {
                if let refusal = collectingRefusal { call.push(refusal) } else { call.pushNil() }
                return 1
            }
            collectingBlock = try call.optionalString(1)
            return 0
        }
        // host.block_hook(name, block): a block's own hook starts (nil: it ended).
        lua.setFunction("block_hook") { [unowned self] call in
            if let name = try call.optionalString(1) { blockHook = (name, try call.string(2)) } else { blockHook = nil }
            return 0
        }
        // host.check_event(name, verb): refuses an event name nothing emits (NameChecks).
        lua.setFunction("check_event") { [unowned self] call in
            try checkEventName(try call.string(1), in: world, what: try call.string(2))
            return 0
        }
        // host.check_watch(names, verb): refuses a watched property name nothing could have.
        lua.setFunction("check_watch") { [unowned self] call in
            try checkWatchedNames(try call.table(1).stringArray(), verb: try call.string(2))
            return 0
        }
        // host.name_hint(name, candidates): "did you mean x? " for the nearest candidates, or "".
        lua.setFunction("name_hint") { call in
            call.push(NameSuggestion.hint(try call.string(1), among: try call.table(2).stringArray()))
            return 1
        }
        // host.declare_event(name): a plugin's `event(name)`.
        lua.setFunction("declare_event") { [unowned self] call in
            try declareEvent(try call.string(1))
            return 0
        }
        TouchBinding.install(into: lua, host: self)
        let hostTable = lua.ref()

        // The prelude's own view of the globals (prelude_env.lua): a snapshot of the sandbox's,
        // so a spec that clobbers `ipairs` or `describe` cannot break the runner's own code.
        try Prelude.load("prelude_env", into: lua)
        try lua.call(argumentCount: 0, resultCount: 1)
        let preludeEnvironment = lua.ref()
        hostTableRef = hostTable
        preludeEnvironmentRef = preludeEnvironment

        var modules: [String: LuaRef] = [:]
        for (name, _) in Prelude.files {
            try Prelude.load(name, into: lua)
            preludeEnvironment.push()
            lua.setEnvironmentOfFunction(at: -2)
            hostTable.push()
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
        // os.clock reads the virtual clock (SPEC §13). Sandboxed, os is the virtual clock alone;
        // with the full library the rest of Lua's os stays and sandbox.lua makes os.time() and
        // os.date read os.clock.
        let full = luaSetup?.standardLibrary == .full
        if full {
            lua.getGlobal("os")
        } else {
            lua.newTable()
            lua.setFunction("time") { [unowned self] call in
                guard call.isNoneOrNil(1) else {
                    throw LuaRaise("os.time(table) is not available in Detent's sandbox (virtual time has no calendar)")
                }
                call.push(Int64((world?.seconds ?? 0).rounded(.down)))
                return 1
            }
            lua.setFunction("difftime") { call in
                call.push(try call.number(1) - (try call.optionalNumber(2) ?? 0))
                return 1
            }
        }
        lua.setFunction("clock") { [unowned self] call in
            call.push(world?.seconds ?? 0)
            return 1
        }
        if full { lua.pop() } else { lua.setGlobal("os") }
        // print, require, math.randomseed and the reseed before each test (sandbox.lua).
        try Prelude.load("sandbox", into: lua)
        hostTable.push()
        lua.push(.record([("full", .boolean(full)), ("path", .string((luaSetup?.path ?? []).joined(separator: ";"))),
                          ("cpath", .string((luaSetup?.cpath ?? []).joined(separator: ";"))),
                          ("arguments", .array(ProcessArguments.current.map { .string($0) }))]))
        try lua.call(argumentCount: 2, resultCount: 1)
        reseed = lua.ref()
    }

    var reseed: LuaRef!

    /// Seeds `math.random` (before each test, from the run seed and the test's name).
    public func seedRandom(_ seed: Int64) {
        try? lua.call(reseed, arguments: [.integer(seed)])
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
            patternMatcher = try LuaPattern.loadMatcher(into: lua)
        }
        return try LuaPattern.matches(text, pattern, with: patternMatcher!, in: lua)
    }
}
