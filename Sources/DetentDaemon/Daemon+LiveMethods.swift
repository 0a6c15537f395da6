import DetentConfig
import DetentDaemonClient
import FoundationEssentials
import DetentLua
import DetentRuntime
import DetentScripting
import DetentWorld
import NIOConcurrencyHelpers
import DetentPlatform
import Dispatch
import Logging
import DetentJSON

/// The methods that work on a live world: the shared one, or a named session created on
/// first use (`session` parameter).
extension Daemon {
    func initialize(_ params: InitializeParameters) throws -> JSONValue {
        if let version = params.protocolVersion, version != Daemon.protocolVersion {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'protocol' \(version) is not supported (this daemon speaks protocol \(Daemon.protocolVersion))")
        }
        return .object([
            ("protocol", .int(Daemon.protocolVersion)),
            ("detent", .string(DetentVersion.string)),
            ("capabilities", .object([
                ("methods", .array(Daemon.methods.map { .string($0) })),
                ("notifications", .array(Daemon.notifications.map { .string($0) })),
                ("limits", .object([
                    ("max_message_bytes", .int(Int64(config.maxMessageBytes))),
                    ("max_clients", .int(Int64(config.maxClients))),
                    ("max_concurrent_runs", .int(Int64(config.maxConcurrentRuns))),
                    ("client_queue_bytes", .int(Int64(config.clientQueueBytes))),
                ])),
            ])),
        ])
    }

