import DetentScripting

/// Loads the plugins once, in a state of their own, before a run: those that fail are
/// reported once as load errors (not once per spec file) and are not loaded again; the
/// sessions of the run load the others fresh.
public enum PluginProbe {
    /// `settings` with `plugins` = the sources that loaded and `pluginFailures` = the rest.
    public static func check(_ sources: [PluginSource], settings: SessionSettings) throws -> SessionSettings {
        guard !sources.isEmpty else { return settings }
        var probing = settings
        probing.plugins = []
        let session = try Session.make(settings: probing, label: "detent.plugins")
        let (loaded, failures) = session.sync { $0.host.loadPlugins(sources) }
        var checked = settings
        let failedFiles = Set(failures.map(\.file))
        checked.plugins = sources.filter { !failedFiles.contains($0.path) }
        checked.pluginFailures = failures
        checked.pluginCurveNames = Set(loaded.flatMap { $0.registered["curve"] ?? [] })
        return checked
    }

    /// What `detent plugins` shows: every plugin found, loaded in a fresh state.
    public static func inspect(_ sources: [PluginSource], settings: SessionSettings) throws -> (loaded: [PluginRecord], failed: [PluginLoadError]) {
        var probing = settings
        probing.plugins = []
        let session = try Session.make(settings: probing, label: "detent.plugins")
        return session.sync { $0.host.loadPlugins(sources) }
    }
}
