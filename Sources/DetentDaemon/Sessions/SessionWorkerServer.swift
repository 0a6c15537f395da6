import DetentDaemonClient
import CPlatform
import DetentPlatform
import DetentRuntime
import Glibc
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import DetentJSON
import DetentConfig

/// `detent __worker daemon-session`: the process a daemon keeps one live session in (the
/// shared world, or a named session), so that code stuck or crashing in it — in Lua or in C —
/// takes only that session with it, and the daemon can always replace it.
///
/// Threads: the main thread reads the daemon's requests from fd 3 and runs each on the
/// session's queue (`sync`: on the main thread itself, while the queue is its); the queue's
/// own thread runs the display link and what waits on it; one thread waits for SIGUSR1 — the
/// daemon's interrupt, which must reach an eval that holds the main thread — and stops the
/// evals running (the console's Ctrl-C); one forwards the session's published clock
/// (`{"clock": …}`) while it changes, at most every 50 ms, for the daemon's `status`. Every
/// thread writes through one lock; a pipe that fails ends the worker.
public enum SessionWorkerServer {
    private static let writes = NIOLock()
    /// The signal the daemon interrupts a session's evals with.
    public static let interruptSignal = SIGUSR1
    /// The signal it interrupts them with when it shuts down (the evals' answers say so).
    public static let shutdownSignal = SIGUSR2
    /// How often the published clock is looked at (seconds).
    static let clockInterval = 0.05

    public static func serve() -> Never {
        let (line, rest) = WorkerServer.readSetup()
        let owned: QueueOwned<LiveSession>, service: SessionService, listening: String?
        do {
            let setup = try SessionWorkerSetup(JSONValue.parse(line))
            let logger = Logger(label: "detent.live") { _ in PipeLogHandler(send: send) }
            let config: DaemonConfiguration
            (owned, config) = try setup.makeSession(logger: logger)
            service = SessionService(owned)
            // A session that cannot listen still serves the daemon; `session/attach` says why.
            do {
                listening = try setup.listen.map { path in
                    try listen(on: path, endpoint: SessionEndpoint(name: setup.name, config: config, service: service), logger: logger)
                }
            } catch {
                logger.warning("cannot listen for attached connections: \(error)")
                listening = nil
            }
        } catch {
            WorkerServer.refuse("\(error)")
        }
        let interrupts = detent_signal_pipe(interruptSignal)
        guard interrupts >= 0, detent_signal_pipe(shutdownSignal) == interrupts else {
            WorkerServer.refuse("cannot take SIGUSR1 and SIGUSR2 for interrupts: \(String(cString: strerror(errno)))")
        }
        DetachedThread.start(name: "session-interrupt") {
            var byte: UInt8 = 0
            while true {
                let count = read(interrupts, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                owned.interrupt(Int32(byte) == shutdownSignal ? LiveSession.shutdownReason : LiveSession.interruptReason)
            }
        }
        // Through `send`'s lock: attached connections' log records may be on their way already.
        send(.object([("ready", .bool(true))]))
        DetachedThread.start(name: "session-clock") {
            var last = PublishedClock.Reading()
            while true {
                let reading = owned.publishedClock.reading
                if reading != last {
                    last = reading
                    send(.object([("clock", reading.json)]))
                }
                usleep(useconds_t(clockInterval * 1e6))
            }
        }
        var buffer = rest
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let message = try? JSONValue.parse(line), case .object = message else { _exit(WorkerServer.malformedRequestStatus) }
                if message["method"] == .string("attach"), let id = message["id"] {
                    send(listening.map { .object([("id", id), ("result", .object([("socket", .string($0))]))]) }
                         ?? .object([("id", id), ("error", JSONRPC.Failure(JSONRPC.internalError, "this session takes no attached connections: its socket's path is too long, or it could not listen (see the daemon's log)").json)]))
                    continue
                }
                service.handle(message, send: send)
            }
            WorkerServer.readMore(into: &buffer)
        }
    }

    /// Listens on `path` (0600; a file left there by a worker that was killed is replaced) for
    /// connections attached to the session, on an event loop of their own. Returns the path.
    static func listen(on path: String, endpoint: SessionEndpoint, logger: Logger) throws -> String {
        unlink(path)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let previous = umask(0o177)
        defer { umask(previous) }
        _ = try ClientConnection.bootstrap(group: group, server: endpoint, requiresToken: false, logger: logger) { endpoint.nextClientID() }
            .bind(unixDomainSocketPath: path).wait()
        return path
    }

    /// Writes one message line; a pipe that is gone ends the worker (there is no one to tell).
    @Sendable static func send(_ message: JSONValue) {
        let bytes = Array(message.text.utf8) + [UInt8(ascii: "\n")]
        let sent = writes.withLock { ChildProcess.writeAll(bytes, to: WorkerServer.channel) }
        if !sent { _exit(WorkerServer.pipeFailedStatus) }
    }
}

/// Log records of a session's worker go to the daemon (`{"log": level, "message": …}`), which
/// logs them as its own, with the session's name.
struct PipeLogHandler: LogHandler {
    let send: @Sendable (JSONValue) -> Void
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String,
             function: String, line: UInt) {
        send(.object([("log", .string(level.rawValue)), ("message", .string(message.description))]))
    }
}