    /// The live session a request names, or the shared one. `eval` and `subscribe` open a
    /// named session on first use (a worker process of its own, at most `max_sessions`); the
    /// other methods answer -32005 for one that is not open, so a misspelt name never creates
    /// a world.
    func liveSession(named name: String?, create: Bool) throws -> SessionWorker {
        guard let name, name != "live" else { return live }
        guard !name.isEmpty, name.count <= 64 else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'session' must be a name of 1 to 64 characters (found \(JSONValue.string(name).text))")
        }
        if let existing = registry.withLockedValue({ $0.sessions[name] }) { return existing }
        guard create else {
            throw JSONRPC.Failure(JSONRPC.notFound, "no session named '\(name)' (eval or subscribe with that session opens it)")
        }
        let limit = config.maxSessions
        guard registry.withLockedValue({ $0.sessions.count }) < limit else {
            throw JSONRPC.Failure(JSONRPC.limitReached, "\(limit) named sessions are open (max_sessions in config/daemon.toml); session/close one first")
        }
        let made: SessionWorker
        do { made = try startSession(name) } catch {
            throw JSONRPC.Failure(JSONRPC.usageError, "cannot open session '\(name)': \(error)", data: .object([("exit_code", .int(2))]))
        }
        let (session, raced) = registry.withLockedValue { r -> (SessionWorker, Bool) in
            if let raced = r.sessions[name] { return (raced, true) }
            r.sessions[name] = made
            return (made, false)
        }
        if raced { made.stop("opened twice at once") }
        return session
    }

    /// Counts a request against `session`'s queue (`max_session_queue`) and returns `reply`
    /// wrapped to release it when answered; past the limit, throws at once and queues nothing.
    func admit(to session: SessionWorker, reply: @escaping Daemon.Reply) throws -> Daemon.Reply {
        let key = ObjectIdentifier(session)
        let limit = config.maxSessionQueue
        try registry.withLockedValue { r in
            let load = r.sessionLoad[key, default: 0]
            guard load < limit else {
                throw JSONRPC.Failure(JSONRPC.limitReached, "the session is busy: \(load) requests queued or running (max_session_queue = \(limit) in config/daemon.toml); wait for their answers, cancel them, or session/restart it")
            }
            r.sessionLoad[key] = load + 1
        }
        return { [registry] result in
            registry.withLockedValue { r in
                let left = r.sessionLoad[key, default: 1] - 1
                r.sessionLoad[key] = left > 0 ? left : nil
            }
            reply(result)
        }
    }

    /// `session/attach`: where a client connects to talk to the session's worker itself — the
    /// eval round trip without the daemon in the middle. Answered once the worker listens.
    func attach(session name: String?, reply: @escaping Daemon.Reply) throws {
        let session = try liveSession(named: name, create: true)
        let name = session.name
        session.request("attach", .object([])) { result in
            reply(result.map { answer in
                // The worker's answer comes as it wrote it (`SessionWorker.route`).
                let parsed = if case let .raw(text) = answer { (try? JSONValue.parse(Array(text.utf8))) ?? .null } else { answer }
                return .object([("session", .string(name)), ("socket", parsed["socket"] ?? .null)])
            })
        }
    }

    /// Stops the evals running in a live session (the console's Ctrl-C); the world stays.
    func interruptEvals(session: String?) throws -> JSONValue {
        try liveSession(named: session, create: false).interrupt()
        return .object([("cancelled", .bool(true))])
    }

    /// A Lua error as JSON-RPC error -32000, with the chunk and line split out when the
    /// message starts with them; an eval stopped from outside as -32007, naming why.
    static func luaFailure(_ error: LuaError) -> JSONRPC.Failure {
        if let reason = interruption(error) {
            var data: [(String, JSONValue)] = [("reason", .string(reason))]
            if let frame = error.scriptFrame { data += [("file", .string(frame.file)), ("line", .int(Int64(frame.line)))] }
            if !error.traceback.isEmpty { data.append(("traceback", .string(error.traceback))) }
            return JSONRPC.Failure(JSONRPC.interrupted, "eval interrupted: \(reason)", data: .object(data))
        }
        let message = error.message
        var data: [(String, JSONValue)] = [("message", .string(message))]
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, let line = Int64(parts[1]) {
            data = [("file", .string(String(parts[0]))), ("line", .int(line)),
                    ("message", .string(parts[2].trimmingSpaces()))]
        } else if let frame = error.scriptFrame {
            // A limit (budget, memory, interrupt) says no location itself: where it stopped.
            data = [("file", .string(frame.file)), ("line", .int(Int64(frame.line))), ("message", .string(message))]
        }
        if !error.traceback.isEmpty { data.append(("traceback", .string(error.traceback))) }
        return JSONRPC.Failure(JSONRPC.luaError, message, data: .object(data))
    }

    /// Why an eval was stopped from outside, or nil for an error of its own: by a client's
    /// `cancel {session}` (the interrupt's own reason), or what else ended it (the daemon's
    /// shutdown, a reset, its session closing).
    static func interruption(_ error: LuaError) -> String? {
        switch error {
        case .interrupted, .ended(reason: LiveSession.interruptReason, _): return "a client cancelled the session's evals (cancel)"
        case let .ended(reason, _): return reason
        default: return nil
        }
    }

    func subscribe(_ wanted: SubscribeParameters, client: ClientConnection, reply: @escaping Daemon.Reply) throws {
        let session = try liveSession(named: wanted.session, create: true)
        let name = registry.withLockedValue { r -> String in
            r.nextSubscription += 1
            let name = "s\(r.nextSubscription)"
            // Known before the session's first sample of it can arrive.
            r.subscriptions[name] = (session, client.id)
            return name
        }
        session.request("subscribe", wanted.worker(name: name)) { [registry] result in
            if case .failure = result { registry.withLockedValue { _ = $0.subscriptions.removeValue(forKey: name) } }
            reply(result)
        }
    }

    func unsubscribe(_ name: String) throws -> JSONValue {
        guard let entry = registry.withLockedValue({ $0.subscriptions.removeValue(forKey: name) }) else {
            throw JSONRPC.Failure(JSONRPC.notFound, "no subscription '\(name)'")
        }
        entry.session.notify("unsubscribe", .object([("name", .string(name))]))
        return .object([("unsubscribed", .bool(true))])
    }

    func closeSession(_ name: String) throws -> JSONValue {
        guard name != "live" else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'session' must be a named session: the shared live world cannot be closed")
        }
        guard let session = registry.withLockedValue({ $0.sessions.removeValue(forKey: name) }) else {
            throw JSONRPC.Failure(JSONRPC.notFound, "no session named '\(name)'")
        }
        _ = registry.withLockedValue { $0.forget(session) }
        session.stop("session '\(name)' was closed")
        return .object([("closed", .bool(true))])
    }

    /// Answers from the daemon's own state and the shared world's published clock, never
    /// waiting on a session: within milliseconds whatever the sessions are doing.
    func status(reply: @escaping Daemon.Reply) {
        let snapshot = registry.withLockedValue { r in
            (clients: r.clients.count, sessions: r.sessions.count + 1, active: r.runs.count, completed: r.completedRuns,
             subscriptions: r.subscriptions.count, live: r.live, restarts: r.restarts,
             busy: r.sessionLoad.values.filter { $0 > 0 }.count, queued: r.sessionLoad.values.reduce(0, +))
        }
        let clock = snapshot.live.published.reading
        let now = DispatchTime.now().uptimeNanoseconds
        let workers = runWorkers.current
        reply(.success(.object([
            ("version", .string(DetentVersion.string)), ("protocol", .int(Daemon.protocolVersion)),
            ("uptime", .double(uptime)), ("clients", .int(Int64(snapshot.clients))),
            ("sessions", .int(Int64(snapshot.sessions))), ("subscriptions", .int(Int64(snapshot.subscriptions))),
            ("runs", .object([("active", .int(Int64(snapshot.active))), ("completed", .int(Int64(snapshot.completed)))])),
            ("session_load", .object([("busy", .int(Int64(snapshot.busy))), ("queued", .int(Int64(snapshot.queued))),
                                      ("restarts", .int(Int64(snapshot.restarts)))])),
            ("workers", .object([("busy", .int(Int64(workers.busy))), ("idle", .int(Int64(workers.idle))),
                                 ("sessions", .int(Int64(snapshot.sessions))),
                                 ("started", .int(Int64(workers.started))), ("replaced", .int(Int64(workers.replaced))),
                                 ("max", .int(Int64(config.maxWorkers)))])),
            ("ticks", .object([("frames", .int(clock.framesDelivered)), ("late_frames", .int(clock.lateFrames)),
                               ("frame", .int(clock.frame(atWall: now))), ("time", .double(clock.time(atWall: now))),
                               ("paused", .bool(clock.paused)), ("speed", .double(clock.speed))])),
        ])))
    }

    /// `session/restart`: the shared world (or a named session) is replaced by a fresh one in a
    /// new worker process at once, whatever the old one is doing — computing, waiting, stuck
    /// in C: its worker is killed, the requests it owed are answered with -32006, its
    /// subscriptions end. A control method: it never waits on the session it replaces.
    func restartSession(_ name: String) throws -> JSONValue {
        guard let old = registry.withLockedValue({ $0.session(named: name) }) else {
            throw JSONRPC.Failure(JSONRPC.notFound, "no session named '\(name)'")
        }
        guard let ended = replace(old, because: "restarted by a client (session/restart)") else {
            throw JSONRPC.Failure(JSONRPC.internalError, "cannot start a fresh session '\(name)' (see the daemon's log)")
        }
        return .object([("session", .string(name)), ("restarted", .bool(true)), ("subscriptions_ended", .int(Int64(ended)))])
    }
}
