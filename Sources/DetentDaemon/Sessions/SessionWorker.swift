import DetentDaemonClient
import DetentPlatform
import DetentRuntime
import Glibc
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import DetentJSON

/// The daemon's handle on a live session kept in a worker process of its own
/// (`detent __worker daemon-session`, `SessionWorkerServer`): requests go out as lines, each
/// answered once by its `reply`; the session's events, samples, clock and log records come
/// back and go to `Handlers`. Whatever the session does — loop in C, crash, flood — the daemon
/// never waits for it, and `stop` ends it at once.
///
/// The worker's socket is a channel on the daemon's event loop, as clients' connections are:
/// a request is written without waiting (NIO buffers what the socket does not take), and an
/// answer is read and handed to the client's connection on the same thread — no hop between
/// threads on the way. Any thread may call `request`, `notify` and `stop`.
final class SessionWorker: @unchecked Sendable {
    /// What the daemon does with what comes back (called on the event loop).
    struct Handlers: Sendable {
        /// An `event` or `sample` notification's params, by the method it goes out as.
        var notification: @Sendable (SessionWorker, String, JSONValue) -> Void
        /// A log record of the session (level, message).
        var log: @Sendable (SessionWorker, String, String) -> Void
        /// The worker ended unasked, after it was ready (it crashed, or broke the protocol),
        /// and why; the daemon replaces it, then stops it (which answers the requests it owed).
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
    /// The worker's socket for attached connections, removed once it is gone.
    private let socket: String?
    private let limits: WorkerLimits
    private let handlers: Handlers
    /// The worker's socket on the event loop, once registered there.
    private let channel: EventLoopFuture<Channel>
    private let state = Condition()
    private var phase = Phase.starting
    private var pending: [Int: Daemon.Reply] = [:]
    private var nextID = 0

