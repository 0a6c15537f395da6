import DetentLua
import DetentPlatform
import DetentScripting
import Dispatch
import FoundationEssentials
import Logging
import DetentWorld
import NIOConcurrencyHelpers
import DetentConfig
import DetentReports

/// `detent run`: the coordinator. It discovers spec files, gives each a session of its own
/// (a fresh Lua state on its own queue), and hands what the sessions report to a reporter;
/// it prints nothing itself (SPEC §9, §10, §13). The daemon's `run` uses the same pieces.
///
/// A test that fails, raises, runs away or eats memory fails alone; the run goes on.
///
/// Threads: `run()` starts worker threads, each running one file at a time in a session on
/// that session's own queue. The workers read only what is fixed before `run()` (`settings`,
/// `options`, `inlineSources`, `listSink`, `logger`, `base`); what changes while
/// files run — the cancel flag, the running sessions, the board — lives in `shared`, locked,
/// and the reporter hears only on `run()`'s thread. That contract is why the class is
/// `@unchecked Sendable`.
public final class SpecRunner: @unchecked Sendable {
    public typealias UsageError = DetentRuntime.UsageError
    public let settings: SessionSettings
    public let options: RunOptions
    public let reporter: Reporter
    /// Receives each selected test when `options.list` is set.
    public var listSink: (String) -> Void = { _ in }
    /// Diagnostics for tuning limits (`detent run -v` shows them on standard error); never
    /// part of the report, which stays deterministic.
    public var logger = Logger(label: "detent.run")
    /// Set from any thread to stop the run: the running tests end as "interrupted" and no
    /// further test starts.
    public var isCancelled: Bool { shared.withLockedValue { $0.cancelled } }
    /// Spec text given directly (the daemon's `run {source}`), by the name it is shown as;
    /// consulted before the file system. Set before `run()`; workers only read it.
    public var inlineSources: [String: String] = [:]
    /// What `cancel()` reaches from any thread while files run.
    struct Shared {
        var cancelled = false
        /// The running files' cancellations, by file index.
        var running: [Int: LuaCancellation] = [:]
        var board: FileOutcomeBoard?
        /// With `--coverage`: the lines run so far, by file as its chunk is named.
        var coverage: [String: [Int: Int]] = [:]
        /// The worker processes of this run (with `workerCommand`), made on first need.
        var pool: WorkerPool?
    }

    /// With `--coverage`, once the run is over: every line the scripts ran, by file (as its
    /// chunk is named: relative to the working folder below it) and line, with how often.
    public var coverage: [String: [Int: Int]] { shared.withLockedValue { $0.coverage } }
    let shared = NIOLockedValueBox(Shared())

    /// The folder relative paths (and the chunk names of files under it) are resolved against.
    public let base: String

    /// How to start a worker process (`detent __worker …`): set, spec files run in a pool of
    /// worker processes that the coordinator can always stop (issue 28); nil, in threads of
    /// this process.
    public var workerCommand: WorkerCommand?
    /// What the coordinator enforces on those workers from outside.
    public var workerLimits = WorkerLimits()
    /// Where the workers are counted (the daemon shares one among its runs, capped at
    /// `max_workers`).
    public var workerCensus = WorkerCensus()

    /// A run of `configuration`'s scripts as `detent run` gives them Lua: the full standard
    /// library unless the project chose the sandbox.
    public init(configuration: DetentConfiguration, options: RunOptions, reporter: Reporter) throws {
        self.options = options
        self.reporter = reporter
        self.base = options.workingDirectory ?? FileManager.default.currentDirectoryPath
        var settings = try SessionSettings(configuration: configuration, luaSetup: configuration.luaSetup(defaultLibrary: .full, displayBase: base),
                                           seed: options.seed, device: options.device)
        settings.coverage = options.coverage
        try settings.readHelper(base: base)
        if !options.noPlugins {
            let sources = try PluginDiscovery.sources(defaultFolder: configuration.run.pluginFolder,
                                                      folders: configuration.run.pluginPaths + options.pluginFolders, base: base)
            settings = try PluginProbe.check(sources, settings: settings)
        }
        // Curve names in engine.toml may be plugins' (SPEC §12); now the plugins are known.
        do { try configuration.checkCurveNames(pluginCurves: settings.pluginCurveNames) } catch let error as ConfigError {
            throw UsageError(description: error.description)
        }
        self.settings = settings
    }

