import DetentDaemonClient
import DetentJSON
import DetentRuntime
import DetentScripting
import NIOConcurrencyHelpers
import DetentConfig

/// A live session's worker serving connections attached to the session (`session/attach`):
/// the live-world methods answered by the worker itself, with no daemon between the client
/// and the world — one wake-up each way, as a server that is one process. The connection is
/// bounded by the same `[limits]` as one to the daemon. Requests run on the connection's event
/// loop, holding the session's queue (`SessionService.perform`); what the daemon answers
/// (`run`, `status`, `session/restart`…) is refused with -32601, pointing to the daemon.
final class SessionEndpoint: ConnectionServer, @unchecked Sendable {
    let config: DaemonConfiguration
    /// The session's name ("live" for the shared world).
    let name: String
    let service: SessionService
    private let lock = NIOLock()
    private var clients = 0
    private var nextClient = 0
    private var nextSubscription = 0
    /// Subscriptions made on attached connections, by name, to their client's id.
    private var subscriptions: [String: Int] = [:]

    /// The methods an attached connection may call.
    static let methods = Daemon.methodTable.filter(\.answeredWhenAttached).map(\.name)

    init(name: String, config: DaemonConfiguration, service: SessionService) {
        self.name = name
        self.config = config
        self.service = service
    }

    func nextClientID() -> Int { lock.withLock { nextClient += 1; return nextClient } }

    func clientConnected(_ client: ClientConnection) -> Bool {
        lock.withLock {
            guard clients < config.maxClients else { return false }
            clients += 1
            return true
        }
    }

    func clientGone(_ client: ClientConnection) {
        let gone = lock.withLock { () -> [String] in
            clients -= 1
            let mine = subscriptions.filter { $0.value == client.id }.map(\.key)
            for key in mine { subscriptions[key] = nil }
            return mine
        }
        for name in gone { service.perform("unsubscribe", Params(.object([("name", .string(name))])), sink: Self.nowhere) { _ in } }
    }

    func checkToken(_ given: String) -> Bool { false }

    private static let nowhere = SessionService.Sink(event: { _ in }, sample: { _ in })

    func handle(_ request: JSONRPC.Request, from client: ClientConnection, reply: @escaping Daemon.Reply) {
        let params = Params(request.params)
        do {
            if let given = try params.optionalString("session"), given != name {
                throw JSONRPC.Failure(JSONRPC.invalidParams,
                                      "invalid params: 'session' must be '\(name)', the session this connection is attached to, or left out (found '\(given)')")
            }
            switch request.method {
            case "initialize":
                _ = try InitializeParameters(decoding: params.without("session"))
                reply(.success(.object([
                    ("protocol", .int(Daemon.protocolVersion)), ("detent", .string(DetentVersion.string)), ("session", .string(name)),
                    ("capabilities", .object([("methods", .array(Self.methods.map { .string($0) })),
                                              ("notifications", .array([.string("event"), .string("sample")]))])),
                ])))
            case "cancel":
                _ = try SessionOnlyParameters(decoding: params)
                service.owned.interrupt()
                reply(.success(.object([("cancelled", .bool(true))])))
            case let method where SessionMethod.methods[method] != nil:
                let declared = SessionMethod.methods[method]!
                try declared.check(params)
                try declared.check(session: name)
                service.perform(method, Params(try SessionMethod.workerParams(method, params, valueBytes: config.maxEvalValueBytes)),
                                sink: Self.nowhere, reply: reply)
            case "subscribe":
                let wanted = try SubscribeParameters(decoding: params)
                let subscription = lock.withLock { () -> String in
                    nextSubscription += 1
                    let subscription = "a\(nextSubscription)"
                    subscriptions[subscription] = client.id
                    return subscription
                }
                let sink = SessionService.Sink(
                    event: { [weak client] params in client?.send(JSONRPC.notification("event", params)) },
                    sample: { [weak client] params in
                        client?.sendSample { dropped in JSONRPC.sample(params, dropped: dropped) }
                    })
                service.perform("subscribe", Params(wanted.worker(name: subscription)), sink: sink, reply: reply)
            case "unsubscribe":
                let subscription = try UnsubscribeParameters(decoding: params).subscription
                guard lock.withLock({ subscriptions.removeValue(forKey: subscription) }) != nil else {
                    throw JSONRPC.Failure(JSONRPC.notFound, "no subscription '\(subscription)' on this connection")
                }
                service.perform("unsubscribe", Params(.object([("name", .string(subscription))])), sink: Self.nowhere, reply: reply)
            default:
                throw JSONRPC.Failure(JSONRPC.methodNotFound,
                                      "method '\(request.method)' is not answered on a connection attached to session '\(name)' (it answers: \(Self.methods.joined(separator: ", "))); send it on a connection to the daemon")
            }
        } catch let failure as JSONRPC.Failure {
            reply(.failure(failure))
        } catch {
            reply(.failure(JSONRPC.Failure(JSONRPC.internalError, "internal error: \(error)")))
        }
    }
}
