import DetentConfig
import DetentDaemonClient
import DetentRuntime
import DetentJSON

/// The daemon's methods (docs/protocol.md), each declared once: its name, a one-line summary,
/// its parameters as a typed value (`MethodParameters`: each field's name, JSON, range and
/// property) and its handler, which gets that value decoded. Dispatch, `initialize`'s
/// capability list, the check of a request's parameters, the methods a connection attached to
/// a session answers, and the drift test against docs/protocol.md all read this table.
struct DaemonMethod: Sendable {
    /// One request as a handler gets it beside its decoded params: its id, the params as sent
    /// (passed on as they are to a session's worker), its client and how to answer (exactly
    /// once, on any thread).
    struct Call {
        let id: JSONValue?
        let sent: Params
        let client: ClientConnection
        let reply: Daemon.Reply
    }

    let name: String
    /// What the method does, in one line.
    let summary: String
    let parameters: [MethodParameter]
    /// Answered by a live session itself (also on a connection attached to it): the methods
    /// that say how (`answerInSession`).
    var servedBySession: Bool { answerInSession != nil }
    /// Answered on a connection attached to a session (`session/attach`), by its worker.
    let answeredWhenAttached: Bool
    /// A session's method that opens a named session on first use (`eval`, `record`); the
    /// others answer -32005 for one that is not open, so a misspelt name never makes a world.
    let opensSession: Bool
    /// Why the shared world is refused (-32602) for this session's method, when it is: what
    /// starts a world over needs a session of the client's own.
    let namedSessionOnly: String?
    /// Decodes a request's params (or throws the -32602 naming what is wrong), then handles it.
    let handle: @Sendable (Daemon, Call) throws -> Void
    /// Decodes a request's params only: the check a session's own connection makes.
    let check: @Sendable (Params) throws -> Void
    /// How a session's worker answers a live-world method, on the session's queue: the params
    /// as the daemon passed them on, the reply called once (later, for an eval that waits).
    let answerInSession: SessionAnswer?

    typealias SessionAnswer = @Sendable (SessionService, LiveSession, Params, @escaping Daemon.Reply) throws -> Void

    init<Parameters: MethodParameters>(_ name: String, _ summary: String, _ parameters: Parameters.Type,
                                       answeredWhenAttached: Bool = false, opensSession: Bool = false, namedSessionOnly: String? = nil,
                                       answerInSession: SessionAnswer? = nil,
                                       _ handle: @escaping @Sendable (Daemon, Parameters, Call) throws -> Void) {
        self.name = name
        self.summary = summary
        self.parameters = Parameters.parameters
        self.answeredWhenAttached = answeredWhenAttached || answerInSession != nil
        self.opensSession = opensSession
        self.namedSessionOnly = namedSessionOnly
        self.handle = { daemon, call in try handle(daemon, try Parameters(decoding: call.sent), call) }
        self.check = { _ = try Parameters(decoding: $0) }
        self.answerInSession = answerInSession
    }

    /// A live-world method the session's worker answers with `answer`, given its params decoded
    /// into the same `Parameters` and as passed on (`eval`'s carry the daemon's value limit beside
    /// them, `SessionService.evalLimit`); the daemon checks the request and passes it on.
    static func session<Parameters: MethodParameters & SessionScoped>(
        _ name: String, _ summary: String, _ parameters: Parameters.Type, opensSession: Bool = false, namedSessionOnly: String? = nil,
        _ answer: @escaping @Sendable (SessionService, LiveSession, Parameters, Params, @escaping Daemon.Reply) throws -> Void
    ) -> DaemonMethod {
        DaemonMethod(name, summary, parameters, opensSession: opensSession, namedSessionOnly: namedSessionOnly,
                     answerInSession: { service, live, params, reply in
                         try answer(service, live, try Parameters(decoding: params.without(SessionService.evalLimit)), params, reply)
                     }) { daemon, decoded, call in
            try daemon.forwardToSession(name, decoded.session, call)
        }
    }

    /// Throws the -32602 a client gets for this method going to `session` ("live" for the
    /// shared world) when it needs a named one.
    func check(session: String) throws {
        guard session == "live", let namedSessionOnly else { return }
        throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: '\(name)' needs a named 'session' (\(namedSessionOnly))")
    }
}

/// Parameters of a method that works on a live session (nil: the shared world).
protocol SessionScoped {
    var session: String? { get }
}

