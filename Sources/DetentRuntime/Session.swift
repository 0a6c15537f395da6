import Dispatch
import FoundationEssentials
import Logging
import DetentLua
import DetentScripting
import DetentTime
import DetentWorld
import DetentConfig
import DetentReports

/// What every session of one coordinator shares: config, limits, seed and where `require`
/// looks. A value, so that sessions on different queues never share mutable state.
public struct SessionSettings: Sendable {
    public var configuration: DetentConfiguration
    public var limits: ScriptLimits
    /// The standard library scripts get and where `require` looks; nil: the sandbox without
    /// `require`.
    public var luaSetup: LuaSetup?
    public var seed: UInt64
    public var defaultDevice: DeviceProfile
    /// Plugin files every session's state loads (SPEC §12), and those that failed to load
    /// when the run began (kept so unknown names can mention them; not loaded again).
    public var plugins: [PluginSource] = []
    public var pluginFailures: [PluginLoadError] = []
    /// The names of the curves those plugins register (config may name them).
    public var pluginCurveNames: Set<String> = []
    /// `[run] helper` (busted's `helper`): a Lua file each spec file's state runs first, as
    /// shown and its text.
    public var helper: (file: String, text: String)?
    /// `--coverage`: every session's state counts the lines its scripts run.
    public var coverage = false

    public init(configuration: DetentConfiguration, limits: ScriptLimits? = nil, luaSetup: LuaSetup?, seed: UInt64? = nil,
                device: String? = nil) throws {
        self.configuration = configuration
        self.limits = limits ?? ScriptLimits(instructionBudget: configuration.run.instructionBudget,
                                             memoryCapBytes: configuration.run.memoryCapBytes,
                                             cpuSecondsPerJob: configuration.run.cpuSecondsPerTest,
                                             countsInstructions: configuration.run.countsInstructions)
        self.luaSetup = luaSetup
        self.seed = seed ?? configuration.run.seed
        do {
            defaultDevice = try configuration.device(named: device ?? configuration.run.defaultDevice)
        } catch let error as ConfigError {
            throw UsageError(description: error.detail)
        }
    }
}

extension SessionSettings {
    /// Reads `[run] helper` (busted's `helper`), a path resolved against `base`, for every
    /// session to run before each spec file; a helper that cannot be read is a `UsageError`.
    public mutating func readHelper(base: String) throws {
        guard let file = configuration.run.helper else { return }
        guard let data = FileManager.default.contents(atPath: SpecDiscovery.resolve(file, base: base)) else {
            throw UsageError(description: "cannot read the helper \(file) (from [run] helper or .busted's helper)")
        }
        helper = (file, String(decoding: data, as: UTF8.self))
    }
}

/// A usage problem (unknown device, missing path, bad pattern): exit code 2.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// What a session reports while it runs a spec file, in order (SPEC §10). Reporters, the
/// daemon's notifications and tests consume the same stream.
public enum SessionOutcome: Equatable, Sendable {
    /// A file's tests are about to run (or a selected plain script ran).
    case fileStarted(String)
    /// Something a script printed.
    case output(String)
    /// A step of the file begins — a test about to run (or to be reported as not run), or a
    /// block's error: the test as one not run yet (name, place, tags, iteration), which a
    /// coordinator that has to stop its worker reports with why. The step's reports (the
    /// test's and its hooks' errors) follow as `.testFinished`.
    case testStarted(TestResult)
    case testFinished(TestResult)
    /// A file that could not be loaded, or whose top level failed.
    case loadFailed(file: String, message: String)
    /// `--list`: one selected test (`file:line: full name [#tags]`).
    case listed(String)
}

/// One world, one Lua state and the serial queue that owns both (SPEC §1 ownership): the
/// unit every way of running is built from. `detent run` makes one per spec file and runs
/// it in virtual time; the daemon and the console keep live ones on the real-time display
/// link (`LiveSession`).
///
/// The session is not `Sendable`: other threads hold it as a `QueueOwned<Session>` (made by
/// `Session.make`) and reach it on `queue` only; only `cancellation` is for any thread.
public final class Session {
    public let queue: DispatchQueue
    public let settings: SessionSettings
    public let host: ScriptHost
    let scheduler: TaskScheduler
    let virtualLoop: VirtualRunLoop
    /// Set from any thread; stops the running Lua code at its next count-hook step and the
    /// run between frames and tests.
    public let cancellation: LuaCancellation
    /// Diagnostics for tuning limits (`detent run -v`); never part of a report.
    public var logger = Logger(label: "detent.session")

