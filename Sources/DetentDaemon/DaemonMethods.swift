import DetentConfig
import DetentDaemonClient
import DetentRuntime
import DetentJSON

/// The daemon's methods (docs/protocol.md), each declared once: its name, its parameters, a
/// one-line summary, and its handler. Dispatch, `initialize`'s capability list, the check of a
/// request's parameters, the methods a connection attached to a session answers, and the drift
/// test against docs/protocol.md all read this table.
struct DaemonMethod: Sendable {
    /// One request as a handler gets it: its checked parameters, its id, its client and how
    /// to answer (exactly once, on any thread).
    struct Call {
        let params: Params
        let id: JSONValue?
        let client: ClientConnection
        let reply: Daemon.Reply
    }

    let name: String
    /// What the method does, in one line.
    let summary: String
    let parameters: [MethodParameter]
    /// Answered by a live session itself (also on a connection attached to it).
    let servedBySession: Bool
    /// Answered on a connection attached to a session (`session/attach`), by its worker.
    let answeredWhenAttached: Bool
    let handle: @Sendable (Daemon, Call) throws -> Void

    init(_ name: String, _ summary: String, _ parameters: [MethodParameter], servedBySession: Bool = false,
         answeredWhenAttached: Bool = false, _ handle: @escaping @Sendable (Daemon, Call) throws -> Void) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.servedBySession = servedBySession
        self.answeredWhenAttached = answeredWhenAttached || servedBySession
        self.handle = handle
    }

    /// A live-world method the session's worker answers (`SessionMethod`).
    static func session(_ name: String, _ summary: String, _ parameters: [MethodParameter]) -> DaemonMethod {
        DaemonMethod(name, summary, parameters + [.session], servedBySession: true) { daemon, call in
            try daemon.forwardToSession(name, call)
        }
    }
}

extension Daemon {
    /// Every method, in the order `initialize` lists them.
    static let methodTable: [DaemonMethod] = [
        DaemonMethod("initialize", "Names the client and checks the protocol; answers the daemon's version, methods, notifications and limits.",
                     [.string("client"), .integer("protocol", 0...Int64(Int32.max)), .string("token")], answeredWhenAttached: true) { daemon, call in
            call.reply(.success(try daemon.initialize(call.params)))
        },
        DaemonMethod("run", "Runs spec files (or a spec's source) as `detent run` would, streaming run/* notifications; answers when the run ends.",
                     [.string("path"), .strings("paths"), .string("source"), .string("name"), .string("cwd"), .strings("filter"),
                      .strings("filter_out"), .strings("tags"), .strings("exclude_tags"), .unsigned("seed"), .bool("shuffle"),
                      .string("device"), .bool("list"), .integer("retries", 0...1000), .integer("repeat", 1...100_000),
                      .integer("max_failures", 1...Int64(Int32.max)), .bool("fail_on_flaky")]) { daemon, call in
            try daemon.startRun(call.params, id: call.id, client: call.client, reply: call.reply)
        },
        DaemonMethod("cancel", "Cancels a run (`run`), or stops the evals running in a live session (`session`).",
                     [.string("run"), .session], answeredWhenAttached: true) { daemon, call in
            if call.params.has("session") {
                guard !call.params.has("run") else {
                    throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: give 'run' (a run's id) or 'session' (a live session's name), not both")
                }
                call.reply(.success(try daemon.interruptEvals(call.params)))
            } else {
                call.reply(.success(try daemon.cancel(call.params)))
            }
        },
        .session("eval", "Evaluates Lua in a live world; answers its value when the chunk (and what it waits for) ends.",
                 [.string("code", required: true), .string("format")]),
        .session("complete", "The names that complete a word in a live world, as the console completes them.", [.string("word", required: true)]),
        .session("state", "A live world's clock, engines and the properties asked for.", [.strings("paths"), .bool("drops")]),
        DaemonMethod("subscribe", "Streams a live world's events and sampled properties to this client until unsubscribe.",
                     [.eventNames("events"), .strings("properties"), .integer("every", 1...100_000), .bool("geometry"), .session],
                     answeredWhenAttached: true) { daemon, call in
            try daemon.subscribe(call.params, client: call.client, reply: call.reply)
        },
        DaemonMethod("unsubscribe", "Ends a subscription of this client's.", [.string("subscription", required: true)],
                     answeredWhenAttached: true) { daemon, call in
            call.reply(.success(try daemon.unsubscribe(call.params)))
        },
        .session("touch", "Puts one finger on a live world's screen, moves it or lifts it: a pointer's samples with their times (Detent Studio).",
                 [.string("phase", required: true), .number("x", -1e6...1e6, required: true), .number("y", -1e6...1e6, required: true),
                  .number("time", 0...1e12, required: true)]),
        .session("record", "Records a named session into a spec: `start` gives it a fresh world, `stop` answers the spec of what was evaluated and touched since.",
                 [.string("action", required: true), .string("name")]),
        .session("pause", "Stops a live world's clock.", []),
        .session("resume", "Starts a live world's clock again.", []),
        .session("step", "Advances a paused live world by whole frames.", [.integer("frames", 1...1_000_000)]),
        .session("speed", "Sets a live world's speed factor (0.25: slow motion).", [.number("factor", 0.1...10, required: true)]),
        .session("reset", "Gives a named session a fresh world and Lua state.", []),
        DaemonMethod("reload", "Reads the configuration and plugins again, for sessions and runs started from now on.", []) { daemon, call in
            try daemon.reload(call.params, reply: call.reply)
        },
        DaemonMethod("plugins", "The plugins loaded and those that failed, with why.", []) { daemon, call in
            call.reply(.success(try daemon.plugins(call.params)))
        },
        DaemonMethod("status", "The daemon's version, uptime, clients, sessions, runs, workers and clock, from its own state.", []) { daemon, call in
            try daemon.status(call.params, reply: call.reply)
        },
        DaemonMethod("session/attach", "The socket of a live session's worker, for a connection straight to it.", [.session]) { daemon, call in
            try daemon.attach(call.params, reply: call.reply)
        },
        DaemonMethod("session/close", "Closes a named live session and stops its worker.", [.string("session", required: true)]) { daemon, call in
            call.reply(.success(try daemon.closeSession(call.params)))
        },
        DaemonMethod("session/restart", "Replaces a live session's worker, whatever it is doing, with a fresh one.", [.session]) { daemon, call in
            call.reply(.success(try daemon.restartSession(call.params)))
        },
        DaemonMethod("shutdown", "Stops the daemon: runs get their grace period, every client its answers.", []) { daemon, call in
            call.reply(.success(.object([("shutting_down", .bool(true))])))
            daemon.onShutdownRequested("shutdown requested by client \(call.client.id)")
        },
    ]

    /// The methods' names, in the table's order (what `initialize` lists).
    static let methods = methodTable.map(\.name)
    static let methodsByName = Dictionary(uniqueKeysWithValues: methodTable.map { ($0.name, $0) })

    /// A live-world method: checked here, then passed to the session's worker.
    func forwardToSession(_ method: String, _ call: DaemonMethod.Call) throws {
        let params = call.params
        try SessionMethod.check(method, params, session: try params.optionalString("session") ?? "live")
        // `eval` and `record` open a named session on first use; the others answer -32005 for
        // one that is not open.
        let session = try liveSession(params, create: method == "eval" || method == "record")
        session.request(method, try SessionMethod.workerParams(method, params, valueBytes: config.maxEvalValueBytes),
                        reply: try admit(to: session, reply: call.reply))
    }
}
