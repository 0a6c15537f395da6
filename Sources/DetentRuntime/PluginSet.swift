import DetentScripting

/// The plugins a long-running process offers the sessions it creates (SPEC §12, the daemon's
/// `reload`). A value: a session copies the set when it is created and keeps that copy, so a
/// reload changes what later sessions load and never what a running one has.
///
/// A reload goes plugin by plugin: one that loads replaces its previous version (matched by
/// name); one that fails keeps its previous version active when its file had one (matched by
/// file, since a file that fails has no name to go by), and the error is kept for the caller;
/// new files add plugins; files that are gone take their plugins with them.
public struct PluginSet: Sendable, Equatable {
    /// A plugin that loads: its file as read and what it registered.
    public struct Plugin: Sendable, Equatable {
        public var source: PluginSource
        public var record: PluginRecord
    }

    /// The active plugins, in load order.
    public private(set) var plugins: [Plugin] = []
    /// The files that failed at the last read, including those whose previous version stays.
    public private(set) var failures: [PluginLoadError] = []
    /// Names of the plugins whose file failed at the last read and whose previous version stays.
    public private(set) var keptPrevious: [String] = []

    public init() {}

    /// Loads `sources` in throwaway states (the settings' limits apply) and keeps those that load.
    public static func load(_ sources: [PluginSource], settings: SessionSettings) throws -> PluginSet {
        try PluginSet().reloaded(sources, settings: settings)
    }

    /// `settings` loading this set's plugins. A failed file is a load error of a run only
    /// when no earlier version stands in for it.
    public func applied(to settings: SessionSettings) -> SessionSettings {
        var applied = settings
        (applied.plugins, applied.pluginCurveNames, applied.pluginFailures) = forSessions
        return applied
    }

    /// What a session made now loads of this set: the plugins' sources, the curve names they
    /// register, and the failures it reports.
    public var forSessions: (plugins: [PluginSource], curveNames: Set<String>, failures: [PluginLoadError]) {
        // Every file that fails now is a load error of the run (exit 2), so CI notices a
        // broken edit even while its previous version keeps the daemon's worlds working.
        let active = Set(plugins.map(\.record.file))
        let failures = failures.map { failure in
            guard active.contains(failure.file) else { return failure }
            return PluginLoadError(file: failure.file, message: failure.message + " (its previous version stays active)")
        }
        return (plugins.map(\.source), Set(plugins.flatMap { $0.record.registered["curve"] ?? [] }), failures)
    }

    /// The names of this set's plugins that `newer` no longer has.
    public func removed(in newer: PluginSet) -> [String] {
        let kept = Set(newer.plugins.map(\.record.name))
        return plugins.map(\.record.name).filter { !kept.contains($0) }
    }

    /// The set after reading `sources` again (see the type's comment).
    ///
    /// The files are first loaded as they are now. When some fail, the set to offer is the
    /// new versions that loaded plus the previous versions of the failed files, loaded once
    /// more together: a previous version may clash with a new plugin (a name both register).
    /// A new version that fails only in that company falls back to its previous version too;
    /// a previous version that fails is dropped. Each round settles at least one file, so
    /// this ends after at most one round per file.
    /// - Complexity: one load of every file, plus one per round when a file fails.
    public func reloaded(_ sources: [PluginSource], settings: SessionSettings) throws -> PluginSet {
        guard !sources.isEmpty else { return PluginSet() }
        let fresh = try PluginProbe.inspect(sources, settings: settings)
        var failures = fresh.failed
        let freshFiles = Dictionary(fresh.loaded.map { ($0.name, $0.file) }, uniquingKeysWith: { first, _ in first })
        let failedFiles = Set(fresh.failed.map(\.file))
        // The previous version of a failed file, unless a plugin of another file took its name.
        func previous(of file: String) -> Plugin? {
            plugins.first { $0.record.file == file && (freshFiles[$0.record.name] ?? file) == file }
        }

        var candidates: [(source: PluginSource, isPrevious: Bool)] = []
        for source in sources {
            if !failedFiles.contains(source.path) {
                candidates.append((source, false))
            } else if let old = previous(of: source.path) {
                candidates.append((old.source, true))
            }
        }
        var loaded = fresh.loaded
        if !failures.isEmpty {
            for _ in 0...sources.count {
                let together = try PluginProbe.inspect(candidates.map(\.source), settings: settings)
                loaded = together.loaded
                guard !together.failed.isEmpty else { break }
                for failure in together.failed {
                    guard let index = candidates.firstIndex(where: { $0.source.path == failure.file }) else { continue }
                    if !candidates[index].isPrevious {
                        failures.append(failure)
                    }
                    if !candidates[index].isPrevious, let old = previous(of: failure.file) {
                        candidates[index] = (old.source, true)
                    } else {
                        candidates.remove(at: index)
                    }
                }
            }
        }

        let records = Dictionary(loaded.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        var next = PluginSet()
        for candidate in candidates {
            guard let record = records[candidate.source.path] else { continue }
            next.plugins.append(Plugin(source: candidate.source, record: record))
            if candidate.isPrevious { next.keptPrevious.append(record.name) }
        }
        let order = Dictionary(sources.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        next.failures = failures.enumerated()
            .sorted { (order[$0.element.file] ?? 0, $0.offset) < (order[$1.element.file] ?? 0, $1.offset) }
            .map(\.element)
        return next
    }
}
