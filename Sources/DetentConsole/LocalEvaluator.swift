import Dispatch
import FoundationEssentials
import DetentLua
import DetentRuntime
import DetentScripting
import DetentWorld
import DetentConfig

/// The console's evaluator in this process: a `LiveSession` (the global `world` on the
/// real-time display link, or on virtual time) with the console's Lua half loaded into its
/// state. Every call except `interrupt` and `evaluate`'s completion runs on the session's
/// queue with `sync`; the console calls them from its own thread.
public final class LocalEvaluator: ConsoleEvaluator {
    /// What to open: config, device, plugins, clock.
    public struct Options {
        public var configuration: DetentConfiguration
        public var device: String?
        /// Extra plugin folders (`--plugins`), and whether to load none (`--no-plugins`).
        public var pluginFolders: [String] = []
        public var noPlugins = false
        /// Virtual time (`--virtual`): time passes only while code waits, as fast as it computes.
        public var virtualTime = false
        /// The working directory: `scripts/` (require, plugins) is found here.
        public var base: String = FileManager.default.currentDirectoryPath

        public init(configuration: DetentConfiguration) {
            self.configuration = configuration
        }
    }

    /// Instructions one evaluation may run before it is stopped: about a minute of a busy
    /// loop, so that at the prompt Ctrl-C is what stops runaway code and the budget only
    /// catches what nobody is there to stop (piped input). SPEC §13 keeps a budget always on.
    public static let instructionBudget: Int64 = 20_000_000_000

    public var onOutput: (String) -> Void = { _ in }
    private let options: Options
    private var live: QueueOwned<LiveSession>
    private var plugins = PluginSet()
    /// Sample subscription of `:trace`, and what it recorded; touched on the session's queue.
    private var traceSubscription: Int?
    private var trace: ConsoleTrace?
    /// Messages about plugins that failed when the session opened, for the console to show.
    public private(set) var startupNotes: [String] = []

    public init(options: Options) throws {
        self.options = options
        let settings = try LocalEvaluator.settings(options)
        if !options.noPlugins {
            let sources = try LocalEvaluator.pluginSources(options)
            plugins = try PluginSet.load(sources, settings: settings)
            startupNotes = plugins.failures.map { "plugin failed to load: \($0.message)" }
        }
        let applied = plugins.applied(to: settings)
        try applied.configuration.checkCurveNames(pluginCurves: applied.pluginCurveNames)
        live = try LocalEvaluator.open(settings: applied, virtualTime: options.virtualTime)
        try install()
    }

    private static func settings(_ options: Options) throws -> SessionSettings {
        let configuration = options.configuration
        return try SessionSettings(configuration: configuration,
                                   limits: ScriptLimits(instructionBudget: instructionBudget,
                                                        memoryCapBytes: configuration.run.memoryCapBytes),
                                   luaSetup: configuration.luaSetup(defaultLibrary: .full, displayBase: options.base),
                                   device: options.device)
    }

    private static func pluginSources(_ options: Options) throws -> [PluginSource] {
        try PluginDiscovery.sources(defaultFolder: options.configuration.run.pluginFolder,
                                    folders: options.configuration.run.pluginPaths + options.pluginFolders, base: options.base)
    }

    private static func open(settings: SessionSettings, virtualTime: Bool) throws -> QueueOwned<LiveSession> {
        guard virtualTime else { return try LiveSession.make(settings: settings, label: "detent.console") }
        var clock: VirtualTimeScheduler?
        return try LiveSession.make(settings: settings, label: "detent.console", clock: LazyClock { clock?.now() ?? 0 }) { queue in
            let scheduler = VirtualTimeScheduler(queue: queue)
            clock = scheduler
            return scheduler
        }
    }

    /// Loads the console's Lua half and routes `print` and handler errors to the console.
    private func install() throws {
        try live.sync { live in
            try live.installConsole()
            live.session.host.output = { [weak self] text in self?.onOutput(text) }
            live.onHandlerError = { [weak self] error in self?.onOutput("event handler failed: \(error.message)") }
        }
    }

    // MARK: Evaluation

    public func isIncomplete(_ code: String) -> Bool {
        return live.sync { live in live.consoleIsIncomplete(code) }
    }

