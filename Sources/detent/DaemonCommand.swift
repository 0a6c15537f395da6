import ArgumentParser
import CLuaShim
import DetentDaemon
import DetentPlatform
import DetentRuntime
import FoundationEssentials
import Logging
import DetentConfig

/// `detent daemon`: a long-running live world and scenario runner behind a JSON-RPC 2.0
/// socket (SPEC §10, docs/protocol.md).
struct DaemonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "Serve a live world and scenario runs over JSON-RPC 2.0 on a Unix socket.",
        discussion: "Protocol: docs/protocol.md. Stops on SIGTERM, SIGINT or a 'shutdown' request, letting runs in flight finish within [shutdown] grace_seconds of config/daemon.toml."
    )

    @Option(name: .long, help: "Unix socket path (default: [socket] path of config/daemon.toml, else $XDG_RUNTIME_DIR/detent/detent.sock or /tmp/detent-$UID/detent.sock).")
    var socket: String?

    @Option(name: .long, help: "Also listen on loopback TCP, 127.0.0.1:PORT or [::1]:PORT (needs --token-file).")
    var tcp: String?

    @Option(name: .customLong("token-file"), help: "A file of mode 0600 holding the token TCP clients send in initialize.")
    var tokenFile: String?

    @Option(name: .long, help: "Also serve Detent Studio, the live world in a browser, on 127.0.0.1:PORT or [::1]:PORT (port 0: any free one); prints its URL with a token.")
    var http: String?

    @Option(name: .long, help: ArgumentHelp(ConfigHelp.text))
    var config: String?

    @Option(name: .customLong("plugins"), help: "Also load the plugins in this folder (repeatable; besides scripts/plugins and [plugins] paths). 'reload' reads them again.")
    var pluginFolders: [String] = []

    @Flag(name: .customLong("no-plugins"), help: "Load no plugins at all.")
    var noPlugins = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (to standard error).")
    var logLevel: String = "notice"

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of: trace, debug, info, notice, warning, error, critical (got \(logLevel))")
        }
        if tokenFile != nil && tcp == nil { throw ValidationError("--token-file goes with --tcp") }
    }

    func run() throws {
        // First, before any thread starts: every thread inherits the blocked signals, so
        // none can lose a SIGTERM or SIGINT meant for the daemon's drain.
        ShutdownSignals.block()
        // A long-lived process whose sessions may see memory bombs: big blocks go back to the
        // system when freed (issue 28 §4: the daemon's memory comes back after hostile work).
        detent_return_large_blocks_at_once()
        var logger = Logger(label: "detent.daemon") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = Logger.Level(rawValue: logLevel)!
        let location = ConfigLocation.current(explicit: config)
        do {
            let daemonConfig = try DetentConfiguration.load(location).daemon
            let path = socket ?? (daemonConfig.socketPath.isEmpty ? DaemonSocket.defaultPath() : daemonConfig.socketPath)
            let plugins = noPlugins ? nil : PluginOrigin(folders: pluginFolders)
            let server = try DaemonServer(configLocation: location,
                                          options: .init(socketPath: path, tcp: tcp, tokenFile: tokenFile, http: http, plugins: plugins),
                                          logger: logger)
            try server.run(ready: { place in
                StandardOutput.write("detent daemon listening on \(place)\n")
            }, studio: { url in
                StandardOutput.write("detent studio: \(url)\n")
            })
        } catch let error as ConfigError {
            StandardError.write("detent daemon: \(error)\n")
            throw ExitCode(2)
        } catch let error as DaemonSocket.Problem {
            StandardError.write("detent daemon: \(error)\n")
            throw ExitCode(1)
        } catch let error as UsageError {
            StandardError.write("detent daemon: \(error)\n")
            throw ExitCode(2)
        }
    }
}
