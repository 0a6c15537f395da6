import DetentDaemonClient
import Dispatch
import FoundationEssentials
import Logging
import NIOConcurrencyHelpers
import NIOCore
import DetentRuntime
import DetentScripting
import DetentLua
import DetentJSON
import DetentConfig

/// The daemon's core (SPEC §10 `daemon`): the shared live world, named live sessions, runs
/// in flight, clients and their subscriptions, and the methods of docs/protocol.md. It knows
/// nothing of sockets: `DaemonServer` feeds it requests from `ClientConnection`s.
///
/// Concurrency: the registries are guarded by one lock and held only briefly. The daemon runs
/// no scenario code itself: each live session (the shared world, every named session) lives in
/// a worker process of its own (`SessionWorker`), and each run's spec files run in worker
/// processes its coordinator thread drives. Nothing blocks an event loop.
public final class Daemon: @unchecked Sendable {
    public static let protocolVersion: Int64 = 1
    /// How a method answers: on any thread, exactly once.
    typealias Reply = @Sendable (Result<JSONValue, JSONRPC.Failure>) -> Void

    public let config: DaemonConfiguration
    /// Where `reload` reads the configuration again.
    let configLocation: ConfigLocation
    let logger: Logger
    let startedAt = DispatchTime.now()
    /// Loopback TCP token (nil: no TCP listener).
    let token: String?
    /// Where plugins come from (nil: `--no-plugins`).
    let pluginOrigin: PluginOrigin?
    /// Reloads run here, one at a time: each merges with the set the previous one left.
    let reloads = DispatchQueue(label: "detent.daemon.reload")
    /// The worker processes of every run in flight, at most `max_workers` at once.
    let runWorkers: WorkerCensus
    /// The event loop the live sessions' worker sockets are served on (the clients' own).
    let eventLoop: EventLoop
    /// The daemon's socket path, which the sessions' own sockets are named after (nil: none).
    let sessionSocketBase: String?
    let sessionSerial = NIOLockedValueBox(0)
    /// Called once when a shutdown has finished draining (the server then exits).
    var onShutdownRequested: (String) -> Void = { _ in }

    struct Registry {
        var configuration: DetentConfiguration
        /// The plugins sessions and runs created from now on load; each copies it.
        var plugins: PluginSet
        var clients: [Int: ClientConnection] = [:]
        var nextClient = 0
        var runs: [String: DaemonRun] = [:]
        var nextRun = 0
        var completedRuns = 0
        var sessions: [String: SessionWorker] = [:]
        var subscriptions: [String: (session: SessionWorker, client: Int)] = [:]
        var nextSubscription = 0
        var shuttingDown = false
        /// The shared live world on the real-time display link (replaced by `session/restart`).
        var live: SessionWorker
        /// Requests queued on or running in each live session, by session (`max_session_queue`).
        var sessionLoad: [ObjectIdentifier: Int] = [:]
        /// Sessions replaced by `session/restart`.
        var restarts = 0

        /// The live session open under `name` ("live": the shared world).
        func session(named name: String) -> SessionWorker? { name == "live" ? live : sessions[name] }

        /// Forgets what the daemon keeps about `session` (closed or replaced): its queued load
        /// and its subscriptions. Returns how many subscriptions ended.
        mutating func forget(_ session: SessionWorker) -> Int {
            sessionLoad[ObjectIdentifier(session)] = nil
            let gone = subscriptions.filter { $0.value.session === session }.map(\.key)
            for key in gone { subscriptions[key] = nil }
            return gone.count
        }
    }
    let registry: NIOLockedValueBox<Registry>
    /// The shared live world on the real-time display link.
    var live: SessionWorker { registry.withLockedValue { $0.live } }
    /// Where a session's worker finds its daemon (set once the daemon is made).
    let sessionOwner = SessionOwner()

