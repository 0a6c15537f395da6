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

    func run() throws {
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
            let configuration = try DetentConfiguration.load(ConfigLocation.current(explicit: command.config, bustedTask: command.bustedTask))
            let options = try command.effectiveOptions(configuration: configuration)
            let runner = try SpecRunner(configuration: configuration, options: options, reporter: SilentReporter())
            WorkerServer.serve(runner)
        } catch {
            WorkerServer.refuse(Run.message(for: error))
        }
    }
}
