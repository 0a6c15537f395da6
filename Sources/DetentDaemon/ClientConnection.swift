import DetentConfig
import DetentDaemonClient
import DetentRuntime
import NIOCore
import NIOPosix
import Logging
import DetentJSON

/// One connected client: decodes its lines as JSON-RPC, hands requests to its server (the
/// daemon, or the worker of a session the connection is attached to), and
/// writes replies and notifications back. All mutable state lives on the channel's event
/// loop; `send` may be called from any thread (session queues, run threads) and hops there.
///
/// Back-pressure: NIO counts the bytes written but not yet taken by the socket
/// (`bufferedWritableBytes`). While the channel is not writable or more than `queueLimit`
/// bytes wait, per-frame samples for this client are dropped and counted (the next sample delivered carries `dropped`); replies,
/// events and run results are always queued.
final class ClientConnection: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = BoundedLineDecoder.Frame
    typealias OutboundOut = ByteBuffer

    let id: Int
    /// The daemon, or the worker of the session the connection is attached to.
    let server: ConnectionServer
    let queueLimit: Int
    /// TCP clients must authenticate with `initialize {token}` first.
    let requiresToken: Bool
    private var authenticated: Bool
    private var channel: Channel?
    private var droppedSamples = 0
    private var isOpen = true
    /// Requests answered later (eval, run, …) still owed a reply; after the client shuts its
    /// writing side, the connection closes once none is owed.
    private var outstanding = 0
    private var inputClosed = false
    var logger: Logger

    init(id: Int, server: ConnectionServer, queueLimit: Int, requiresToken: Bool, logger: Logger) {
        self.id = id
        self.server = server
        self.queueLimit = queueLimit
        self.requiresToken = requiresToken
        authenticated = !requiresToken
        self.logger = logger
        self.logger[metadataKey: "client"] = "\(id)"
    }

    // MARK: Inbound

    func channelActive(context: ChannelHandlerContext) {
        activate(context)
        context.fireChannelActive()
    }

    /// A connection added to a channel that is already open (a studio WebSocket, after its
    /// HTTP upgrade) sees no `channelActive`: it starts here.
    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { activate(context) }
    }

    private func activate(_ context: ChannelHandlerContext) {
        guard channel == nil else { return }
        channel = context.channel
        if !server.clientConnected(self) {
            let failure = JSONRPC.Failure(JSONRPC.limitReached, "too many clients (max_clients = \(server.config.maxClients) in config/server.toml)")
            write(JSONRPC.response(id: nil, error: failure).text)
            context.close(promise: nil)
            isOpen = false
            return
        }
        logger.debug("client connected")
    }

    func channelInactive(context: ChannelHandlerContext) {
        isOpen = false
        server.clientGone(self)
        logger.debug("client disconnected")
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .tooLong(bytes):
            let failure = JSONRPC.Failure(JSONRPC.messageTooLarge,
                                          "message too large: more than \(server.config.maxMessageBytes) bytes (\(bytes) received) without a newline; max_message_bytes in config/server.toml",
                                          data: .object([("max_message_bytes", .int(Int64(server.config.maxMessageBytes)))]))
            write(JSONRPC.response(id: nil, error: failure).text)
        case let .line(buffer):
            let bytes = Array(buffer.readableBytesView)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }   // blank lines are ignored
            let message: JSONValue
            do { message = try JSONValue.parse(bytes) } catch {
                write(JSONRPC.response(id: nil, error: JSONRPC.Failure(JSONRPC.parseError, "parse error: the line is not valid JSON")).text)
                return
            }
            // A bound on requests in flight: past it the request is refused now, nothing queued.
            let cost: Int
            if case let .array(items) = message { cost = max(items.count, 1) } else { cost = 1 }
            if outstanding + cost > server.config.maxRequestsInFlight {
                let failure = JSONRPC.Failure(JSONRPC.limitReached,
                                              "too many requests in flight (max_requests_in_flight = \(server.config.maxRequestsInFlight) in config/server.toml): wait for answers before sending more")
                write(JSONRPC.response(id: message["id"].flatMap(ClientConnection.usableID), error: failure).text)
                return
            }
            outstanding += cost
            let done: @Sendable (JSONValue?) -> Void = { [weak self] reply in
                guard let self else { return }
                if let reply { send(reply) }
                let finish: @Sendable () -> Void = { self.outstanding -= cost; self.closeIfDone() }
                if let loop = channel?.eventLoop, !loop.inEventLoop { loop.execute(finish) } else { finish() }
            }
            if case let .array(items) = message { handleBatch(items, done: done) } else { handle(message, reply: done) }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            inputClosed = true
            closeIfDone()
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func closeIfDone() {
        guard inputClosed, outstanding == 0, isOpen, let channel else { return }
        channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.debug("connection error: \(error)")
        context.close(promise: nil)
    }

    private func handle(_ message: JSONValue, reply: @escaping @Sendable (JSONValue?) -> Void) {
        let request: JSONRPC.Request
        switch JSONRPC.request(from: message) {
        case let .failure(failure):
            reply(JSONRPC.response(id: message["id"].flatMap(ClientConnection.usableID), error: failure))
            return
        case let .success(parsed): request = parsed
        }
        if !authenticated {
            guard request.method == "initialize", case let .string(token)? = request.params["token"], server.checkToken(token) else {
                reply(JSONRPC.response(id: request.id, error: JSONRPC.Failure(JSONRPC.unauthorized,
                      "unauthorized: a TCP client's first request must be initialize with the daemon's token")))
                channel?.eventLoop.execute { [weak self] in self?.channel?.close(promise: nil) }
                return
            }
            authenticated = true
        }
        server.handle(request, from: self) { result in
            guard !request.isNotification else { reply(nil); return }
            switch result {
            case let .success(value): reply(self.bounded(JSONRPC.response(id: request.id, result: value), id: request.id))
            case let .failure(failure): reply(self.bounded(JSONRPC.response(id: request.id, error: failure), id: request.id))
            }
        }
    }

    /// A listener whose every connection is a `ClientConnection` of `server`, its lines bounded
    /// by `max_message_bytes`; `nextID` numbers the clients.
    static func bootstrap(group: EventLoopGroup, server: ConnectionServer, requiresToken: Bool, logger: Logger,
                          nextID: @escaping @Sendable () -> Int) -> ServerBootstrap {
        ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelOption(.writeBufferWaterMark, value: .init(low: 64 * 1024, high: 256 * 1024))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let client = ClientConnection(id: nextID(), server: server, queueLimit: server.config.clientQueueBytes,
                                                  requiresToken: requiresToken, logger: logger)
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(BoundedLineDecoder(maxLength: server.config.maxMessageBytes)))
                    try channel.pipeline.syncOperations.addHandler(client)
                }
            }
    }

    /// A request id that can be echoed in an error (a string or a number).
    static func usableID(_ id: JSONValue) -> JSONValue? {
        switch id { case .string, .int, .double: return id; default: return nil }
    }

    /// `response`, or an error in its place when its text would exceed max_message_bytes: what
    /// goes out is bounded like what comes in.
    private func bounded(_ response: JSONValue, id: JSONValue?) -> JSONValue {
        let limit = server.config.maxMessageBytes
        let text = response.text
        let size = text.utf8.count
        // Encoded once: the text goes out as it is.
        guard size > limit else { return .raw(text) }
        return JSONRPC.response(id: id, error: JSONRPC.Failure(JSONRPC.messageTooLarge,
            "response too large: \(size) bytes, more than max_message_bytes = \(limit) in config/server.toml",
            data: .object([("max_message_bytes", .int(Int64(limit))), ("bytes", .int(Int64(size)))])))
    }

    /// A batch: every element handled, the replies sent together once all are in (none
    /// when all were notifications).
    private func handleBatch(_ items: [JSONValue], done: @escaping @Sendable (JSONValue?) -> Void) {
        guard !items.isEmpty else {
            done(JSONRPC.response(id: nil, error: JSONRPC.Failure(JSONRPC.invalidRequest, "invalid request: an empty batch")))
            return
        }
        let loop = channel!.eventLoop
        // The replies are collected on the connection's event loop, whatever thread answers.
        let collected = NIOLoopBoundBox((replies: [JSONValue?](repeating: nil, count: items.count), remaining: items.count),
                                        eventLoop: loop)
        for (index, item) in items.enumerated() {
            handle(item) { reply in
                loop.execute {
                    collected.value.replies[index] = reply
                    collected.value.remaining -= 1
                    if collected.value.remaining == 0 {
                        let sent = collected.value.replies.compactMap { $0 }
                        done(sent.isEmpty ? nil : .array(sent))
                    }
                }
            }
        }
    }

    // MARK: Outbound

    /// Queues a reply or notification (never dropped). Any thread.
    func send(_ message: JSONValue) {
        guard let channel else { return }
        let text = message.text
        if channel.eventLoop.inEventLoop { write(text) } else { channel.eventLoop.execute { self.write(text) } }
    }

    /// Queues a per-frame sample unless the client is behind; `build` receives how many
    /// samples were dropped since the last one delivered. Any thread.
    func sendSample(_ build: @escaping @Sendable (Int) -> JSONValue) {
        guard let channel else { return }
        channel.eventLoop.execute {
            guard self.isOpen else { return }
            if !channel.isWritable || self.queuedBytes > self.queueLimit {
                self.droppedSamples += 1
                return
            }
            let dropped = self.droppedSamples
            self.droppedSamples = 0
            self.write(build(dropped).text)
        }
    }

    private func write(_ text: String) {
        guard isOpen, let channel else { return }
        var buffer = channel.allocator.buffer(capacity: text.utf8.count + 1)
        buffer.writeString(text)
        buffer.writeInteger(UInt8(ascii: "\n"))
        channel.writeAndFlush(buffer, promise: nil)
    }

    /// Closes the connection after what is queued has been written. Any thread.
    func close() {
        guard let channel else { return }
        channel.eventLoop.execute {
            guard self.isOpen else { return }
            channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Bytes waiting to be written (event loop only).
    var queuedBytes: Int {
        (try? channel?.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
    }
}
