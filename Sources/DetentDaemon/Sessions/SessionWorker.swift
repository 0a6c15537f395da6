import DetentPlatform
import DetentRuntime
import Glibc

/// The daemon's handle on a live session kept in a worker process of its own
/// (`detent __worker daemon-session`, `SessionWorkerServer`): requests go out as lines, each
/// answered once by its `reply`; the session's events, samples, clock and log records come
/// back and go to `Handlers`. Whatever the session does — loop in C, crash, flood — the daemon
/// only ever waits for it on this handle's reader thread, and `stop` ends it at once.
///
/// Requests are written without waiting: what the socket does not take at once is queued and
/// written by a thread of its own, so an event loop never blocks on a busy worker. Any thread
/// may call `request`, `notify` and `stop`.
final class SessionWorker: @unchecked Sendable {
    /// What the daemon does with what comes back (called on the reader thread).
    struct Handlers: Sendable {
        /// An `event` or `sample` notification's params, by the method it goes out as.
        var notification: @Sendable (SessionWorker, String, JSONValue) -> Void
        /// A log record of the session (level, message).
        var log: @Sendable (SessionWorker, String, String) -> Void
        /// The worker ended unasked, after it was ready (it crashed, or broke the protocol):
        /// why, as requests it did not answer were told.
        var died: @Sendable (SessionWorker, String) -> Void
    }

    enum Phase {
        case starting, ready
        case ended(JSONRPC.Failure)
    }

    let name: String
    /// The session's clock as its worker last published it (`status` reads it).
    let published = PublishedClock()
    private let process: WorkerProcess
    private let limits: WorkerLimits
    private let handlers: Handlers
    private let state = Condition()
    private var phase = Phase.starting
    private var pending: [Int: Daemon.Reply] = [:]
    private var nextID = 0
    /// Bytes the socket did not take yet, and whether a writer thread is writing them.
    private var backlog: [UInt8] = []
    private var writing = false

    /// Starts the worker and sends its setup; it takes requests at once (they wait in the
    /// socket while it sets up). Throws `ChildProcess.StartFailure` when it cannot start.
    init(name: String, command: WorkerCommand, limits: WorkerLimits, handlers: Handlers) throws {
        self.name = name
        self.limits = limits
        self.handlers = handlers
        process = try command.start()
        if let setup = command.setup { enqueue(Array(setup.utf8) + [UInt8(ascii: "\n")]) }
        DetachedThread.start(name: "session-\(process.pid)") { [self] in read() }
    }

    var pid: pid_t { process.pid }

    /// Waits until the worker has set up (the daemon's start waits so for the shared world):
    /// throws `UsageError` with the worker's own message when it could not.
    func waitUntilReady() throws {
        state.lock()
        defer { state.unlock() }
        while case .starting = phase { state.wait() }
        if case let .ended(failure) = phase { throw UsageError(description: failure.message) }
    }

    /// Sends `method` with `params`; `reply` is called once, on some thread: with the
    /// worker's answer, or the failure that ended it first.
    func request(_ method: String, _ params: JSONValue, reply: @escaping Daemon.Reply) {
        state.lock()
        if case let .ended(failure) = phase {
            state.unlock()
            return reply(.failure(failure))
        }
        nextID += 1
        pending[nextID] = reply
        enqueue(line(.object([("id", .int(Int64(nextID))), ("method", .string(method)), ("params", params)])))
        state.unlock()
    }

    /// Sends `method` without waiting for an answer (`interrupt`, `unsubscribe`, `quiesce`).
    func notify(_ method: String, _ params: JSONValue = .object([])) {
        state.lock()
        if case .ended = phase {} else { enqueue(line(.object([("method", .string(method)), ("params", params)]))) }
        state.unlock()
    }

    /// Ends the session: requests not answered yet fail with `reason` (error `code`), later
    /// ones at once, and the worker is stopped (SIGTERM, then SIGKILL) and reaped — on a thread
    /// of its own unless `wait`.
    func stop(_ reason: String, code: Int = JSONRPC.sessionLost, wait: Bool = false) {
        let failure = JSONRPC.Failure(code, reason)
        if let unanswered = end(failure) {
            for reply in unanswered { reply(.failure(failure)) }
        }
        if wait { process.terminate(grace: limits.terminateGraceSeconds) } else {
            DetachedThread.start(name: "session-stop") { [self] in process.terminate(grace: limits.terminateGraceSeconds) }
        }
    }

