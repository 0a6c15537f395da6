import DetentLua
import DetentMotion
import DetentRelease
import DetentWorld

/// Plugins in a script host (SPEC §12): loading, the registries the host keeps in Swift
/// (policies, curves), and the per-test hooks (invariants, event handlers). The Lua half is
/// `plugins.lua`.
extension ScriptHost {
    /// Registry kinds, in the order `detent plugins` lists them.
    public static let pluginKinds = ["policy", "curve", "gesture", "assertion", "handler", "invariant", "component"]

    /// Loads `sources` in order, each as guest code under the state's limits. A plugin that
    /// fails leaves nothing registered and the others load; the failures are returned (and
    /// kept, so an unknown name can mention them).
    @discardableResult
    public func loadPlugins(_ sources: [PluginSource]) -> (loaded: [PluginRecord], failed: [PluginLoadError]) {
        checkOwner()
        var loaded: [PluginRecord] = []
        var failed: [PluginLoadError] = []
        let base = lua.top
        for source in sources {
            loadingPlugin = source
            defer { loadingPlugin = nil }
            lua.resetLimits()
            do {
                pluginModule.push()
                lua.rawGet(field: "install", inTableAt: -1)
                lua.remove(at: -2)
                try lua.load(trustedBytecode: try PluginBytecode.shared.bytecode(for: source), chunkName: source.path)
                lua.push(source.path)
                lua.push(source.text)
                try lua.call(argumentCount: 3, resultCount: 1)
                loaded.append(readRecord())
                lua.pop()
            } catch let error as LuaError {
                lua.top = base
                failed.append(PluginLoadError(file: source.path, message: pluginErrorMessage(error, file: source.path)))
            } catch {
                lua.top = base
                failed.append(PluginLoadError(file: source.path, message: "\(source.path): \(error)"))
            }
        }
        lua.resetLimits()
        loadedPlugins += loaded
        failedPlugins += failed
        return (loaded, failed)
    }

    /// "file:line: message" for a plugin's error: a syntax error and a runtime error carry
    /// their location; a limit names where it stopped the plugin.
    private func pluginErrorMessage(_ error: LuaError, file: String) -> String {
        switch error {
        case _ where error.isLimit:
            let at = lua.killLocation ?? error.scriptFrame.map { "\($0.file):\($0.line)" } ?? file
            return "\(at): plugin stopped: \(error.message)"
        default:
            let message = error.message
            return message.hasPrefix(file + ":") ? message : "\(file): \(message)"
        }
    }

    /// The record `plugins.install` returned, on top of the stack.
    private func readRecord() -> PluginRecord {
        func field(_ key: String) -> String {
            lua.rawGet(field: key, inTableAt: -1)
            defer { lua.pop() }
            return lua.string(at: -1) ?? ""
        }
        // The strings of the list on top of the stack, which is popped.
        func strings() -> [String] {
            var names: [String] = []
            let count = lua.rawLength(at: -1)
            for i in stride(from: 1, through: count, by: 1) {
                lua.rawGet(index: i, inTableAt: -1)
                if let name = lua.string(at: -1) { names.append(name) }
                lua.pop()
            }
            lua.pop()
            return names
        }
        var registered: [String: [String]] = [:]
        lua.rawGet(field: "registered", inTableAt: -1)
        for kind in ScriptHost.pluginKinds {
            lua.rawGet(field: kind, inTableAt: -1)
            registered[kind] = strings()
        }
        lua.pop()
        var invariantTags: [String: [String]] = [:]
        lua.rawGet(field: "invariant_tags", inTableAt: -1)
        for name in registered["invariant"] ?? [] {
            lua.rawGet(field: name, inTableAt: -1)
            invariantTags[name] = strings()
        }
        lua.pop()
        return PluginRecord(name: field("name"), version: field("version"), file: field("file"), registered: registered,
                            invariantTags: invariantTags)
    }

    /// The sentence an unknown name's error ends with when a plugin failed to load: the name
    /// may have been that plugin's. Empty when every plugin loaded.
    public func failedPluginsNote(kind: String, name: String) -> String {
        guard !failedPlugins.isEmpty else { return "" }
        let which = failedPlugins.map { "\($0.file) (\($0.message))" }.joined(separator: "; ")
        return " — a plugin failed to load and may have registered \(kind) '\(name)': \(which)"
    }

    // MARK: Registries kept in Swift

