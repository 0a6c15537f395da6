import DetentDaemonClient
import DetentLua
import DetentPlatform
import DetentRuntime
import DetentScripting
import FoundationEssentials
import NIOConcurrencyHelpers
import Logging
import DetentWorld
import DetentJSON
import DetentConfig
import DetentReports

/// One `run` request in flight: a `SpecRunner` (each file its own session: Lua state, world,
/// queue) driven from a thread of its own, reporting to its client as notifications and
/// answered exactly once with the totals — also when cancelled or when the daemon shuts down.
final class DaemonRun: @unchecked Sendable {
    let id: String
    weak var client: ClientConnection?
    let runner: SpecRunner
    private let lock = NIOLock()
    private var answered = false

    init(id: String, client: ClientConnection, runner: SpecRunner) {
        self.id = id
        self.client = client
        self.runner = runner
    }

    func cancel() { runner.cancel() }

    /// Runs on a new thread (a deep Lua stack needs room), then calls `done` once.
    func start(done: @escaping @Sendable (Result<RunSummary, Error>) -> Void) {
        DetachedThread.start(name: "run \(id)", stackSize: 16 << 20) { [runner] in
            let result = Result { try runner.run() }
            done(result)
        }
    }

    /// True the first time only: a run is answered exactly once.
    func claimAnswer() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if answered { return false }
        answered = true
        return true
    }
}

/// Turns a run's progress into `run/…` notifications for the client that asked.
final class NotificationReporter: Reporter {
    let run: JSONValue
    weak var client: ClientConnection?

    init(run: String, client: ClientConnection) {
        self.run = .string(run)
        self.client = client
    }

    private func notify(_ method: String, _ fields: [(String, JSONValue)]) {
        client?.send(JSONRPC.notification(method, .object([("run", run)] + fields)))
    }

    func runStarted(_ info: RunInfo) {}
    func fileStarted(_ file: String) { notify("run/file", [("file", .string(file))]) }
    func output(_ text: String) { notify("run/output", [("text", .string(text))]) }
    func loadFailed(file: String, message: String) { notify("run/load_error", [("file", .string(file)), ("message", .string(message))]) }
    func runFinished(_ summary: RunSummary) {}
    func listed(_ line: String) { notify("run/listed", [("line", .string(line))]) }

    func testFinished(_ result: TestResult) {
        var fields: [(String, JSONValue)] = [
            ("file", .string(result.file)), ("name", .string(result.name)), ("full_name", .string(result.fullName)),
            ("location", .string(result.location)), ("tags", .array(result.tags.map { .string($0) })),
            ("status", .string(result.status.rawValue)),
        ]
        if let message = result.message { fields.append(("message", .string(message))) }
        if let expected = result.expected { fields.append(("expected", .string(expected))) }
        if let actual = result.actual { fields.append(("actual", .string(actual))) }
        if let traceback = result.traceback { fields.append(("traceback", .string(traceback))) }
        fields.append(("time", .double(result.virtualTime)))
        fields.append(("frame", .int(result.frame)))
        fields.append(("duration", .double(result.duration)))
        if let assertions = result.assertions { fields.append(("assertions", .int(Int64(assertions)))) }
        if let iteration = result.iteration { fields.append(("iteration", .int(Int64(iteration)))) }
        if !result.retries.isEmpty {
            fields.append(("retries", .array(result.retries.map { attempt in
                var fields: [(String, JSONValue)] = [("status", .string(attempt.status.rawValue))]
                if let message = attempt.message { fields.append(("message", .string(message))) }
                fields += [("time", .double(attempt.virtualTime)), ("frame", .int(attempt.frame)), ("duration", .double(attempt.duration))]
                return .object(fields)
            })))
            fields.append(("flaky", .bool(result.isFlaky)))
        }
        notify("run/test", fields)
    }
}