    public func completions(of word: String) -> [String] {
        return live.sync { live in live.consoleCompletions(of: word) }
    }

    public func evaluate(_ code: String, chunkName: String, completion: @escaping @Sendable (ConsoleEvaluation) -> Void) {
        live.async { live in
            live.eval(code, chunkName: chunkName, presenter: "console") { result in
                switch result {
                case let .success(value):
                    completion(.values(value.count == 0 ? "" : value.text, frames: value.startFrame...max(value.startFrame, value.endFrame)))
                case let .failure(error): completion(.error(LocalEvaluator.describe(error)))
                }
            }
        }
    }

    /// The error's message, with where a limit or an interrupt stopped the code.
    static func describe(_ error: LuaError) -> String {
        if error.isLimit, let frame = error.scriptFrame { return "\(frame.file):\(frame.line): \(error.message)" }
        return error.message
    }

    public func interrupt() { live.interrupt() }

    // MARK: Clock

    public func status() throws -> ConsoleStatus {
        return live.sync { live in
            live.catchUp()
            let world = live.world
            return ConsoleStatus(time: world.seconds, frame: world.frame, framesDelivered: live.driver.framesDelivered,
                                 paused: live.isPaused, speed: live.speed, engines: world.engines.map(EngineSummary.describe))
        }
    }

    public func frameDrops() throws -> [(frame: Int64, count: Int64)] {
        return live.sync { live in live.driver.drops.map { ($0.frame, $0.count) } }
    }

    public func pause() throws { live.sync { live in live.pause() } }
    public func resume() throws { live.sync { live in live.resume() } }
    public func step(_ frames: Int) throws { live.sync { live in live.step(frames) } }
    public func setSpeed(_ factor: Double) throws { live.sync { live in live.setSpeed(factor) } }

    // MARK: World, plugins, traces

    public func reset() throws {
        try live.sync { live in try live.resetWorld() }
    }

    public func reloadPlugins() throws -> [String] {
        guard !options.noPlugins else { return ["plugins are off (--no-plugins)"] }
        let settings = try LocalEvaluator.settings(options)
        let sources = try LocalEvaluator.pluginSources(options)
        let next = try plugins.reloaded(sources, settings: settings)
        try replaceSession(with: next, settings: settings)
        var notes = next.plugins.map { "loaded \($0.record.name) \($0.record.version) (\($0.record.file))" }
        notes += next.failures.map { "failed: \($0.message)" }
        notes.append("a fresh session: the world and globals start over")
        return notes
    }

    /// A fresh session with the same plugins. (In this process: code stuck in native code
    /// keeps the old session's queue busy; the prompt comes back with a second Ctrl-C.)
    public func restart() throws {
        try replaceSession(with: plugins, settings: try LocalEvaluator.settings(options))
    }

    /// Closes the session (not waiting for it) and opens a fresh one with `next`'s plugins.
    private func replaceSession(with next: PluginSet, settings: SessionSettings) throws {
        let fresh = try LocalEvaluator.open(settings: next.applied(to: settings), virtualTime: options.virtualTime)
        let old = live, subscription = traceSubscription
        old.interrupt()
        old.async { old in
            if let subscription { old.unsubscribe(subscription) }
            old.close()
        }
        traceSubscription = nil
        trace = nil
        live = fresh
        plugins = next
        try install()
    }

    public func startTrace(_ properties: [String]) throws {
        live.sync { live in
            if let id = traceSubscription { live.unsubscribe(id) }
            trace = ConsoleTrace(properties: properties)
            traceSubscription = live.subscribe(LiveSession.Subscription(
                events: nil, properties: properties, every: 1, onEvent: { _ in },
                onSample: { [weak self] sample in self?.trace?.append(time: sample.time, sample.values.map(\.1)) }))
        }
    }

    public func recordedTrace() throws -> ConsoleTrace? {
        live.sync { _ in trace }
    }

    public func close() {
        live.sync { live in live.close() }
    }
}

/// A clock that reads another one made later (the virtual-time scheduler is created by the
/// session, after its clock must be given).
private final class LazyClock: WallClock {
    let read: () -> UInt64
    init(_ read: @escaping () -> UInt64) { self.read = read }
    func now() -> UInt64 { read() }
}
