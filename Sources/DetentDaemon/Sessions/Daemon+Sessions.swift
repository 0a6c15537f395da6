import DetentDaemonClient
import DetentRuntime
import FoundationEssentials
import Logging
import NIOConcurrencyHelpers
import NIOCore
import DetentJSON
import DetentConfig

/// Where a session's worker reaches its daemon: made before the daemon (the shared world's
/// worker starts while the daemon is being made), pointed at it once it is.
final class SessionOwner: @unchecked Sendable {
    weak var daemon: Daemon?
}

/// The daemon's live sessions, each in a worker process: starting one, routing what it sends
/// back, and replacing one that crashed or was restarted.
extension Daemon {
    /// Starts the worker of the live session `name` (the shared world is "live") with the
    /// plugins loaded now; it takes requests at once.
    /// `listen`: the Unix socket its worker takes attached connections on (`session/attach`).
    static func startSession(_ name: String, configuration: DetentConfiguration, location: ConfigLocation, plugins: PluginSet,
                             listen: String?, eventLoop: EventLoop, owner: SessionOwner) throws -> SessionWorker {
        var command = WorkerCommand.thisBinary(["__worker", "daemon-session"])
        let limits = WorkerLimits(configuration.run)
        command.memoryBytes = limits.memoryBytes
        command.setup = SessionWorkerSetup(name: name, location: location, displayBase: FileManager.default.currentDirectoryPath,
                                           plugins: plugins, listen: listen).json.text
        let handlers = SessionWorker.Handlers(
            notification: { [owner] session, method, params in owner.daemon?.deliver(method, params, from: session) },
            log: { [owner] session, level, message in
                owner.daemon?.logger.log(level: Logger.Level(rawValue: level) ?? .info, "\(message)", metadata: ["session": "\(session.name)"])
            },
            died: { [owner] session, why in owner.daemon?.replace(session, because: why) })
        return try SessionWorker(name: name, command: command, limits: limits, socket: listen, eventLoop: eventLoop, handlers: handlers)
    }

    /// A fresh worker for the session `name`, with the configuration and plugins of now.
    func startSession(_ name: String) throws -> SessionWorker {
        let (configuration, plugins) = registry.withLockedValue { ($0.configuration, $0.plugins) }
        return try Daemon.startSession(name, configuration: configuration, location: configLocation, plugins: plugins,
                                       listen: nextSessionSocket(), eventLoop: eventLoop, owner: sessionOwner)
    }

    /// A fresh path for a session worker's socket: the daemon's own path and a serial number,
    /// in the daemon's private folder; nil when it would be too long for a Unix socket.
    func nextSessionSocket() -> String? {
        guard let base = sessionSocketBase else { return nil }
        let path = "\(base).\(sessionSerial.withLockedValue { $0 += 1; return $0 })"
        return path.utf8.count < 104 ? path : nil
    }

    /// An event or sample of a subscription, to the client that holds it.
    func deliver(_ method: String, _ params: JSONValue, from session: SessionWorker) {
        guard let name = params["subscription"]?.stringValue else { return }
        let client = registry.withLockedValue { r -> ClientConnection? in
            guard let entry = r.subscriptions[name], entry.session === session else { return nil }
            return r.clients[entry.client]
        }
        guard let client else { return }
        if method == "sample" {
            client.sendSample { dropped in JSONRPC.sample(params, dropped: dropped) }
        } else {
            client.send(JSONRPC.notification(method, params))
        }
    }

    /// Replaces `old` — restarted by a client, or its worker died — with a fresh session of
    /// the same name, unless it was replaced or closed already; its subscriptions end, and
    /// every client hears of it (`session/restarted`). Returns how many subscriptions ended,
    /// nil when `old` was no longer in use.
    @discardableResult
    func replace(_ old: SessionWorker, because reason: String) -> Int? {
        let name = old.name
        let stillOpen = registry.withLockedValue { r in !r.shuttingDown && r.session(named: name) === old }
        guard stillOpen else { return nil }
        let fresh: SessionWorker
        do { fresh = try startSession(name) } catch {
            logger.error("cannot start a fresh session", metadata: ["session": "\(name)", "error": "\(error)"])
            if name != "live" { registry.withLockedValue { r in if r.sessions[name] === old { r.sessions[name] = nil } } }
            return nil
        }
        let ended = registry.withLockedValue { r -> Int? in
            guard r.session(named: name) === old else { return nil }
            if name == "live" { r.live = fresh } else { r.sessions[name] = fresh }
            r.restarts += 1
            return r.forget(old)
        }
        guard let ended else {
            fresh.stop("replaced by another restart")
            return nil
        }
        old.stop("\(reason); session '\(name)' was restarted with a fresh world")
        logger.notice("session restarted", metadata: ["session": "\(name)", "reason": "\(reason)"])
        broadcast(JSONRPC.notification("session/restarted", .object([("session", .string(name)), ("reason", .string(reason)),
                                                                     ("subscriptions_ended", .int(Int64(ended)))])))
        return ended
    }

    /// Every live session's worker (shutdown).
    var sessionWorkers: [SessionWorker] {
        registry.withLockedValue { [$0.live] + Array($0.sessions.values) }
    }
}