extension Daemon {
    func startRun(_ params: RunParameters, id: JSONValue?, client: ClientConnection,
                  reply: @escaping Daemon.Reply) throws {
        var (options, inline) = params.options()
        let cwd = params.cwd ?? FileManager.default.currentDirectoryPath

        let (configuration, plugins) = registry.withLockedValue { ($0.configuration, $0.plugins) }
        var settings: SessionSettings
        do {
            // The project's helper, as the daemon's own configuration names it (from its folder).
            settings = plugins.applied(to: try DaemonRunSetup.baseSettings(
                configuration: configuration, instructionBudget: config.runInstructionBudget, memoryCapBytes: config.runMemoryCapBytes,
                cwd: cwd, daemonFolder: FileManager.default.currentDirectoryPath, seed: options.seed, device: options.device))
            // Curve names in engine.toml may be the plugins' (SPEC §12): checked against them.
            try settings.configuration.checkCurveNames(pluginCurves: settings.pluginCurveNames)
            if params.requireAssertions == nil { options.requireAssertions = configuration.run.requireAssertions }
        } catch let error as UsageError {
            throw Daemon.usage(error.description)
        } catch let error as ConfigError {
            throw Daemon.usage(error.description)
        }
        let name = try registry.withLockedValue { r -> String in
            guard !r.shuttingDown else { throw JSONRPC.Failure(JSONRPC.limitReached, "the daemon is shutting down") }
            guard r.runs.count < config.maxConcurrentRuns else {
                throw JSONRPC.Failure(JSONRPC.limitReached, "too many runs in flight (max_concurrent_runs = \(config.maxConcurrentRuns) in config/daemon.toml)")
            }
            r.nextRun += 1
            return "r\(r.nextRun)"
        }
        let reporter = NotificationReporter(run: name, client: client)
        let runner = SpecRunner(settings: settings, options: options, reporter: reporter)
        runner.inlineSources = inline
        // The run's files run in worker processes (each run its own, started on demand): no
        // spec — Lua or C — can hang, crash or wedge the daemon, and `cancel` always ends it.
        var command = WorkerCommand.thisBinary(["__worker", "daemon-run"])
        command.setup = DaemonRunSetup(location: configLocation, cwd: cwd, daemonFolder: FileManager.default.currentDirectoryPath,
                                       instructionBudget: config.runInstructionBudget, memoryCapBytes: config.runMemoryCapBytes,
                                       seed: settings.seed, device: options.device, options: options, plugins: settings.plugins,
                                       pluginCurveNames: Array(settings.pluginCurveNames).sorted()).json.text
        runner.workerCommand = command
        runner.workerLimits = WorkerLimits(settings.configuration.run)
        runner.workerCensus = runWorkers
        let files: [String]
        do {
            // Usage errors are answered before the run is announced.
            files = try runner.files()
            try runner.validatePatterns()
        } catch let error as UsageError {
            throw Daemon.usage(error.description)
        }
        runner.listSink = { [weak reporter] in reporter?.listed($0) }
        var log = logger
        log[metadataKey: "run"] = "\(name)"
        runner.logger = log
        let run = DaemonRun(id: name, client: client, runner: runner)
        registry.withLockedValue { $0.runs[name] = run }
        client.send(JSONRPC.notification("run/started", .object([("run", .string(name)), ("id", id ?? .null),
                                                                 ("seed", .unsigned(settings.seed)), ("shuffled", .bool(options.shuffle)),
                                                                 ("device", .string(settings.defaultDevice.name)),
                                                                 ("files", .array(files.map { .string($0) }))])))
        log.info("run started", metadata: ["paths": "\(options.paths)"])
        let failOnFlaky = options.failOnFlaky, seed = settings.seed
        run.start { [weak self, log] result in
            guard let self else { return }
            self.registry.withLockedValue { r in
                r.runs[name] = nil
                r.completedRuns += 1
            }
            guard run.claimAnswer() else { return }
            switch result {
            case let .success(summary):
                log.info("run finished", metadata: ["summary": "\(summary.line)", "cancelled": "\(summary.cancelled)"])
                reply(.success(.object([
                    ("run", .string(name)), ("passed", .int(Int64(summary.passed))), ("failed", .int(Int64(summary.failed))),
                    ("errors", .int(Int64(summary.errors))), ("skipped", .int(Int64(summary.pending))),
                    ("load_errors", .int(Int64(summary.loadErrors))), ("flaky", .int(Int64(summary.flaky))),
                    ("not_run", .int(Int64(summary.notRun))), ("no_assertions", .int(Int64(summary.noAssertions))),
                    ("cancelled", .bool(summary.cancelled)), ("not_started", .array(summary.notStartedFiles.map { .string($0) })),
                    // A cancelled run did not run what it selected: `detent run`'s status when Ctrl-C cancels it.
                    ("exit_code", .int(summary.cancelled ? 130 : Int64(summary.exitCode(failOnFlaky: failOnFlaky)))),
                    ("summary", .string(summary.line)),
                    ("seed", .unsigned(seed)),
                ])))
            case let .failure(error as UsageError):
                reply(.failure(Daemon.usage(error.description)))
            case let .failure(error):
                reply(.failure(JSONRPC.Failure(JSONRPC.internalError, "internal error: \(error)")))
            }
        }
    }

    static func usage(_ message: String) -> JSONRPC.Failure {
        JSONRPC.Failure(JSONRPC.usageError, message, data: .object([("exit_code", .int(2))]))
    }

    func cancel(run name: String) throws -> JSONValue {
        let (run, issued) = registry.withLockedValue { r in (r.runs[name], r.nextRun) }
        guard let run else {
            // A run that existed and has finished: nothing to cancel. One that never existed: an error.
            if name.hasPrefix("r"), let number = Int(name.dropFirst()), number >= 1, number <= issued {
                return .object([("cancelled", .bool(false)), ("stopping", .bool(false))])
            }
            throw JSONRPC.Failure(JSONRPC.notFound, "no run '\(name)'")
        }
        // Answered at once, from the daemon's own state: the run is stopping (its running
        // test interrupted, its worker killed if it does not answer); its own response, within
        // a second, says `cancelled`. `cancelled: true` here would claim what has not happened.
        run.cancel()
        return .object([("cancelled", .bool(false)), ("stopping", .bool(true))])
    }

    /// Runs in flight (for shutdown).
    var activeRuns: [DaemonRun] { registry.withLockedValue { Array($0.runs.values) } }
}
