import DetentDaemonClient
import DetentJSON
import DetentPlatform
import DetentRuntime
import Dispatch
import FoundationEssentials
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
import DetentConfig
#endif

/// `detent daemon`'s lifecycle as a state machine: starting → serving → draining → stopped.
/// Serving binds the Unix socket (0600 in a 0700 folder) and optionally loopback TCP; a
/// SIGTERM, SIGINT or `shutdown` request drains: stop accepting, pause the live world after
/// its current frame, tell every client, give runs in flight the grace period, cancel the
/// rest (each still answered), flush, remove the socket.
public final class DaemonServer: @unchecked Sendable {
    public struct Options {
        public var socketPath: String
        /// "127.0.0.1:PORT" or "[::1]:PORT".
        public var tcp: String?
        public var tokenFile: String?
        /// Detent Studio's address, "127.0.0.1:PORT" or "[::1]:PORT" (port 0: any free one).
        public var http: String?
        /// Where plugins come from; nil loads none (`--no-plugins`).
        public var plugins: PluginOrigin?
        public init(socketPath: String, tcp: String? = nil, tokenFile: String? = nil, http: String? = nil,
                    plugins: PluginOrigin? = PluginOrigin()) {
            self.socketPath = socketPath
            self.tcp = tcp
            self.tokenFile = tokenFile
            self.http = http
            self.plugins = plugins
        }
    }

    enum Phase { case starting, serving, draining, stopped }

    let daemon: Daemon
    let options: Options
    let logger: Logger
    let group: MultiThreadedEventLoopGroup
    private var channels: [Channel] = []
    private let lock = NIOLock()
    private var phase = Phase.starting
    private let stopped = DispatchSemaphore(value: 0)
    /// The studio's token: the TCP token when there is one, else a random one.
    private let studioToken: String
    /// The studio's access rules, once its port is bound.
    private let studioAccess = NIOLockedValueBox<StudioAccess?>(nil)
    /// The file holding the studio's URL (0600), removed at shutdown.
    private var studioURLFile: String?

