import DetentTrace
import DetentDaemonClient
import ArgumentParser
import DetentDaemon
import DetentPlatform
import DetentRuntime
import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOConcurrencyHelpers
import DetentConfig
import DetentReports

/// `detent run [PATH…]`: headless scenario specs in virtual time.
struct Run: ParsableCommand {
    /// `_superCommandName` (ArgumentParser's name for a command installed under another) tells
    /// ArgumentParser that a parse of `Run` alone — the coordinator's (`startEarly`) and a
    /// worker's — is of `detent run`: its usage names `detent run`, and the parse skips its
    /// check for `--generate-completion-script`, which built two more commands' arguments by
    /// reflection (the parse 16.1 → 14.8 M instructions; BENCHMARKS.md). `runArguments`
    /// leaves that flag to the root parse, which still answers it.
    static let configuration = CommandConfiguration(
        commandName: "run",
        _superCommandName: "detent",
        abstract: "Run Lua scenario specs headlessly, in virtual time.",
        discussion: "Exit status: 0 all passed, 1 failures, 2 usage or load errors."
    )

    @Argument(help: "Spec files or folders (searched for *_spec.lua). Default: the scenarios folder of config/runner.toml.")
    var paths: [String] = []

    @Option(name: .long, help: "Run only tests whose full name matches this Lua pattern (repeatable).")
    var filter: [String] = []

    @Option(name: .customLong("filter-out"), help: "Skip tests whose full name matches this Lua pattern (repeatable).")
    var filterOut: [String] = []

    @Option(name: .long, help: "Run only tests tagged with one of these #tags (comma-separated).")
    var tags: String?

    @Option(name: .customLong("exclude-tags"), help: "Skip tests tagged with one of these #tags (comma-separated).")
    var excludeTags: String?

    @Flag(name: .long, help: "List the selected tests (file:line, full name, tags) without running them; honours --shard.")
    var list = false

    @Option(name: .long, help: "Spec files run at once, each in a session of its own (default: the number of cores). Reports are the same as with --jobs 1 apart from durations.")
    var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Run only part i of n of the spec files (1-based), e.g. 2/4: round-robin over the sorted files, or balanced by --durations.", valueName: "i/n"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("A JSON report of an earlier run whose test durations balance --shard.", valueName: "file"))
    var durations: String?

    @Option(name: .long, help: "Run a failing test up to N more times; one that passes on a retry is reported as flaky.")
    var retries = 0

    @Flag(name: .customLong("fail-on-flaky"), help: "Exit with status 1 when a test was flaky (passed only on a retry).")
    var failOnFlaky = false

    @Flag(name: .customLong("require-assertions"), help: "Fail a test that passes having made no assertion (default: [run] require_assertions).")
    var requireAssertions = false

    @Option(name: .customLong("repeat"), help: "Run each selected test N times, reporting every iteration.")
    var repeatCount = 1

    @Option(name: .customLong("max-failures"), help: "Stop scheduling after N failed tests; the rest are reported as not run.")
    var maxFailures: Int?

    @Option(name: .long, help: "Seed for math.random and --shuffle (default: config/runner.toml).")
    var seed: UInt64?

    @Flag(name: .long, help: "Run files and tests in a seeded random order.")
    var shuffle = false

    @OptionGroup var reports: ReportFlags

    @OptionGroup var traces: TraceFlags

    @Option(name: .long, help: "Device profile for each test's world (a name from config/devices.toml).")
    var device: String?

    @Option(name: .long, help: ArgumentHelp(ConfigHelp.text))
    var config: String?

    @Flag(name: .long, help: "Count the lines of the project's Lua files that run (specs, modules, plugins; not Detent's own) and write them as LCOV, with luacov's luacov.stats.out beside it.")
    var coverage = false

    @Option(name: .customLong("coverage-report"), help: ArgumentHelp("The LCOV file --coverage writes (default: coverage.lcov).", valueName: "FILE"))
    var coverageReport: String?

    @Option(name: .customLong("run"), help: "The task of the project's .busted file to read (default: default), as busted --run does.")
    var bustedTask: String?

    @Option(name: .long, help: "Run on the detent daemon listening on this Unix socket instead of in this process (same output and exit status).")
    var connect: String?

    @Flag(name: .shortAndLong, help: "Print tracebacks of errors, and per-test diagnostics (instructions, Lua memory) on standard error.")
    var verbose = false

