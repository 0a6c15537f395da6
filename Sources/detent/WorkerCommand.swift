import ArgumentParser
import CLuaShim
import DetentDaemon
import DetentPlatform
import DetentRuntime
import FoundationEssentials
import DetentConfig
import DetentReports

/// `detent __worker run ARGS…` (hidden): a worker process of `detent run`. It sets itself up
/// exactly as `detent run ARGS…` would (config, options, plugins, helper), then runs the spec
/// files its coordinator sends over fd 3 (WorkerServer) until the coordinator goes.
/// `detent __worker daemon-run`: the same for a daemon's `run`, set up by the daemon's first
/// line on the pipe (DaemonRunWorker). `detent __worker daemon-session`: a daemon's live
/// session (SessionWorkerServer).
struct Worker: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "__worker", abstract: "A worker process of detent run (internal).",
                                                    shouldDisplay: false)

    @Argument(parsing: .captureForPassthrough, help: "run, then the coordinator's run arguments")
    var arguments: [String] = []

    func run() throws { Worker.serve(arguments) }

    /// Serves as the worker `arguments` name (they come from this binary, never from a
    /// person): `Detent.main` calls it before ArgumentParser, whose parse of the root command
    /// cost each worker ~20 M instructions of reflection (BENCHMARKS.md).
    static func serve(_ arguments: [String]) -> Never {
        WorkerServer.prepareProcess()
        if arguments == ["daemon-run"] { DaemonRunWorker.serve(reporter: SilentReporter()) }
        if arguments == ["daemon-session"] {
            detent_return_large_blocks_at_once()
            SessionWorkerServer.serve()
        }
        guard arguments.first == "run" else {
            WorkerServer.refuse("a worker serves `run`, `daemon-run` or `daemon-session` (got \(arguments.first ?? "nothing"))")
        }
        do {
            let command = try Run.parse(Array(arguments.dropFirst()))
            serve(command: command, configuration: try command.loadConfiguration())
        } catch {
            WorkerServer.refuse(Run.message(for: error))
        }
    }

    /// Serves as a worker of `run`'s `command` with its `configuration`: what a spawned worker
    /// read from its command line, or what a forked one took from its coordinator
    /// (`Run.startEarly`). The first file's session is made at once, while the coordinator
    /// still finds the files; the run's seed and memory limit come with the setup line. The
    /// caller has prepared the process (`WorkerServer.prepareProcess`).
    static func serve(command: Run, configuration: DetentConfiguration) -> Never {
        do {
            var options = try command.effectiveOptions(configuration: configuration)
            var runner = try SpecRunner(configuration: configuration, options: options, reporter: SilentReporter())
            runner.prepareSession()
            let (line, rest) = WorkerServer.readSetup()
            let setup = try RunWorkerSetup(line: line)
            WorkerServer.limitMemory(to: setup.memoryBytes)
            if runner.settings.seed != setup.seed {
                // A seed the coordinator chose (`--shuffle` without `--seed`): sessions hold
                // their seed, so the runner and its session are made again with it.
                options.seed = setup.seed
                runner = try SpecRunner(configuration: configuration, options: options, reporter: SilentReporter())
            }
            WorkerServer.serve(runner, pending: rest)
        } catch {
            WorkerServer.refuse(Run.message(for: error))
        }
    }
}
