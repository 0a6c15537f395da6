import DetentConfig
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// `detent daemon --http`: Detent Studio's listener. HTTP/1.1 serves the page
/// (`StudioHTTPHandler`); `/ws` upgrades to a WebSocket whose messages are the daemon's
/// JSON-RPC (`WebSocketMessages` in front of a `ClientConnection`, as a socket client has),
/// once the request names the studio's host, carries the token and — from a browser — comes
/// from the studio's own origin (`StudioAccess`).
enum StudioServer {
    static func bootstrap(group: EventLoopGroup, daemon: Daemon, access: @escaping @Sendable () -> StudioAccess?,
                          logger: Logger) -> ServerBootstrap {
        let maxMessageBytes = daemon.config.maxMessageBytes
        return ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.writeBufferWaterMark, value: .init(low: 64 * 1024, high: 256 * 1024))
            .childChannelInitializer { channel in
                // The access rules exist once the port is known (bound); a connection comes after.
                guard let rules = access() else { return channel.close() }
                let http = StudioHTTPHandler(access: rules)
                let boundHTTP = NIOLoopBound(http, eventLoop: channel.eventLoop)
                let upgrader = NIOWebSocketServerUpgrader(
                    maxFrameSize: maxMessageBytes,
                    shouldUpgrade: { channel, head in
                        channel.eventLoop.makeSucceededFuture(StudioServer.allowsSocket(head, access: rules) ? HTTPHeaders() : nil)
                    },
                    upgradePipelineHandler: { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            let client = ClientConnection(id: daemon.nextClientID(), server: daemon, queueLimit: daemon.config.clientQueueBytes,
                                                          requiresToken: false, logger: logger)
                            try channel.pipeline.syncOperations.addHandlers([
                                NIOWebSocketFrameAggregator(minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: 1 << 16,
                                                            maxAccumulatedFrameSize: maxMessageBytes),
                                WebSocketMessages(),
                                client,
                            ])
                        }
                    })
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            context.pipeline.syncOperations.removeHandler(boundHTTP.value, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(http)
                }
            }
    }

    /// Whether a request may open the studio's WebSocket: its path, host, token and origin.
    static func allowsSocket(_ head: HTTPRequestHead, access: StudioAccess) -> Bool {
        let (path, query) = StudioHTTPHandler.split(head.uri)
        guard path == StudioPage.socketPath, let host = head.headers["Host"].first, access.allowsHost(host) else { return false }
        guard access.isAuthorized(query: query, cookies: head.headers["Cookie"]) else { return false }
        return access.allowsOrigin(head.headers["Origin"].first, host: host)
    }
}
