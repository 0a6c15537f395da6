import DetentDaemonClient
import FoundationEssentials
import Logging
import DetentRuntime
import DetentScripting
import NIOConcurrencyHelpers
import Dispatch
import DetentJSON
import DetentConfig

/// Where the daemon reads its plugins (SPEC §12): `scripts/plugins` and the folders of
/// `[plugins] paths` (config/runner.toml, read again by `reload`), then each `--plugins DIR`;
/// relative folders against `base`, the daemon's working directory.
public struct PluginOrigin: Sendable {
    public var folders: [String]
    public var base: String

    public init(folders: [String] = [], base: String = FileManager.default.currentDirectoryPath) {
        self.folders = folders
        self.base = base
    }
}

/// `reload` and `plugins` (docs/protocol.md): the daemon's plugin set, read at start and
/// again on `reload`. The set lives in the registry; sessions and runs copy it when they are
/// created, so a reload never changes a world that is already running.
extension Daemon {
    /// Reads the plugin files and loads them against `previous` (see `PluginSet.reloaded`).
    static func loadPlugins(_ origin: PluginOrigin?, configuration: DetentConfiguration, config: DaemonConfiguration,
                            previous: PluginSet) throws -> PluginSet {
        guard let origin else { return PluginSet() }
        let sources = try PluginDiscovery.sources(defaultFolder: configuration.run.pluginFolder,
                                                  folders: configuration.run.pluginPaths + origin.folders, base: origin.base)
        // Plugins are guest code: they load under the limits of a run.
        let settings = try SessionSettings(configuration: configuration,
                                           limits: ScriptLimits(instructionBudget: config.runInstructionBudget,
                                                                memoryCapBytes: config.runMemoryCapBytes),
                                           luaSetup: configuration.luaSetup(defaultLibrary: .sandboxed, displayBase: origin.base))
        return try previous.reloaded(sources, settings: settings)
    }

    /// Logs what changed from `previous` to `next`: failures as errors, the rest as notices.
    static func log(_ next: PluginSet, previous: PluginSet, logger: Logger) {
        for plugin in next.plugins where !previous.plugins.contains(plugin) {
            logger.notice("plugin loaded", metadata: ["plugin": "\(plugin.record.name)", "version": "\(plugin.record.version)",
                                                      "file": "\(plugin.record.file)"])
        }
        for failure in next.failures {
            let kept = next.plugins.first { $0.record.file == failure.file }
            let stays = kept.map { "; version \($0.record.version) of '\($0.record.name)' stays active" } ?? ""
            logger.error("plugin failed to load: \(failure.message)\(stays)")
        }
        for name in previous.removed(in: next) {
            logger.notice("plugin removed", metadata: ["plugin": "\(name)"])
        }
    }

    /// Re-reads config/ and the plugin files for the sessions and runs started from now on.
    /// Off the event loop (plugins run Lua), one reload at a time.
    func reload(reply: @escaping Daemon.Reply) {
        reloads.async { [self] in
            let configuration: DetentConfiguration
            let previous = registry.withLockedValue { $0.plugins }
            let next: PluginSet
            do {
                configuration = try DetentConfiguration.load(configLocation)
                next = try Daemon.loadPlugins(pluginOrigin, configuration: configuration, config: config, previous: previous)
            } catch {
                reply(.failure(Daemon.usage("reload failed, the previous config and plugins stay: \(error)")))
                return
            }
            registry.withLockedValue { r in
                r.configuration = configuration
                r.plugins = next
            }
            Daemon.log(next, previous: previous, logger: logger)
            let reloaded: [JSONValue] = pluginOrigin == nil ? [.string("config")] : [.string("config"), .string("plugins")]
            reply(.success(.object([("reloaded", .array(reloaded))] + Daemon.report(next)
                                   + [("removed", .array(previous.removed(in: next).map { .string($0) }))])))
        }
    }

    /// The plugins sessions and runs started now get.
    func plugins() -> JSONValue {
        return .object(Daemon.report(registry.withLockedValue { $0.plugins }))
    }

    /// `loaded`, `failed` and `kept_previous` of a plugin set, as `plugins` and `reload` answer.
    static func report(_ set: PluginSet) -> [(String, JSONValue)] {
        let loaded: [JSONValue] = set.plugins.map(\.record.json)
        let failed: [JSONValue] = set.failures.map { failure in
            var fields: [(String, JSONValue)] = [("file", .string(failure.file))]
            if let line = line(of: failure) { fields.append(("line", .int(line))) }
            fields.append(("message", .string(failure.message)))
            return .object(fields)
        }
        return [("loaded", .array(loaded)), ("failed", .array(failed)), ("kept_previous", .array(set.keptPrevious.map { .string($0) }))]
    }

    /// The line a failure's message names after its file ("file:12: …"), if any.
    static func line(of failure: PluginLoadError) -> Int64? {
        guard failure.message.hasPrefix(failure.file + ":") else { return nil }
        let rest = failure.message.dropFirst(failure.file.count + 1)
        return Int64(rest.prefix { $0.isNumber })
    }
}
