import DetentDaemonClient
import DetentRuntime
import DetentScripting
import FoundationEssentials
import DetentJSON
import DetentConfig
import DetentReports

/// What a worker process of a daemon `run` needs to set itself up as that run's sessions are
/// (`detent __worker daemon-run` reads it as the first line on its pipe): where the daemon's
/// configuration is read from, the run's limits, seed, device and per-file options, and the
/// plugins the daemon has loaded (their text: a later reload does not change a run).
struct DaemonRunSetup {
    var location: ConfigLocation
    /// The folder the client ran from: relative paths and chunk names are shown against it.
    var cwd: String
    /// The daemon's own folder, where `[run] helper` is read from.
    var daemonFolder: String
    var instructionBudget: Int64
    var memoryCapBytes: Int
    var seed: UInt64
    var device: String?
    var options: RunOptions
    var plugins: [PluginSource]
    var pluginCurveNames: [String]

    var json: JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        var fields: [(String, JSONValue)] = [
            ("setup", .string("daemon-run")), ("location", WorkerSetupFields.json(location)), ("cwd", .string(cwd)),
            ("daemon_folder", .string(daemonFolder)), ("instruction_budget", .int(instructionBudget)),
            ("memory_cap_bytes", .int(Int64(memoryCapBytes))), ("seed", .unsigned(seed)),
            ("filter", strings(options.filters)), ("filter_out", strings(options.filtersOut)), ("tags", strings(options.tags)),
            ("exclude_tags", strings(options.excludeTags)), ("list", .bool(options.list)), ("shuffle", .bool(options.shuffle)),
            ("retries", .int(Int64(options.retries))), ("repeat", .int(Int64(options.repeatCount))),
            ("require_assertions", .bool(options.requireAssertions)),
            ("plugins", WorkerSetupFields.json(plugins)),
            ("plugin_curves", strings(pluginCurveNames)),
        ]
        if let device { fields.append(("device", .string(device))) }
        return .object(fields)
    }

    init(location: ConfigLocation, cwd: String, daemonFolder: String, instructionBudget: Int64, memoryCapBytes: Int, seed: UInt64,
         device: String?, options: RunOptions, plugins: [PluginSource], pluginCurveNames: [String]) {
        self.location = location
        self.cwd = cwd
        self.daemonFolder = daemonFolder
        self.instructionBudget = instructionBudget
        self.memoryCapBytes = memoryCapBytes
        self.seed = seed
        self.device = device
        self.options = options
        self.plugins = plugins
        self.pluginCurveNames = pluginCurveNames
    }

    init(_ value: JSONValue) throws {
        func string(_ v: JSONValue?, _ key: String) throws -> String {
            guard let text = v?[key]?.stringValue else { throw WorkerSetupFields.Malformed(description: "daemon-run setup: '\(key)' missing") }
            return text
        }
        func strings(_ key: String) -> [String] { value[key]?.arrayValue?.compactMap(\.stringValue) ?? [] }
        guard value["setup"]?.stringValue == "daemon-run" else {
            throw WorkerSetupFields.Malformed(description: "not a daemon-run setup")
        }
        let location = try WorkerSetupFields.location(value["location"])
        var options = RunOptions()
        options.filters = strings("filter")
        options.filtersOut = strings("filter_out")
        options.tags = strings("tags")
        options.excludeTags = strings("exclude_tags")
        options.list = value["list"]?.boolValue ?? false
        options.shuffle = value["shuffle"]?.boolValue ?? false
        options.retries = Int(value["retries"]?.integer ?? 0)
        options.repeatCount = Int(value["repeat"]?.integer ?? 1)
        options.requireAssertions = value["require_assertions"]?.boolValue ?? false
        let cwd = try string(value, "cwd")
        options.workingDirectory = cwd
        self.init(location: location, cwd: cwd, daemonFolder: try string(value, "daemon_folder"),
                  instructionBudget: value["instruction_budget"]?.integer ?? 0, memoryCapBytes: Int(value["memory_cap_bytes"]?.integer ?? 0),
                  seed: value["seed"]?.unsignedInteger ?? 0, device: value["device"]?.stringValue, options: options,
                  plugins: try WorkerSetupFields.plugins(value["plugins"]),
                  pluginCurveNames: strings("plugin_curves"))
    }

    /// A daemon run's session settings before plugins: the daemon's run limits, the sandbox
    /// (paths shown from `cwd`), and the project's helper read from the daemon's folder. One
    /// recipe for `startRun` in the daemon and for its workers.
    static func baseSettings(configuration: DetentConfiguration, instructionBudget: Int64, memoryCapBytes: Int, cwd: String,
                             daemonFolder: String, seed: UInt64?, device: String?) throws -> SessionSettings {
        var settings = try SessionSettings(configuration: configuration,
                                           limits: ScriptLimits(instructionBudget: instructionBudget, memoryCapBytes: memoryCapBytes),
                                           luaSetup: configuration.luaSetup(defaultLibrary: .sandboxed, displayBase: cwd), seed: seed, device: device)
        try settings.readHelper(base: daemonFolder)
        return settings
    }

    /// The session settings of the run, as `startRun` made them in the daemon.
    func settings(configuration: DetentConfiguration) throws -> SessionSettings {
        var settings = try Self.baseSettings(configuration: configuration, instructionBudget: instructionBudget, memoryCapBytes: memoryCapBytes,
                                             cwd: cwd, daemonFolder: daemonFolder, seed: seed, device: device)
        settings.plugins = plugins
        settings.pluginCurveNames = Set(pluginCurveNames)
        return settings
    }

    /// The runner a worker serves the run's files with (reporting nothing itself).
    func makeRunner(reporter: Reporter) throws -> SpecRunner {
        let configuration = try DetentConfiguration.load(location)
        return SpecRunner(settings: try settings(configuration: configuration), options: options, reporter: reporter)
    }
}

/// `detent __worker daemon-run`: a worker process of a daemon `run`, set up by the first line
/// its coordinator (the daemon) sends.
public enum DaemonRunWorker {
    public static func serve(reporter: Reporter) -> Never {
        let (line, rest) = WorkerServer.readSetup()
        do {
            let setup = try DaemonRunSetup(JSONValue.parse(line))
            WorkerServer.serve(try setup.makeRunner(reporter: reporter), pending: rest)
        } catch {
            WorkerServer.refuse("\(error)")
        }
    }
}