    @Option(name: .customLong("plugins"), help: "Also load the plugins in this folder (repeatable; besides scripts/plugins and [plugins] paths).")
    var pluginFolders: [String] = []

    @Flag(name: .customLong("no-plugins"), help: "Load no plugins at all.")
    var noPlugins = false

    @Flag(name: .long, help: "Run, then watch the specs, scripts/ libraries, plugins and config: rerun what a saved change affects. Ctrl-C ends with the last run's exit status.")
    var watch = false

    func validate() throws {
        if let tags, splitTags(tags).isEmpty { throw ValidationError("--tags needs at least one tag, like --tags slow,drawer") }
        if coverageReport != nil && !coverage { throw ValidationError("--coverage-report names where --coverage writes; give --coverage too") }
        if coverage && (connect != nil || watch) { throw ValidationError("--coverage counts lines in this process; it cannot be combined with --connect or --watch") }
        if watch && connect != nil { throw ValidationError("--watch runs the specs in this process; it cannot be combined with --connect") }
        if connect != nil && jobs != nil { throw ValidationError("--jobs runs files in parallel sessions of this process; it cannot be combined with --connect") }
        if connect != nil && shard != nil { throw ValidationError("--shard cannot be combined with --connect; run the shard in this process") }
        if connect != nil && traces.trace != .off { throw ValidationError("--trace writes traces from this process; it cannot be combined with --connect") }
        do { _ = try runOptions() } catch let error as UsageError { throw ValidationError(error.description) }
        if let excludeTags, splitTags(excludeTags).isEmpty {
            throw ValidationError("--exclude-tags needs at least one tag, like --exclude-tags slow")
        }
    }

    /// The flags as run options, with what the command line leaves out taken from the
    /// project's [run] (or .busted): what the coordinator and its worker processes both run by.
    func effectiveOptions(configuration: DetentConfiguration) throws -> RunOptions {
        var options = try runOptions()
        let run = configuration.run
        if tags == nil { options.tags = run.tags }
        if excludeTags == nil { options.excludeTags = run.excludedTags }
        options.shuffle = shuffle || run.shuffle
        options.verbose = verbose || run.verbose
        options.requireAssertions = requireAssertions || run.requireAssertions
        options.coverage = coverage
        let seedSetByProject = configuration.source.tree.origins["run.seed"].map { $0.kind != .builtIn } ?? false
        if options.shuffle && seed == nil && !seedSetByProject {
            // A shuffled run without a seed gets a fresh one, printed so it can be replayed.
            options.seed = UInt64.random(in: 0...UInt64(UInt32.max))
        }
        return options
    }

    /// The flags as run options, checked (`UsageError` for a bad value).
    private func runOptions() throws -> RunOptions {
        var options = RunOptions()
        options.paths = paths
        options.filters = filter
        options.filtersOut = filterOut
        options.tags = splitTags(tags)
        options.excludeTags = splitTags(excludeTags)
        options.list = list
        options.shuffle = shuffle
        options.seed = seed
        options.device = device
        options.verbose = verbose
        options.pluginFolders = pluginFolders
        options.noPlugins = noPlugins
        traces.apply(to: &options)
        options.jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
        options.shard = try shard.map { try Shard(parsing: $0) }
        options.durationsFile = durations
        options.retries = retries
        options.repeatCount = repeatCount
        options.maxFailures = maxFailures
        options.failOnFlaky = failOnFlaky
        options.requireAssertions = requireAssertions
        try options.validate()
        return options
    }

    func run() throws {
        let configuration = try Run.preloaded.map(configurationOrExit) ?? loadConfigurationOrExit(config, bustedTask: bustedTask)
        for notice in configuration.source.notices { StandardError.write("detent: \(notice)\n") }
        let options = try effectiveOptions(configuration: configuration)
        let run = configuration.run


        let stdout = TextSink.standardOutput()
        let reporter = reports.makeReporter(stdout: stdout, verbose: options.verbose,
                                            defaultFormat: ReportFormat(name: run.output) ?? .console)
        if let connect {
            var options = options
            options.workingDirectory = FileManager.default.currentDirectoryPath
            // The project's default specs, as this folder sees them (the daemon's own project may differ).
            if options.paths.isEmpty { options.paths = configuration.run.scenarios }
            do {
                let client = try DaemonClient(socketPath: connect)
                let summary = try client.run(options, reporter: reporter, listSink: { stdout.line($0) })
                let status = summary.exitCode(failOnFlaky: failOnFlaky)
                if status != 0 { throw ExitCode(status) }
                return
            } catch let error as DaemonClient.Failure {
                StandardError.write("detent: \(error)\n")
                throw ExitCode(error.exitCode)
            }
        }
        if watch { throw ExitCode(watchLoop(options: options, reporter: reporter, stdout: stdout)) }
        let status = try runOnce(options: options, configuration: configuration, reporter: reporter, stdout: stdout,
                                 stopsOnInterrupt: true)
        if status != 0 { throw ExitCode(status) }
    }