    /// Moves to `.ended` once; returns the replies still owed (nil when it had ended already).
    private func end(_ failure: JSONRPC.Failure) -> [Daemon.Reply]? {
        state.lock()
        defer { state.broadcast(); state.unlock() }
        if case .ended = phase { return nil }
        phase = .ended(failure)
        let unanswered = Array(pending.values)
        pending = [:]
        backlog = []
        return unanswered
    }

    private func line(_ message: JSONValue) -> [UInt8] { Array(message.text.utf8) + [UInt8(ascii: "\n")] }

    // MARK: Writing (under `state`)

    private func enqueue(_ bytes: [UInt8]) {
        if !writing && backlog.isEmpty {
            // A socket the worker closed: its reader sees the end and says why.
            guard let written = process.sendNow(bytes[...]), written < bytes.count else { return }
            backlog.append(contentsOf: bytes[written...])
        } else {
            backlog.append(contentsOf: bytes)
        }
        guard !writing else { return }
        writing = true
        DetachedThread.start(name: "session-write") { [self] in writeBacklog() }
    }

    private func writeBacklog() {
        while true {
            state.lock()
            let bytes = backlog
            backlog = []
            if bytes.isEmpty { writing = false }
            state.unlock()
            if bytes.isEmpty { return }
            if !process.sendAll(bytes) {
                state.lock()
                backlog = []
                writing = false
                state.unlock()
                return
            }
        }
    }

    // MARK: Reading (the reader thread)

    private func read() {
        while true {
            let line: [UInt8]
            do { line = try process.readLine(deadline: nil, limit: limits.lineBytes, first: UInt8(ascii: "{")) } catch {
                return ended(error == .closed ? nil : "it sent what is not its protocol (\(error))")
            }
            guard let message = try? JSONValue.parse(line) else { return ended("it sent a line that is not JSON") }
            route(message)
        }
    }

    private func route(_ message: JSONValue) {
        if let id = message["id"]?.integer {
            state.lock()
            let reply = pending.removeValue(forKey: Int(id))
            state.unlock()
            if let error = message["error"] {
                reply?(.failure(JSONRPC.Failure(Int(error["code"]?.integer ?? Int64(JSONRPC.internalError)),
                                                error["message"]?.stringValue ?? "the session's worker failed", data: error["data"])))
            } else {
                reply?(.success(message["result"] ?? .null))
            }
        } else if let params = message["sample"] {
            handlers.notification(self, "sample", params)
        } else if let params = message["event"] {
            handlers.notification(self, "event", params)
        } else if let clock = message["clock"] {
            published.publish(PublishedClock.Reading(json: clock))
        } else if let level = message["log"]?.stringValue {
            handlers.log(self, level, message["message"]?.stringValue ?? "")
        } else if message["ready"] != nil {
            state.lock()
            if case .starting = phase { phase = .ready }
            state.broadcast()
            state.unlock()
        } else if let refusal = message["usage_error"]?.stringValue {
            stop("cannot open session '\(name)': \(refusal)", code: JSONRPC.usageError)
        }
    }

    /// The pipe ended or broke: unless the daemon stopped the worker itself, it is stopped and
    /// reaped, and every request it owed is told how it ended.
    private func ended(_ protocolError: String?) {
        state.lock()
        let wasReady: Bool
        switch phase {
        case .ended: state.unlock(); return
        case .starting: wasReady = false
        case .ready: wasReady = true
        }
        state.unlock()
        let ending = process.terminate(grace: limits.terminateGraceSeconds)
        let tail = process.standardErrorTail()
        var why = protocolError.map { "the session's worker process \($0) and was stopped" } ?? "the session's worker process \(ending)"
        if !tail.isEmpty { why += "; its standard error: \(tail)" }
        guard let unanswered = end(JSONRPC.Failure(JSONRPC.sessionLost, why)) else { return }
        let message = wasReady ? why + "; session '\(name)' was restarted with a fresh world" : why
        for reply in unanswered { reply(.failure(JSONRPC.Failure(JSONRPC.sessionLost, message))) }
        if wasReady { handlers.died(self, why) }
    }
}
