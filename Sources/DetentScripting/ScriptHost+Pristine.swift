import DetentLua
import DetentMotion
import DetentRelease
import DetentWorld

/// What a host's Swift side holds that a spec file can change — registries plugins (and
/// scripts) add to, the engine defaults of the last world — as it was when the pristine
/// snapshot was taken.
struct PristineHostState {
    var pluginCurves: [String: TimingCurve]
    var pluginCurveOwners: [String: String]
    var components: ComponentRegistry
    var declaredEvents: Set<String>
    var releasePolicies: ReleasePolicies
    var loadedPlugins: [PluginRecord]
    var failedPlugins: [PluginLoadError]
    var engineDefaults: EngineDefaults
}

extension ScriptHost {
    /// Records this host as it is now — its Lua state (LuaState.takePristineSnapshot, from the
    /// globals, the prelude's modules and environment) and its Swift registries — so that
    /// `restorePristine()` can put it back and another spec file can run in the same state as
    /// if it were new (issue 16 §3). Call it once the host is built and its plugins loaded,
    /// before any scenario code runs. Returns what was recorded in Lua.
    @discardableResult
    public func takePristineSnapshot() throws -> PristineSnapshotSize {
        checkOwner()
        pristine = PristineHostState(pluginCurves: pluginCurves, pluginCurveOwners: pluginCurveOwners, components: components,
                                     declaredEvents: declaredEvents, releasePolicies: releasePolicies, loadedPlugins: loadedPlugins, failedPlugins: failedPlugins,
                                     engineDefaults: engineDefaults)
        return try lua.takePristineSnapshot(roots: [hostTableRef, preludeEnvironmentRef, spec, pluginModule, reseed])
    }

    /// Whether `restorePristine()` can be called.
    public var hasPristineSnapshot: Bool { pristine != nil }

    /// Ends what the last spec file left (its world, handles, spawned tasks) and puts the Lua
    /// state and the Swift registries back as `takePristineSnapshot()` recorded them: globals,
    /// library tables, the string metatable, the prelude's tables and upvalues (assert, spy,
    /// registered matchers and assertions, `require`'s cache, the collected tests).
    public func restorePristine() throws {
        checkOwner()
        guard let pristine else { preconditionFailure("restorePristine() needs takePristineSnapshot() first") }
        endTest()
        pluginCurves = pristine.pluginCurves
        pluginCurveOwners = pristine.pluginCurveOwners
        components = pristine.components
        declaredEvents = pristine.declaredEvents
        releasePolicies = pristine.releasePolicies
        loadedPlugins = pristine.loadedPlugins
        failedPlugins = pristine.failedPlugins
        engineDefaults = pristine.engineDefaults
        loadingPlugin = nil
        output = { _ in }
        try lua.restorePristine()
    }
}