    /// host.register_curve(name, "bezier" | "samples", values, plugin).
    func registerCurve(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        let kind = try call.string(2)
        try call.checkType(3, .table)
        let count = call.rawLength(at: 3)
        var values: [Double] = []
        for i in stride(from: 1, through: min(count, SampledCurve.defaultCount), by: 1) {
            call.rawGet(index: i, inTableAt: 3)
            values.append(call.numberValue(at: -1) ?? .nan)
            call.pop()
        }
        switch kind {
        case "bezier":
            guard count == 4, values.allSatisfy(\.isFinite) else {
                throw LuaRaise("register_curve: '\(name)' needs a function(progress) or four control points {x1, y1, x2, y2}")
            }
            if let problem = CubicBezier.validationError(values[0], values[1], values[2], values[3]) {
                throw LuaRaise("register_curve: '\(name)': \(problem)")
            }
            pluginCurves[name] = .bezier(CubicBezier(values[0], values[1], values[2], values[3]))
        default:
            guard let curve = SampledCurve(samples: values) else {
                throw LuaRaise("register_curve: '\(name)' returned a value that is not a finite number")
            }
            pluginCurves[name] = .sampled(curve)
            if let source = loadingPlugin {
                SampledCurveCache.shared.store(.sampled(curve), for: source, name: name)
            }
        }
        pluginCurveOwners[name] = try call.string(4)
        return 0
    }

    /// host.reuse_curve(name, plugin) → true when this plugin file's function curve `name` was
    /// sampled already in this process (and is now registered from those samples).
    func reuseCurve(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        guard let source = loadingPlugin, let curve = SampledCurveCache.shared.curve(for: source, name: name) else {
            call.push(false)
            return 1
        }
        pluginCurves[name] = curve
        pluginCurveOwners[name] = try call.string(2)
        call.push(true)
        return 1
    }

    /// host.register_policy(name, fn, plugin): into the registry the drawer and the sheet
    /// resolve policy names in (`releasePolicies`), beside the built-ins.
    func registerPolicy(_ call: LuaCall) throws -> Int32 {
        let name = try call.string(1)
        try call.checkType(2, .function)
        let policy = DrawerBinding.luaFunctionPolicy(call.ref(2), name: name, host: self)
        do { try releasePolicies.register(policy, owner: try call.string(3)) } catch let error as ReleasePolicyError {
            throw LuaRaise("register_policy: \(error.description)")
        }
        return 0
    }

    /// host.forget_plugin(plugin): drops what a plugin that failed had registered here.
    func forgetPlugin(_ call: LuaCall) throws -> Int32 {
        let plugin = try call.string(1)
        for (name, owner) in pluginCurveOwners where owner == plugin {
            pluginCurves[name] = nil
            pluginCurveOwners[name] = nil
        }
        releasePolicies.unregisterAll(ownedBy: plugin)
        components.forget(plugin: plugin)
        return 0
    }

    /// The timing curve called `name`: a built-in, then a plugin's. Unknown names list both.
    public func timingCurve(named name: String) throws -> TimingCurve {
        if let curve = CubicBezier.named(name) { return .bezier(curve) }
        if let curve = pluginCurves[name] { return curve }
        let fromPlugins = pluginCurves.isEmpty ? "" : "; from plugins: " + pluginCurves.keys.sorted().joined(separator: ", ")
        let hint = NameSuggestion.hint(name, among: CubicBezier.curveNames + pluginCurves.keys.sorted())
        throw LuaRaise("unknown curve '\(name)' (\(hint)expected one of: \(CubicBezier.curveNames.joined(separator: ", "))\(fromPlugins))"
                       + failedPluginsNote(kind: "curve", name: name))
    }

    // MARK: Per test

    /// Before a test: its tags decide which invariants apply, and every invariant is on again.
    public func beginPluginTest(tags: [String]) {
        invariantsApply = false
        guard !loadedPlugins.isEmpty else { return }
        pluginModule.push()
        lua.rawGet(field: "begin_test", inTableAt: -1)
        lua.remove(at: -2)
        LuaValue.array(tags.map { .string($0) }).push(onto: lua)
        guard (try? lua.call(argumentCount: 1, resultCount: 1)) != nil else { return }
        invariantsApply = lua.boolean(at: -1)
        lua.pop()
    }

    /// Runs the invariants that apply to the running test on the current world, as guest
    /// code; nil, or the first violation's message. A limit reached inside one is thrown.
    public func checkInvariants() throws -> String? {
        guard let world else { return nil }
        pluginModule.push()
        lua.rawGet(field: "check", inTableAt: -1)
        lua.remove(at: -2)
        lua.pushHandle(world, className: WorldBinding.className)
        try lua.call(argumentCount: 1, resultCount: 1)
        defer { lua.pop() }
        return lua.string(at: -1)
    }

    /// Gives a new world the plugins' event handlers.
    func attachPluginHandlers(to world: World) {
        guard loadedPlugins.contains(where: { !($0.registered["handler"] ?? []).isEmpty }) else { return }
        pluginModule.push()
        lua.rawGet(field: "attach", inTableAt: -1)
        lua.remove(at: -2)
        lua.pushHandle(world, className: WorldBinding.className)
        do { try lua.call(argumentCount: 1, resultCount: 0) } catch let error as LuaError { handlerErrors.append(error) } catch {}
    }
}
