import DetentDaemonClient
import ArgumentParser
import DetentConsole
import DetentDaemon
import DetentPlatform
import DetentRuntime
import DetentScripting
import FoundationEssentials
#if canImport(Glibc)
import Glibc
import DetentConfig
#endif

/// `detent console`: a Lua REPL on a live world (SPEC §10), on the real-time display link
/// or in virtual time. Like `lua`: `-e CODE`, a script argument, `-i` to stay after them,
/// and piped standard input read line by line without prompts.
struct ConsoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "A Lua REPL on a live world (the global `world`) in real time.",
        discussion: """
            Expressions print their values; an unfinished chunk continues on a '>>' line. Ctrl-C stops running code or a \
            wait, Ctrl-D quits; :help lists the commands (:pause :resume :step :speed :status :trace :plot :reset :load \
            :reload :record :stop). History: $XDG_STATE_HOME/detent/console_history. Exit status: 1 when code given with -e, a script \
            or piped input failed, or the daemon of --connect went away; 2 on usage or config errors.
            """
    )

    @Flag(name: .long, help: "Virtual time: time passes only while code waits, as fast as it computes.")
    var virtual = false

    @Option(name: .long, help: "Device profile of the world (a name from config/devices.toml).")
    var device: String?

    @Option(name: .long, help: ArgumentHelp(ConfigHelp.text))
    var config: String?

    @Option(name: .customLong("plugins"), help: "Also load the plugins in this folder (repeatable; besides scripts/plugins and [plugins] paths).")
    var pluginFolders: [String] = []

    @Flag(name: .customLong("no-plugins"), help: "Load no plugins at all.")
    var noPlugins = false

    @Option(name: .customShort("e"), help: "Run this Lua code and print its values (repeatable); exit status 1 if it fails.")
    var code: [String] = []

    @Flag(name: .customShort("i"), help: "Stay interactive after -e and the script.")
    var interactive = false

    @Option(name: .long, help: "The console on the live world of the daemon listening on this Unix socket (detent daemon --socket).")
    var connect: String?

    @Option(name: .long, help: "With --connect: a world of your own on the daemon (a named session, opened on first use), which :reset and :record can start over; default: the daemon's shared world.")
    var session: String?

    @Argument(help: "A Lua file to run in the world (then exit, unless -i).")
    var script: String?

    func validate() throws {
        if session != nil && connect == nil { throw ValidationError("--session names a world on a daemon; it needs --connect SOCKET") }
        guard connect != nil else { return }
        let owned = [(virtual, "--virtual"), (device != nil, "--device"), (!pluginFolders.isEmpty, "--plugins"),
                     (noPlugins, "--no-plugins")].filter(\.0).map(\.1)
        if !owned.isEmpty {
            throw ValidationError("--connect cannot be combined with \(owned.joined(separator: ", ")): the daemon owns its world's clock, device and plugins")
        }
    }

    func run() throws {
        let evaluator: ConsoleEvaluator
        let banner: String
        if let connect {
            evaluator = try connectedEvaluator(connect)
            let world = session.map { "session '\($0)' of the daemon" } ?? "the daemon"
            banner = "Detent \(DetentVersion.string) console: \(world) at \(connect). :help for commands, Ctrl-D quits."
        } else {
            let configuration = try loadConfigurationOrExit(config)
            evaluator = try localEvaluator(configuration)
            banner = "Detent \(DetentVersion.string) console: \(device ?? configuration.run.defaultDevice), \(virtual ? "virtual time" : "real time"). :help for commands, Ctrl-D quits."
        }
        defer { evaluator.close() }
        evaluator.onOutput = { Console.standardOutput($0 + "\n") }
        let console = Console(evaluator: evaluator)

        for chunk in code where !console.run(chunk, chunkName: "(command line)") { throw ExitCode(1) }
        if let script {
            guard let data = FileManager.default.contents(atPath: script) else {
                StandardError.write("detent: cannot read \(script)\n")
                throw ExitCode(2)
            }
            if !console.run(String(decoding: data, as: UTF8.self), chunkName: script) { throw ExitCode(1) }
        }
        guard interactive || (code.isEmpty && script == nil) else { return }
        if isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 {
            ConsoleTerminal(console: console).run(banner: banner)
        } else if !console.runLines({ readLine(strippingNewline: true) }) {
            throw ExitCode(1)
        }
    }

    private func localEvaluator(_ configuration: DetentConfiguration) throws -> LocalEvaluator {
        var options = LocalEvaluator.Options(configuration: configuration)
        options.device = device
        options.pluginFolders = pluginFolders
        options.noPlugins = noPlugins
        options.virtualTime = virtual
        let evaluator: LocalEvaluator
        do {
            evaluator = try LocalEvaluator(options: options)
        } catch let error as UsageError {
            StandardError.write("detent: \(error)\n")
            throw ExitCode(2)
        } catch let error as ConfigError {
            StandardError.write("detent: \(error)\n")
            throw ExitCode(2)
        }
        for note in evaluator.startupNotes { StandardError.write("detent: \(note)\n") }
        return evaluator
    }

    /// The daemon's evaluator; when the daemon goes away the terminal is given back as it
    /// was and the console ends with one line and exit status 1, whatever it was doing.
    private func connectedEvaluator(_ socket: String) throws -> DaemonEvaluator {
        let evaluator: DaemonEvaluator
        do {
            evaluator = try DaemonEvaluator(socketPath: socket, session: session)
        } catch let failure as DaemonClient.Failure {
            StandardError.write("detent: \(failure)\n")
            throw ExitCode(failure.exitCode)
        }
        var terminal = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &terminal) == 0
        evaluator.onGone = {
            var saved = terminal
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            StandardError.write("\ndetent: the daemon at \(socket) went away\n")
            _exit(1) // not exit(): atexit handlers would race the threads still running
        }
        return evaluator
    }
}