    public init(settings: SessionSettings, options: RunOptions, reporter: Reporter) {
        self.settings = settings
        self.options = options
        self.reporter = reporter
        self.base = options.workingDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// Stops the run from any thread: every worker's running test is interrupted and no
    /// further file or test starts.
    public func cancel() {
        let (running, board) = shared.withLockedValue { shared in
            shared.cancelled = true
            return (Array(shared.running.values), shared.board)
        }
        board?.cancel()
        for cancellation in running { cancellation.request() }
    }

    /// The spec files the options name, in run order. Throws `UsageError` for a missing path.
    public func files() throws -> [String] {
        if !inlineSources.isEmpty && options.paths.allSatisfy({ inlineSources[$0] != nil }) { return options.paths }
        let paths = options.paths.isEmpty ? settings.configuration.run.scenarios : options.paths
        var files: [String]
        let run = settings.configuration.run
        let pattern = try SpecFilePattern(patterns: run.specPatterns, excluded: run.excludedSpecPatterns)
        do { files = try SpecDiscovery.files(in: paths, base: base, isSpec: pattern.matches) } catch let error as SpecDiscovery.Missing {
            guard options.paths.isEmpty else { throw UsageError(description: error.description) }
            // No path given: say where the default came from and what to do.
            let origin = settings.configuration.source.tree.origins.origin(of: "run.scenarios")
            let busted = origin?.kind == .builtIn ? ", and no \(BustedFile.defaultRoot)/ folder as busted's default" : ""
            throw UsageError(description: "\(error.description) (the default spec path, run.scenarios from "
                             + "\(origin?.description ?? "[run] scenarios")\(busted)); name spec files or folders, "
                             + "or set [run] scenarios in a detent.toml (`detent init` writes one)")
        }
        if options.shuffle { files = files.seededShuffle(seed: settings.seed) }
        return files
    }

    /// Checks every --filter/--filter-out pattern compiles as a Lua pattern; throws
    /// `UsageError` naming the first that does not.
    public func validatePatterns() throws {
        for pattern in options.filters + options.filtersOut {
            do { try LuaPattern.check(pattern) } catch let error as LuaRaise {
                throw UsageError(description: "invalid pattern '\(pattern)': \(error.message)")
            }
        }
    }

    /// The spec files this run executes, in run order: `files()`, or this shard's part of them
    /// (`--shard`, balanced by `--durations`). Throws `UsageError` for an unreadable durations file.
    public func shardFiles(of files: [String]) throws -> [String] {
        guard let shard = options.shard else { return files }
        let durations = try options.durationsFile.map { try DurationsReport.read($0, base: base) }
        return ShardSplit.files(files, shard: shard, durations: durations)
    }

    /// Runs every selected test of every file and returns the totals. Files run in up to
    /// `options.jobs` sessions at once; the reporter hears of them on this thread, in file
    /// order, exactly as with one job.
    public func run() throws -> RunSummary {
        try options.validate()
        let allFiles = try files()
        let files = try shardFiles(of: allFiles)
        var summary = RunSummary()
        if !options.list {
            reporter.runStarted(RunInfo(seed: settings.seed, shuffled: options.shuffle, device: settings.defaultDevice.name,
                                        files: allFiles, shard: options.shard?.description))
        }
        // A plugin that failed is a load error of the run (exit 2), reported once; the
        // others loaded and every spec file gets them.
        for failure in settings.pluginFailures {
            summary.loadErrors += 1
            reporter.loadFailed(file: failure.file, message: "plugin failed to load: " + failure.message)
        }
        // The pool ends with the run, whatever ended it.
        defer { shared.withLockedValue { shared in defer { shared.pool = nil }; return shared.pool }?.shutdown() }
        try runFiles(files, into: &summary)
        if isCancelled { summary.cancelled = true }
        if !options.list { reporter.runFinished(summary) }
        return summary
    }

    /// Starts the workers, then hands each file's outcomes to the reporter in file order,
    /// counting failures for `--max-failures`: once the count is reached, everything after
    /// it in file order is reported as not run — also tests a worker ran ahead of the
    /// count — so the report never depends on which worker was faster.
    private func runFiles(_ files: [String], into summary: inout RunSummary) throws {
        guard !files.isEmpty else { return }
        let board = FileOutcomeBoard(count: files.count, schedule: Array(files.indices))
        if shared.withLockedValue({ shared in shared.board = board; return shared.cancelled }) { board.cancel() }
        let workers = DispatchGroup()
        let slots = min(options.jobs, files.count)
        let pool = workerPool()
        if let pool {
            startProcessSlots(slots, files: files, board: board, pool: pool, group: workers)
        } else {
            for number in 1...slots {
                workers.enter()
                // A deep Lua stack needs room: 16 MiB, as the daemon's run thread.
                DetachedThread.start(name: "run-worker\(number)", stackSize: 16 << 20) { [self] in
                    // One Lua state per worker, put back to pristine between its files.
                    var session: QueueOwned<Session>?
                    while let index = board.take() { session = work(files[index], index: index, board: board, reusing: session) }
                    workers.leave()
                }
            }
        }
        defer {
            workers.wait()
            pool?.shutdown()
            shared.withLockedValue { $0.board = nil }
        }

        var failures = 0
        var stopped = false
        func deliver(_ outcome: SessionOutcome) {
            switch outcome {
            case let .fileStarted(file): reporter.fileStarted(file)
            case let .output(text): if !stopped { reporter.output(text) }
            case .testStarted: break
            case var .testFinished(result):
                if stopped { result = result.asNotRun }
                summary.add(result)
                reporter.testFinished(result)
                if result.isFailure, let limit = options.maxFailures {
                    failures += 1
                    if failures >= limit {
                        stopped = true
                        board.stop()
                    }
                }
            case let .loadFailed(file, message):
                summary.loadErrors += 1
                reporter.loadFailed(file: file, message: message)
            case let .listed(line): listSink(line)
            }
        }
        for index in files.indices {
            // A file that gave nothing at all by the time a cancel ended it never started (a
            // worker may have had it queued behind the one it was running).
            var started = false
            reading: while true {
                switch board.next(index) {
                case .skipped:
                    summary.notStartedFiles.append(files[index])
                    break reading
                case let .failed(error):
                    stopWorkers(board)
                    throw error
                case let .outcomes(outcomes, finished):
                    started = started || !outcomes.isEmpty
                    outcomes.forEach(deliver)
                    if finished {
                        if !started && isCancelled { summary.notStartedFiles.append(files[index]) }
                        break reading
                    }
                }
            }
        }
    }

    /// Ends the run's workers early (a worker failed): nothing more starts, running tests stop.
    private func stopWorkers(_ board: FileOutcomeBoard) {
        board.cancel()
        let running = shared.withLockedValue { Array($0.running.values) }
        for cancellation in running { cancellation.request() }
    }

    /// One worker's file, its outcomes left on the board: run in the worker's session from the
    /// last file, put back to pristine, or a new one. Returns the session the next file may
    /// reuse (none after a failure).
    private func work(_ path: String, index: Int, board: FileOutcomeBoard, reusing previous: QueueOwned<Session>?) -> QueueOwned<Session>? {
        do {
            let session = try runFile(path, index: index, board: board, reusing: previous)
            board.finish(file: index)
            return session
        } catch {
            board.fail(file: index, error: error)
            return nil
        }
    }

    /// The worker's session for the next file: `previous` put back to pristine when it can be
    /// reused, else the one made ahead (`prepareSession`), else a new reusable one. A state
    /// that cannot be put back (the last file rewrote its snapshot through
    /// `debug.getregistry()`) is dropped, and the next file gets a new one.
    private func session(reusing previous: QueueOwned<Session>?) throws -> QueueOwned<Session> {
        if let previous {
            do {
                if try previous.sync({ session -> Bool in
                    guard session.isReusable else { return false }
                    try session.prepareForAnotherFile()
                    return true
                }) {
                    return previous
                }
            } catch {
                logger.notice("the next spec file runs in a new Lua state: \(error)")
            }
        }
        if previous == nil, let made = sessionMadeAhead.withLockedValue({ made in defer { made = nil }; return made }) { return made }
        return try makeSession()
    }

    /// A new reusable session for this run's files, logging to the run's logger.
    private func makeSession() throws -> QueueOwned<Session> {
        let session = try Session.make(settings: settings, label: "detent.run.session", reusable: true)
        session.sync { [logger] in $0.logger = logger }
        return session
    }

    /// Makes the session the first file will run in now, before any file is known: a worker
    /// process does it while its coordinator still finds the files and sends its setup, so
    /// the first file does not wait for a Lua state and its prelude
    /// (BENCHMARKS.md, "Start-up, issue 29's last steps"). A session that cannot be
    /// made is not kept: the first file makes its own and reports why.
    public func prepareSession() {
        guard let session = try? makeSession() else { return }
        sessionMadeAhead.withLockedValue { $0 = session }
    }

    private let sessionMadeAhead = NIOLockedValueBox<QueueOwned<Session>?>(nil)

    private func runFile(_ path: String, index: Int, board: FileOutcomeBoard, reusing previous: QueueOwned<Session>?) throws -> QueueOwned<Session>? {
        try runFile(path, text: nil, index: index, skipping: 0, shouldStop: { board.isStopping }, reusing: previous) { outcome in
            board.append(outcome, file: index)
        }
    }

    /// Runs one spec file (`text`, else the inline source or the file at `path`) in the
    /// session `previous` put back to pristine, or a new one, and returns the session; what
    /// happens goes to `emit`. `skipping` passes the file's first tests by (`Session.runSpec`).
    func runFile(_ path: String, text: String?, index: Int, skipping: Int, shouldStop: @escaping () -> Bool,
                 reusing previous: QueueOwned<Session>?, emit: @escaping (SessionOutcome) -> Void) throws -> QueueOwned<Session>? {
        guard let text = text ?? inlineSources[path] ?? (try? String(contentsOfFile: SpecDiscovery.resolve(path, base: base), encoding: .utf8)) else {
            emit(.loadFailed(file: path, message: "cannot read \(path) as UTF-8 text"))
            return previous
        }
        let session = try session(reusing: previous)
        let cancellation = session.cancellation
        if shared.withLockedValue({ shared in shared.running[index] = cancellation; return shared.cancelled }) { cancellation.request() }
        defer { shared.withLockedValue { _ = $0.running.removeValue(forKey: index) } }
        do { try session.sync { session in
            defer {
                if settings.coverage {
                    let lines = session.host.lua.takeCoverage()
                    shared.withLockedValue { $0.coverage.merge(lines) { $0.merging($1, uniquingKeysWith: +) } }
                }
            }
            try session.runSpec(text: text, file: path, selection: options.selection, skipping: skipping, shouldStop: shouldStop, emit: emit)
        } } catch is LuaError where session.cancellation.isRequested {
            // Cancelled while the file loaded or planned: the run ends with its result, not an error.
        }
        return session
    }
}
