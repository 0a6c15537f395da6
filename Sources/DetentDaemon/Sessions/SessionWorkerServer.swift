import CPlatform
import DetentPlatform
import DetentRuntime
import Glibc
import Logging
import NIOConcurrencyHelpers

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
    /// How often the published clock is looked at (seconds).
    static let clockInterval = 0.05

    public static func serve() -> Never {
        let (line, rest) = WorkerServer.readSetup()
        let owned: QueueOwned<LiveSession>
        do {
            let setup = try SessionWorkerSetup(JSONValue.parse(line))
            owned = try setup.makeSession(logger: Logger(label: "detent.live") { _ in PipeLogHandler(send: send) })
        } catch {
            WorkerServer.refuse("\(error)")
        }
        let service = SessionService(owned, send: send)
        let interrupts = detent_signal_pipe(interruptSignal)
        guard interrupts >= 0 else { WorkerServer.refuse("cannot take SIGUSR1 for interrupts: \(String(cString: strerror(errno)))") }
        DetachedThread.start(name: "session-interrupt") {
            var byte: UInt8 = 0
            while true {
                let count = read(interrupts, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                owned.interrupt()
            }
        }
        WorkerServer.sayReady()
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
                service.handle(message)
            }
            WorkerServer.readMore(into: &buffer)
        }
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