extension Daemon {
    /// Every method, in the order `initialize` lists them.
    static let methodTable: [DaemonMethod] = [
        DaemonMethod("initialize", "Names the client and checks the protocol; answers the daemon's version, methods, notifications and limits.",
                     InitializeParameters.self, answeredWhenAttached: true) { daemon, params, call in
            call.reply(.success(try daemon.initialize(params)))
        },
        DaemonMethod("run", "Runs spec files (or a spec's source) as `detent run` would, streaming run/* notifications; answers when the run ends.",
                     RunParameters.self) { daemon, params, call in
            try daemon.startRun(params, id: call.id, client: call.client, reply: call.reply)
        },
        DaemonMethod("cancel", "Cancels a run (`run`), or stops the evals running in a live session (`session`).",
                     CancelParameters.self, answeredWhenAttached: true) { daemon, params, call in
            if let run = params.run {
                call.reply(.success(try daemon.cancel(run: run)))
            } else {
                call.reply(.success(try daemon.interruptEvals(session: params.session)))
            }
        },
        .session("eval", "Evaluates Lua in a live world; answers its value when the chunk (and what it waits for) ends.", EvalParameters.self,
                 opensSession: true) { service, live, request, params, reply in try service.eval(live, request, limit: params, reply: reply) },
        .session("complete", "The names that complete a word in a live world, as the console completes them.",
                 CompleteParameters.self) { service, live, request, _, reply in reply(.success(service.complete(live, request))) },
        .session("state", "A live world's clock, engines and the properties asked for.",
                 StateParameters.self) { service, live, request, _, reply in reply(.success(service.state(live, request))) },
        DaemonMethod("subscribe", "Streams a live world's events and sampled properties to this client until unsubscribe.",
                     SubscribeParameters.self, answeredWhenAttached: true) { daemon, params, call in
            try daemon.subscribe(params, client: call.client, reply: call.reply)
        },
        DaemonMethod("unsubscribe", "Ends a subscription of this client's.", UnsubscribeParameters.self,
                     answeredWhenAttached: true) { daemon, params, call in
            call.reply(.success(try daemon.unsubscribe(params.subscription)))
        },
        .session("touch", "Puts one finger on a live world's screen, moves it or lifts it: a pointer's samples with their times (Detent Studio).",
                 TouchParameters.self) { service, live, request, _, reply in reply(.success(try service.touch(live, request))) },
        .session("record", "Records a named session into a spec: `start` gives it a fresh world, `stop` answers the spec of what was evaluated and touched since.",
                 RecordParameters.self, opensSession: true,
                 namedSessionOnly: "a recording starts the world over, and the shared world belongs to every client") { service, live, request, _, reply in
            try service.record(live, request, reply: reply)
        },
        .session("pause", "Stops a live world's clock.", SessionOnlyParameters.self) { service, live, _, _, reply in
            live.pause()
            reply(.success(service.clock(live)))
        },
        .session("resume", "Starts a live world's clock again.", SessionOnlyParameters.self) { service, live, _, _, reply in
            live.resume()
            reply(.success(service.clock(live)))
        },
        .session("step", "Advances a paused live world by whole frames.", StepParameters.self) { service, live, request, _, reply in
            live.step(Int(request.frames))
            reply(.success(service.clock(live)))
        },
        .session("speed", "Sets a live world's speed factor (0.25: slow motion).", SpeedParameters.self) { _, live, request, _, reply in
            live.setSpeed(request.factor)
            reply(.success(.object([("speed", .double(request.factor))])))
        },
        .session("reset", "Gives a named session a fresh world and Lua state.", SessionOnlyParameters.self,
                 namedSessionOnly: "the shared world belongs to every client") { service, live, _, _, reply in
            reply(.success(try service.reset(live)))
        },
        DaemonMethod("reload", "Reads the configuration and plugins again, for sessions and runs started from now on.", NoParameters.self) { daemon, _, call in
            daemon.reload(reply: call.reply)
        },
        DaemonMethod("plugins", "The plugins loaded and those that failed, with why.", NoParameters.self) { daemon, _, call in
            call.reply(.success(daemon.plugins()))
        },
        DaemonMethod("status", "The daemon's version, uptime, clients, sessions, runs, workers and clock, from its own state.", NoParameters.self) { daemon, _, call in
            daemon.status(reply: call.reply)
        },
        DaemonMethod("session/attach", "The socket of a live session's worker, for a connection straight to it.", SessionOnlyParameters.self) { daemon, params, call in
            try daemon.attach(session: params.session, reply: call.reply)
        },
        DaemonMethod("session/close", "Closes a named live session and stops its worker.", SessionCloseParameters.self) { daemon, params, call in
            call.reply(.success(try daemon.closeSession(params.session)))
        },
        DaemonMethod("session/restart", "Replaces a live session's worker, whatever it is doing, with a fresh one.", SessionOnlyParameters.self) { daemon, params, call in
            call.reply(.success(try daemon.restartSession(params.session ?? "live")))
        },
        DaemonMethod("shutdown", "Stops the daemon: runs get their grace period, every client its answers.", NoParameters.self) { daemon, _, call in
            call.reply(.success(.object([("shutting_down", .bool(true))])))
            daemon.onShutdownRequested("shutdown requested by client \(call.client.id)")
        },
    ]

    /// The methods' names, in the table's order (what `initialize` lists).
    static let methods = methodTable.map(\.name)
    static let methodsByName = Dictionary(uniqueKeysWithValues: methodTable.map { ($0.name, $0) })

    /// A live-world method, its params decoded: checked for the session it goes to, then
    /// passed to the session's worker.
    func forwardToSession(_ method: String, _ session: String?, _ call: DaemonMethod.Call) throws {
        let declared = Daemon.methodsByName[method]!
        try declared.check(session: session ?? "live")
        let worker = try liveSession(named: session, create: declared.opensSession)
        worker.request(method, try SessionMethod.workerParams(method, call.sent, valueBytes: config.maxEvalValueBytes),
                       reply: try admit(to: worker, reply: call.reply))
    }
}
