import DetentDaemonClient
import DetentLua
import DetentRuntime
import DetentScripting
import FoundationEssentials
import Logging
import DetentJSON
import DetentConfig

/// What a live session's worker process needs to set itself up (`detent __worker
/// daemon-session` reads it as the first line on its pipe): the session's name, where the
/// daemon's configuration is read from (its `[live]` limits and device), the folder paths are
/// shown from, and the plugins the daemon had loaded when the session was opened.
struct SessionWorkerSetup {
    var name: String
    var location: ConfigLocation
    /// The daemon's folder: chunk names and module paths are shown against it.
    var displayBase: String
    var plugins: [PluginSource]
    var pluginCurveNames: [String]
    var pluginFailures: [PluginLoadError]
    /// The Unix socket the worker listens on for connections attached to the session (nil:
    /// none; `session/attach` then says so).
    var listen: String?

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("setup", .string("daemon-session")), ("name", .string(name)), ("location", WorkerSetupFields.json(location)),
                 ("display_base", .string(displayBase)), ("plugins", WorkerSetupFields.json(plugins)),
                 ("plugin_curves", .array(pluginCurveNames.map { .string($0) })),
                 ("plugin_failures", .array(pluginFailures.map { .object([("file", .string($0.file)), ("message", .string($0.message))]) }))]
        if let listen { fields.append(("listen", .string(listen))) }
        return .object(fields)
    }

    init(name: String, location: ConfigLocation, displayBase: String, plugins: PluginSet, listen: String?) {
        self.name = name
        self.listen = listen
        self.location = location
        self.displayBase = displayBase
        let loaded = plugins.forSessions
        self.plugins = loaded.plugins
        pluginCurveNames = loaded.curveNames.sorted()
        pluginFailures = loaded.failures
    }

    init(_ value: JSONValue) throws {
        guard value["setup"]?.stringValue == "daemon-session", let name = value["name"]?.stringValue,
              let displayBase = value["display_base"]?.stringValue else {
            throw WorkerSetupFields.Malformed(description: "not a daemon-session setup")
        }
        self.name = name
        self.displayBase = displayBase
        listen = value["listen"]?.stringValue
        location = try WorkerSetupFields.location(value["location"])
        plugins = try WorkerSetupFields.plugins(value["plugins"])
        pluginCurveNames = value["plugin_curves"]?.arrayValue?.compactMap(\.stringValue) ?? []
        pluginFailures = (value["plugin_failures"]?.arrayValue ?? []).compactMap { failure in
            guard let file = failure["file"]?.stringValue, let message = failure["message"]?.stringValue else { return nil }
            return PluginLoadError(file: file, message: message)
        }
    }

    /// The live session on its display link, with the daemon's `[live]` limits and device and
    /// the sandboxed standard library (as `runner.toml`'s `[lua]` allows); and the daemon's
    /// settings, which bound the connections attached to it.
    func makeSession(logger: Logger) throws -> (QueueOwned<LiveSession>, DaemonConfiguration) {
        let configuration = try DetentConfiguration.load(location)
        let daemon = configuration.daemon
        var settings = try SessionSettings(configuration: configuration,
                                           limits: ScriptLimits(instructionBudget: daemon.liveInstructionBudget,
                                                                memoryCapBytes: daemon.liveMemoryCapBytes),
                                           luaSetup: configuration.luaSetup(defaultLibrary: .sandboxed, displayBase: displayBase),
                                           device: daemon.liveDevice.isEmpty ? nil : daemon.liveDevice)
        settings.plugins = plugins
        settings.pluginCurveNames = Set(pluginCurveNames)
        settings.pluginFailures = pluginFailures
        let session = try LiveSession.make(settings: settings, label: "detent.live.\(name)")
        session.sync { session in
            session.logger = logger
            session.onHandlerError = { error in logger.warning("event handler failed: \(error.message)") }
        }
        return (session, daemon)
    }
}