    /// A session and its Lua state on a serial queue of its own, built there. With
    /// `reusable`, the state's pristine snapshot is taken once it is built, so
    /// `prepareForAnotherFile()` can give the next spec file the state as new.
    public static func make(settings: SessionSettings, label: String, reusable: Bool = false) throws -> QueueOwned<Session> {
        let queue = DispatchQueue(label: label)
        return try QueueOwned(queue: queue) { try Session(settings: settings, queue: queue, reusable: reusable) }
    }

    /// Creates the session owned by `queue`; called on `queue` (`Session.make`, or an owner
    /// that builds more around it there, as `LiveSession.make`).
    init(settings: SessionSettings, queue: DispatchQueue, reusable: Bool = false) throws {
        dispatchPrecondition(condition: .onQueue(queue))
        self.queue = queue
        self.settings = settings
        let configuration = settings.configuration
        let host = try ScriptHost(limits: settings.limits, luaSetup: settings.luaSetup, owner: queue, output: { _ in },
                                  worldFactory: { try Session.makeWorld($0, settings: settings, owner: queue) })
        if settings.coverage { host.lua.enableCoverage() }
        if !settings.plugins.isEmpty || !settings.pluginFailures.isEmpty {
            host.loadPlugins(settings.plugins)
            host.failedPlugins += settings.pluginFailures
        }
        if reusable { try host.takePristineSnapshot() }
        self.host = host
        cancellation = host.lua.cancellation
        scheduler = TaskScheduler(host: host, defaultTimeout: VirtualTime.nanoseconds(fromSeconds: configuration.run.defaultWaitTimeout))
        virtualLoop = VirtualRunLoop(scheduler: scheduler,
                                     maxTestTime: VirtualTime.nanoseconds(fromSeconds: configuration.run.maxTestVirtualSeconds))
        virtualLoop.isCancelled = { [cancellation] in cancellation.isRequested }
    }

    func checkQueue() { dispatchPrecondition(condition: .onQueue(queue)) }

    /// Whether another spec file may run in this session: it was made `reusable` and no
    /// one asked it to stop.
    public var isReusable: Bool { host.hasPristineSnapshot && !cancellation.isRequested }

    /// Gives the next spec file this session's state as new: the last file's world, globals,
    /// prelude changes and registrations are undone (ScriptHost.restorePristine), which costs
    /// far less than building a state and its prelude again. Needs `isReusable`.
    public func prepareForAnotherFile() throws {
        checkQueue()
        precondition(isReusable, "prepareForAnotherFile() needs a reusable session that was not cancelled")
        try host.restorePristine()
    }

    /// Builds the world a script asks for (or the default one), owned by `owner`, with the
    /// engine defaults of the loaded config and the request's `config` overrides over them.
    static func makeWorld(_ request: WorldRequest, settings: SessionSettings, owner: DispatchQueue) throws -> WorldSetup {
        let device = try request.device.map { name -> DeviceProfile in
            do { return try settings.configuration.device(named: name) } catch let error as ConfigError {
                throw LuaRaise("detent.world: \(error.detail)")
            }
        } ?? settings.defaultDevice
        var orientation = Orientation.portrait
        if let name = request.orientation {
            guard let parsed = Orientation(rawValue: name) else {
                throw LuaRaise("detent.world: unknown orientation '\(name)' (expected one of: portrait, landscape)")
            }
            orientation = parsed
        }
        let defaults = try settings.configuration.engineDefaults(overriddenBy: request.config)
        if request.config != nil, let unknown = defaults.unknownCurve(pluginCurves: settings.pluginCurveNames) {
            throw WorldRequestError(detail: "config.\(unknown.key): one of \(EngineDefaults.expectedCurves(settings.pluginCurveNames)) expected, got \"\(unknown.name)\"")
        }
        let world = World(configuration: WorldConfiguration(device: device, orientation: orientation, motion: defaults.motion),
                          owner: owner)
        return WorldSetup(world: world, defaults: defaults)
    }

    func makeWorld(_ request: WorldRequest = WorldRequest()) throws -> WorldSetup {
        try Session.makeWorld(request, settings: settings, owner: queue)
    }
}

extension QueueOwned where Value == Session {
    /// The session's cancellation, for any thread (a constant of a thread-safe type).
    public var cancellation: LuaCancellation { value.cancellation }
}