    /// `plugins` nil loads none (`--no-plugins`). Plugins that fail are logged and kept for
    /// `plugins` and runs to report; a plugin folder that does not exist is a `UsageError`.
    public init(configLocation: ConfigLocation, configuration: DetentConfiguration, token: String?, plugins: PluginOrigin?,
                eventLoop: EventLoop, sessionSockets: String?, logger: Logger) throws {
        self.eventLoop = eventLoop
        sessionSocketBase = sessionSockets
        self.configLocation = configLocation
        self.config = configuration.daemon
        runWorkers = WorkerCensus(limit: configuration.daemon.maxWorkers)
        self.token = token
        self.logger = logger
        pluginOrigin = plugins
        let pluginSet = try Daemon.loadPlugins(plugins, configuration: configuration, config: config, previous: PluginSet())
        Daemon.log(pluginSet, previous: PluginSet(), logger: logger)
        sessionSerial.withLockedValue { $0 = 1 }
        let live = try Daemon.startSession("live", configuration: configuration, location: configLocation, plugins: pluginSet,
                                           listen: sessionSockets.map { "\($0).1" }, eventLoop: eventLoop, owner: sessionOwner)
        do { try live.waitUntilReady() } catch {
            live.stop("the daemon did not start", wait: true)
            throw error
        }
        registry = NIOLockedValueBox(Registry(configuration: configuration, plugins: pluginSet, live: live))
        sessionOwner.daemon = self
    }

    var uptime: Double { Double(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1e9 }

    func checkToken(_ given: String) -> Bool {
        guard let token else { return false }
        // Constant-time comparison: the token guards a code-executing socket.
        let a = Array(given.utf8), b = Array(token.utf8)
        var difference = a.count ^ b.count
        for i in 0..<min(a.count, b.count) { difference |= Int(a[i] ^ b[i]) }
        return difference == 0
    }

    // MARK: Clients

    /// Registers a client; false when `max_clients` are connected already.
    func clientConnected(_ client: ClientConnection) -> Bool {
        registry.withLockedValue { r in
            guard r.clients.count < config.maxClients, !r.shuttingDown else { return false }
            r.clients[client.id] = client
            return true
        }
    }

    func nextClientID() -> Int {
        registry.withLockedValue { r in r.nextClient += 1; return r.nextClient }
    }

    /// A client went away: its subscriptions end and its runs are cancelled (nobody reads
    /// them); nobody else's work is touched.
    func clientGone(_ client: ClientConnection) {
        let (subscriptions, runs) = registry.withLockedValue { r -> ([(String, SessionWorker)], [DaemonRun]) in
            r.clients[client.id] = nil
            let mine = r.subscriptions.filter { $0.value.client == client.id }
            for key in mine.keys { r.subscriptions[key] = nil }
            return (mine.map { ($0.key, $0.value.session) }, r.runs.values.filter { $0.client === client })
        }
        for (name, session) in subscriptions { session.notify("unsubscribe", .object([("name", .string(name))])) }
        for run in runs { run.cancel() }
    }

    func broadcast(_ message: JSONValue) {
        let clients = registry.withLockedValue { Array($0.clients.values) }
        for client in clients { client.send(message) }
    }

    // MARK: Requests

    /// Answers one request; `reply` may run on any thread.
    func handle(_ request: JSONRPC.Request, from client: ClientConnection,
                reply: @escaping Daemon.Reply) {
        let params = Params(request.params)
        do {
            guard let method = Daemon.methodsByName[request.method] else {
                throw JSONRPC.Failure(JSONRPC.methodNotFound, "method not found: '\(request.method)' (expected one of: \(Daemon.methods.joined(separator: ", ")))")
            }
            try method.handle(self, DaemonMethod.Call(id: request.id, sent: params, client: client, reply: reply))
        } catch let failure as JSONRPC.Failure {
            reply(.failure(failure))
        } catch {
            reply(.failure(JSONRPC.Failure(JSONRPC.internalError, "internal error: \(error)")))
        }
    }

    static let notifications = ["run/started", "run/file", "run/output", "run/test", "run/load_error", "run/listed", "event", "sample",
                                "session/restarted", "daemon/shutdown"]
}