    /// Starts the worker and sends its setup; it takes requests at once (they wait in the
    /// socket while it sets up). Throws `ChildProcess.StartFailure` when it cannot start.
    init(name: String, command: WorkerCommand, limits: WorkerLimits, socket: String?, eventLoop: EventLoop, handlers: Handlers) throws {
        self.name = name
        self.socket = socket
        self.limits = limits
        self.handlers = handlers
        process = try command.start()
        let registered = eventLoop.makePromise(of: Channel.self)
        channel = registered.futureResult
        let reader = SessionWorkerReader(lineBytes: limits.lineBytes)
        reader.worker = self
        ClientBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(BoundedLineDecoder(maxLength: limits.lineBytes)))
                    try channel.pipeline.syncOperations.addHandler(reader)
                }
            }
            .withConnectedSocket(process.duplicateChannel())
            .cascade(to: registered)
        channel.whenFailure { [self] error in ended("could not be served its socket (\(error))") }
        if let setup = command.setup { write(setup) }
    }

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
        let id = nextID
        pending[id] = reply
        state.unlock()
        write(JSONValue.object([("id", .int(Int64(id))), ("method", .string(method)), ("params", params)]).text)
    }

    /// Stops the evals running in the session (the console's Ctrl-C; with `shuttingDown`, the
    /// daemon's shutdown, which their answers name) — a signal, which reaches the worker
    /// however busy it is; the world stays.
    /// Before the worker is ready nothing runs (and the signal would end it: its handler is
    /// not in place yet).
    func interrupt(shuttingDown: Bool = false) {
        state.lock()
        defer { state.unlock() }
        if case .ready = phase { process.signal(shuttingDown ? SessionWorkerServer.shutdownSignal : SessionWorkerServer.interruptSignal) }
    }

    /// Whether requests sent to the worker are still unanswered (shutdown waits for them).
    var isAnswering: Bool {
        state.lock()
        defer { state.unlock() }
        return !pending.isEmpty
    }

    /// Sends `method` without waiting for an answer (`unsubscribe`, `quiesce`).
    func notify(_ method: String, _ params: JSONValue = .object([])) {
        write(JSONValue.object([("method", .string(method)), ("params", params)]).text)
    }

    private func write(_ line: String) {
        channel.whenSuccess { channel in
            var buffer = channel.allocator.buffer(capacity: line.utf8.count + 1)
            buffer.writeString(line)
            buffer.writeInteger(UInt8(ascii: "\n"))
            channel.writeAndFlush(buffer, promise: nil)
        }
    }

    /// Ends the session: requests not answered yet fail with `reason` (error `code`), later
    /// ones at once, and the worker is stopped (SIGTERM, then SIGKILL) and reaped — on a thread
    /// of its own unless `wait`.
    func stop(_ reason: String, code: Int = JSONRPC.sessionLost, wait: Bool = false) {
        let failure = JSONRPC.Failure(code, reason)
        if let unanswered = end(failure) {
            for reply in unanswered { reply(.failure(failure)) }
        }
        channel.whenSuccess { $0.close(promise: nil) }
        if wait { finish() } else {
            DetachedThread.start(name: "session-stop") { [self] in finish() }
        }
    }

    /// Stops and reaps the worker, and removes its socket (a killed worker cannot).
    private func finish() {
        process.terminate(grace: limits.terminateGraceSeconds)
        if let socket { unlink(socket) }
    }

    /// Moves to `.ended` once; returns the replies still owed (nil when it had ended already).
    private func end(_ failure: JSONRPC.Failure) -> [Daemon.Reply]? {
        state.lock()
        defer { state.broadcast(); state.unlock() }
        if case .ended = phase { return nil }
        phase = .ended(failure)
        let unanswered = Array(pending.values)
        pending = [:]
        return unanswered
    }

    // MARK: What comes back (on the event loop)

    /// An answer `{"id":N,"result":…}` as the worker writes it (`SessionService`) is taken
    /// apart without parsing the result, which goes on to the client as the worker wrote it;
    /// every other line is parsed.
    fileprivate func route(_ line: ByteBuffer) -> Bool {
        let bytes = line.readableBytesView
        if let (id, result) = SessionWorker.answer(in: bytes) {
            answer(id, .success(.raw(String(decoding: result, as: UTF8.self))))
            return true
        }
        guard let message = try? JSONValue.parse(Array(bytes)), case .object = message else { return false }
        route(message)
        return true
    }

    /// The id and the result's bytes of a line `{"id":N,"result":…}`; nil for any other line.
    static func answer(in bytes: ByteBufferView) -> (Int, ByteBufferView.SubSequence)? {
        let prefix = resultPrefix, separator = resultSeparator
        guard bytes.count > prefix.count + separator.count + 2, bytes.starts(with: prefix), bytes.last == UInt8(ascii: "}") else { return nil }
        var index = bytes.startIndex + prefix.count
        var id = 0
        while index < bytes.endIndex, let digit = bytes[index].wholeNumberDigit, id < Int.max / 10 {
            id = id * 10 + digit
            index += 1
        }
        guard index > bytes.startIndex + prefix.count, bytes[index...].starts(with: separator) else { return nil }
        return (id, bytes[(index + separator.count)..<(bytes.endIndex - 1)])
    }

    private static let resultPrefix = Array(#"{"id":"#.utf8)
    private static let resultSeparator = Array(#","result":"#.utf8)

    private func answer(_ id: Int, _ result: Result<JSONValue, JSONRPC.Failure>) {
        state.lock()
        let reply = pending.removeValue(forKey: id)
        state.unlock()
        reply?(result)
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

    /// The socket ended or carried what is not the protocol: unless the daemon stopped the
    /// worker itself, it is stopped and reaped (off the event loop: that may take the grace
    /// period), and every request it owed is told how it ended.
    fileprivate func ended(_ protocolError: String?) {
        state.lock()
        let wasReady: Bool
        switch phase {
        case .ended: state.unlock(); return
        case .starting: wasReady = false
        case .ready: wasReady = true
        }
        state.unlock()
        channel.whenSuccess { $0.close(promise: nil) }
        DetachedThread.start(name: "session-ended") { [self] in
            let ending = process.terminate(grace: limits.terminateGraceSeconds)
            let tail = process.standardErrorTail()
            var why = protocolError.map { "the session's worker process \($0) and was stopped" } ?? "the session's worker process \(ending)"
            if !tail.isEmpty { why += "; its standard error: \(tail)" }
            // The daemon puts a fresh session in its place first — a request from now on goes
            // there, none meets this one ended — and then stops this one with a reason that
            // says so, answering what it owed.
            if wasReady { handlers.died(self, why) }
            stop(why, wait: true)
        }
    }
}

/// Lines from a session's worker, parsed and handed to its `SessionWorker` (event loop only).
private final class SessionWorkerReader: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = BoundedLineDecoder.Frame
    let lineBytes: Int
    /// Set right after the handler is made, before the channel reads anything.
    weak var worker: SessionWorker?

    init(lineBytes: Int) { self.lineBytes = lineBytes }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .line(buffer):
            guard let worker else { return }
            guard worker.route(buffer) else {
                worker.ended("sent a line that is not its protocol")
                return context.close(promise: nil)
            }
        case let .tooLong(bytes):
            worker?.ended("sent a line of \(bytes) bytes, over the \(lineBytes) a line may have")
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        worker?.ended(nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        worker?.ended(nil)
        context.close(promise: nil)
    }
}

private extension UInt8 {
    /// 0…9 for an ASCII digit.
    var wholeNumberDigit: Int? { self >= 0x30 && self <= 0x39 ? Int(self - 0x30) : nil }
}