    /// One run in this process; returns its exit status (load and usage errors: 2, printed).
    /// With `stopsOnInterrupt`, Ctrl-C cancels the run — every worker's test is interrupted,
    /// the reporter finishes — and the status is 130; a second Ctrl-C exits at once.
    private func runOnce(options: RunOptions, configuration: DetentConfiguration, reporter: Reporter, stdout: TextSink,
                         stopsOnInterrupt: Bool = false) throws -> Int32 {
        do {
            let runner = try SpecRunner(configuration: configuration, options: options, reporter: reporter)
            let limits = WorkerLimits(configuration.run)
            var command = Self.workerCommand()
            command.setup = RunWorkerSetup(seed: runner.settings.seed, memoryBytes: limits.memoryBytes).line
            runner.workerCommand = command
            runner.workerLimits = limits
            runner.listSink = { stdout.line($0) }
            runner.logger = Logger(label: "detent.run") { StreamLogHandler.standardError(label: $0) }
            runner.logger.logLevel = verbose ? .debug : .warning
            var interrupt: DispatchSourceSignal?
            if stopsOnInterrupt {
                signal(SIGINT, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
                source.setEventHandler {
                    if runner.isCancelled { Glibc.exit(130) }
                    runner.cancel()
                }
                source.resume()
                interrupt = source
            }
            let summary = try runner.run()
            interrupt?.cancel()
            if options.coverage { try writeCoverage(runner.coverage, base: runner.base, configuration: configuration) }
            if summary.cancelled && stopsOnInterrupt { return 130 }
            return summary.exitCode(failOnFlaky: options.failOnFlaky)
        } catch let error as SpecRunner.UsageError {
            StandardError.write("detent: \(error)\n")
            return 2
        }
    }

    /// `--watch`: runs, then reruns what each saved change affects (SpecWatcher), reading config
    /// and plugins anew for every run, until Ctrl-C, which ends with the last run's status.
    private func watchLoop(options: RunOptions, reporter: Reporter, stdout: TextSink) -> Int32 {
        let base = FileManager.default.currentDirectoryPath
        let location = ConfigLocation.current(explicit: config, bustedTask: bustedTask)
        let initial = try? DetentConfiguration.load(location)
        let paths = options.paths.isEmpty ? initial?.run.scenarios ?? [] : options.paths
        let pluginFolders = options.noPlugins ? [] : [initial?.run.pluginFolder ?? PluginDiscovery.defaultFolder] + (initial?.run.pluginPaths ?? []) + options.pluginFolders
        let watcher = SpecWatcher(paths: paths, base: base, pluginFolders: pluginFolders, configFiles: initial?.source.files ?? [],
                                  specPatterns: initial?.run.specPatterns ?? SpecFilePattern.default,
                                  excludedSpecPatterns: initial?.run.excludedSpecPatterns ?? [])
        // The last finished run's exit status, read by the Ctrl-C handler on another thread.
        let lastStatus = NIOLockedValueBox<Int32>(0)
        // Ctrl-C ends the watch at once with the last finished run's status.
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler {
            stdout.line("")
            Glibc.exit(lastStatus.withLockedValue { $0 })
        }
        interrupt.resume()
        let isTerminal = isatty(STDOUT_FILENO) != 0
        var loop = WatchLoop(watcher: watcher, runSpecs: { specs in
            var runOptions = options
            runOptions.paths = specs
            do {
                let configuration = try DetentConfiguration.load(location)
                return try runOnce(options: runOptions, configuration: configuration, reporter: reporter, stdout: stdout)
            } catch {
                StandardError.write("detent: \(error)\n")
                return 2
            }
        }, print: { stdout.line($0) }, clearScreen: {
            if isTerminal { StandardOutput.write("\u{1B}[2J\u{1B}[H") }
        }, sleep: { seconds in
            // usleep takes under 4,295 s and traps below 0; a signal ending it early only polls sooner.
            usleep(useconds_t(min(max(seconds, 0), 4_000) * 1_000_000))
        })
        loop.finished = { status in lastStatus.withLockedValue { $0 = status } }
        return loop.run()
    }

    /// `--coverage`: the LCOV report and luacov's statistics beside it, and a line on
    /// standard error saying how much ran.
    /// `base`: the folder the chunk names are relative to (the runner's).
    private func writeCoverage(_ hits: [String: [Int: Int]], base: String, configuration: DetentConfiguration) throws {
        let report = CoverageReport(hits: hits, base: base, projectRoot: configuration.source.projectRoot)
        let lcov = coverageReport ?? "coverage.lcov"
        let folder = PathText.parent(of: lcov)
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try AtomicFile.write(report.lcov, to: lcov)
        let stats = folder.isEmpty ? "luacov.stats.out" : PathText.join(folder, "luacov.stats.out")
        try AtomicFile.write(report.luacovStats, to: stats)
        StandardError.write("\(report.summary) → \(lcov), \(stats)\n")
    }

    /// How this run's worker processes start: this binary's hidden `__worker run` with this
    /// command line's arguments (their first line on the pipe, `RunWorkerSetup`, brings the
    /// run's seed — a fresh one too, when --shuffle chose it — and their memory limit).
    private static func workerCommand() -> WorkerCommand {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "run" { arguments.removeFirst() }
        return WorkerCommand.thisBinary(["__worker", "run"] + arguments)
    }

    /// Called first thing by `Detent.main`, for a plain `run` command line (`runArguments`):
    /// parses it with `Run` alone (as a worker does, without ArgumentParser's pass over the
    /// root command) while a thread reads the default configuration (`ConfigPreload`), then —
    /// the thread ended, so the process has one thread again — forks the run's first worker
    /// (`WorkerCommand.forkEarly`), which starts with the parsed command and the configuration
    /// and makes its first session while this process finds the files. Returns the parsed
    /// command for `main` to run, its configuration kept for `run()` (`preloaded`); nil for
    /// any other command line, or one that does not parse (the root parse then reports it,
    /// naming `detent run` as it always did). No worker is forked for `--connect`, or when
    /// the configuration cannot be read (`run()` reports that).
    static func startEarly(_ arguments: ArraySlice<String>) -> Run? {
        guard let own = runArguments(arguments) else { return nil }
        let preload = ConfigPreload.start()
        guard let command = try? Run.parse(own) else {
            _ = preload.join()
            return nil
        }
        var loaded = preload.join()
        if command.config != nil || command.bustedTask != nil { loaded = Result { try command.loadConfiguration() } }
        preloaded = loaded
        if command.connect == nil, case let .success(configuration) = loaded {
            let workerArguments = workerCommand().arguments
            // The preload's thread has returned; the kernel may count it a moment longer.
            WorkerProcess.awaitOneThread(within: 0.005)
            WorkerCommand.forkEarly(workerArguments) { Worker.serve(command: command, configuration: configuration) }
        }
        return command
    }

    /// The configuration this command line names: `--config`, its busted task, else the
    /// default location (`$DETENT_CONFIG`, then the nearest detent.toml).
    func loadConfiguration() throws -> DetentConfiguration {
        try DetentConfiguration.load(ConfigLocation.current(explicit: config, bustedTask: bustedTask))
    }

    /// The configuration `startEarly` read for this command line, or why it could not.
    nonisolated(unsafe) static var preloaded: Result<DetentConfiguration, Error>?

    /// `run`'s own arguments when the command line (after the program) runs spec files —
    /// `run …`, or the default subcommand's arguments — and asks for neither help, the
    /// version nor a completion script; nil otherwise.
    static func runArguments(_ arguments: ArraySlice<String>) -> [String]? {
        if let first = arguments.first, first != "run", Detent.commandNames.contains(first) || first == "help" { return nil }
        let asking: Set<String> = ["-h", "--help", "--version", "--experimental-dump-help", "--generate-completion-script"]
        guard !arguments.contains(where: { asking.contains($0) }) else { return nil }
        return Array(arguments.first == "run" ? arguments.dropFirst() : arguments)
    }

    private func splitTags(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map { $0.trimmingSpaces() }.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }
}