    /// The process should have called `ShutdownSignals.block()` first (before any thread
    /// started), or a SIGTERM or SIGINT may be lost or kill the daemon without a drain.
    public init(configLocation: ConfigLocation, options: Options, logger: Logger) throws {
        let configuration = try DetentConfiguration.load(configLocation)
        var token: String?
        if options.tcp != nil {
            guard let tokenFile = options.tokenFile else {
                throw DaemonSocket.Problem(description: "--tcp needs --token-file FILE (a file of mode 0600 holding the token clients must send)")
            }
            token = try DaemonServer.readToken(tokenFile)
        }
        studioToken = token ?? StudioAccess.randomToken()
        if let http = options.http { _ = try DaemonServer.loopbackAddress(http, option: "--http") }
        // The sessions' workers listen beside the daemon's socket from the start: the folder
        // is made, and a live daemon on the same path refused, before any of them starts.
        try DaemonSocket.prepareFolder(for: options.socketPath)
        if try DaemonSocket.clearStale(at: options.socketPath) {
            logger.notice("replaced a stale socket left by a daemon that is gone", metadata: ["path": "\(options.socketPath)"])
        }
        // One event loop serves clients and the live sessions' worker sockets alike: an answer
        // from a session reaches its client's connection on the thread it arrived on.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            daemon = try Daemon(configLocation: configLocation, configuration: configuration, token: token, plugins: options.plugins,
                                eventLoop: group.next(), sessionSockets: options.socketPath, logger: logger)
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.group = group
        self.options = options
        self.logger = logger
    }

    static func readToken(_ path: String) throws -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw DaemonSocket.Problem(description: "cannot read the token file \(path)") }
        guard info.st_mode & 0o077 == 0 else {
            throw DaemonSocket.Problem(description: "the token file \(path) must be readable by its owner only (chmod 600 \(path))")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw DaemonSocket.Problem(description: "cannot read the token file \(path)")
        }
        let token = text.trimmingWhitespace()
        guard token.count >= 16 else { throw DaemonSocket.Problem(description: "the token in \(path) is too short (at least 16 characters)") }
        return token
    }

    /// Binds `bootstrap` to the loopback `address` given with `option`; a port taken or refused
    /// says so in the option's words.
    private func listen(_ option: String, _ address: String, _ bootstrap: ServerBootstrap) throws -> Channel {
        let socketAddress = try DaemonServer.loopbackAddress(address, option: option)
        do {
            let channel = try bootstrap.bind(to: socketAddress).wait()
            channels.append(channel)
            return channel
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw DaemonSocket.Problem(description: "\(option) \(address): the port is taken (another daemon's? pass another port, or 0 for any free one)")
        } catch {
            throw DaemonSocket.Problem(description: "\(option) \(address): cannot listen: \(error)")
        }
    }

    /// Writes the studio's URL, token and all, to `<socket>.studio` (mode 0600, as the socket),
    /// for tools that start a daemon and open its page; returns the path.
    static func writeStudioURL(_ url: String, beside socket: String) throws -> String {
        let path = socket + ".studio"
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DaemonSocket.Problem(description: "cannot write the studio's URL to \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array((url + "\n").utf8)
        guard ChildProcess.writeAll(bytes, to: fd) else {
            throw DaemonSocket.Problem(description: "cannot write the studio's URL to \(path): \(String(cString: strerror(errno)))")
        }
        return path
    }

    /// Parses "127.0.0.1:PORT" / "[::1]:PORT"; anything but loopback is refused.
    static func loopbackAddress(_ text: String, option: String = "--tcp") throws -> SocketAddress {
        let host: String, port: String
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            port = String(text[text.index(after: close)...].dropFirst())
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            port = String(text[text.index(after: colon)...])
        } else {
            throw DaemonSocket.Problem(description: "\(option) expects 127.0.0.1:PORT or [::1]:PORT (got \(text))")
        }
        guard let number = Int(port), (0...65535).contains(number) else {
            throw DaemonSocket.Problem(description: "\(option): '\(port)' is not a port number")
        }
        let address = try SocketAddress(ipAddress: host, port: number)
        let isLoopback: Bool
        switch address {
        case .v4: isLoopback = address.ipAddress?.hasPrefix("127.") == true   // 127.0.0.0/8, as NIO prints it
        case .v6: isLoopback = host == "::1"
        default: isLoopback = false
        }
        guard isLoopback else {
            throw DaemonSocket.Problem(description: "\(option) listens on loopback only (127.0.0.1 or ::1); \(host) is refused")
        }
        return address
    }

    private func bootstrap(requiresToken: Bool) -> ServerBootstrap {
        let daemon = self.daemon
        return ClientConnection.bootstrap(group: group, server: daemon, requiresToken: requiresToken, logger: logger) { daemon.nextClientID() }
    }

    /// Binds, serves until a shutdown has drained, and returns (exit status 0). `ready` gets
    /// where the daemon listens once it accepts connections; `studio`, then, the studio's URL
    /// with its token (with `--http`).
    public func run(ready: (String) -> Void, studio: (String) -> Void = { _ in }) throws {
        let path = options.socketPath
        let previous = umask(0o177)
        let unix: Channel
        do {
            unix = try bootstrap(requiresToken: false).bind(unixDomainSocketPath: path).wait()
        } catch {
            umask(previous)
            throw DaemonSocket.Problem(description: "cannot listen on \(path): \(error)")
        }
        umask(previous)
        _ = chmod(path, 0o600)
        channels.append(unix)
        var where_ = path
        var studioURL: String?
        do {
            if let tcp = options.tcp {
                let channel = try listen("--tcp", tcp, bootstrap(requiresToken: true))
                where_ += " and \(channel.localAddress.map { "\($0)" } ?? tcp)"
            }
            if let http = options.http {
                let access = studioAccess
                let channel = try listen("--http", http, StudioServer.bootstrap(group: group, daemon: daemon,
                                                                               access: { access.withLockedValue { $0 } }, logger: logger))
                guard let address = channel.localAddress, let port = address.port else {
                    throw DaemonSocket.Problem(description: "--http: the studio's listener has no address")
                }
                let rules = StudioAccess(token: studioToken, address: address)
                access.withLockedValue { $0 = rules }
                let host = address.protocol == .inet6 ? "[\(address.ipAddress ?? "::1")]:\(port)" : "\(address.ipAddress ?? "127.0.0.1"):\(port)"
                studioURL = rules.url(host: host)
                where_ += " and http://\(host)/"
                studioURLFile = try DaemonServer.writeStudioURL(rules.url(host: host), beside: path)
            }
        } catch {
            // Nothing of this daemon stays behind: its listeners, its socket, its sessions' workers.
            for channel in channels { try? channel.close().wait() }
            unlink(path)
            for session in daemon.sessionWorkers { session.stop("the daemon could not start", wait: true) }
            try? group.syncShutdownGracefully()
            throw error
        }
        daemon.onShutdownRequested = { [weak self] reason in self?.shutdown(reason) }
        lock.lock(); phase = .serving; lock.unlock()
        // After .serving: a signal that came while binding was pending, and is taken now.
        ShutdownSignals.receive { [weak self] reason in self?.shutdown(reason) }
        logger.notice("listening", metadata: ["socket": "\(path)", "tcp": "\(options.tcp ?? "-")"])
        ready(where_)
        if let studioURL { studio(studioURL) }
        stopped.wait()
        try? group.syncShutdownGracefully()
    }

    /// Drains and stops (once; later calls are ignored). Runs on a thread of its own.
    public func shutdown(_ reason: String) {
        lock.lock()
        guard phase == .serving else { lock.unlock(); return }
        phase = .draining
        lock.unlock()
        DetachedThread.start { [self] in drain(reason) }
    }

    private func drain(_ reason: String) {
        logger.notice("shutting down", metadata: ["reason": "\(reason)"])
        // Stop accepting; the live world finishes its current frame and stands still.
        for channel in channels { try? channel.close().wait() }
        daemon.registry.withLockedValue { $0.shuttingDown = true }
        // Not waited for: a session stuck in native code must not hold the shutdown up.
        let sessions = daemon.sessionWorkers
        for session in sessions {
            session.interrupt(shuttingDown: true)
            session.notify("quiesce")
        }
        let grace = daemon.config.shutdownGraceSeconds
        daemon.broadcast(JSONRPC.notification("daemon/shutdown", .object([("reason", .string(reason)), ("grace_seconds", .double(grace))])))
        // Runs in flight get the grace period, then are cancelled; each is still answered.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(grace * 1e9)
        while !daemon.activeRuns.isEmpty && DispatchTime.now().uptimeNanoseconds < deadline { usleep(10_000) }
        let late = daemon.activeRuns
        if !late.isEmpty { logger.notice("cancelling runs still in flight", metadata: ["runs": "\(late.map(\.id))"]) }
        for run in late { run.cancel() }
        let cancelDeadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while !daemon.activeRuns.isEmpty && DispatchTime.now().uptimeNanoseconds < cancelDeadline { usleep(10_000) }
        // The evals the sessions were told to stop answer before their clients close (a
        // session stuck in native code is not waited for past a second).
        let answerDeadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        while sessions.contains(where: \.isAnswering) && DispatchTime.now().uptimeNanoseconds < answerDeadline { usleep(5_000) }
        // Flush what every client is owed, then close.
        let clients = daemon.registry.withLockedValue { Array($0.clients.values) }
        for client in clients { client.close() }
        let closeDeadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
        while daemon.registry.withLockedValue({ !$0.clients.isEmpty }) && DispatchTime.now().uptimeNanoseconds < closeDeadline { usleep(5_000) }
        for session in sessions { session.stop("the daemon is shutting down", wait: true) }
        unlink(options.socketPath)
        if let studioURLFile { unlink(studioURLFile) }
        lock.lock(); phase = .stopped; lock.unlock()
        logger.notice("stopped")
        stopped.signal()
    }
}
