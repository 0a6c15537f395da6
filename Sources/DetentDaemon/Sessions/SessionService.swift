import DetentLayout
import DetentDaemonClient
import DetentLua
import DetentRuntime
import DetentScripting
import DetentTime
import DetentWorld
import DetentJSON

/// A session's worker process answering requests on the session's queue: the live-world
/// methods of docs/protocol.md, each by the answer its declaration gives
/// (`Daemon.methodTable`, `DaemonMethod.answerInSession`: `eval`, `complete`, `state`, `touch`,
/// `record`, `pause`, `resume`, `step`, `speed`, `reset`), and the worker's own requests
/// `subscribe` and `unsubscribe` (one subscription of a client, by name) and `quiesce` (the
/// daemon shutting down). They come from the daemon over the worker's pipe, and from
/// connections attached to the session (`SessionEndpoint`); both checked the parameters
/// already (`SessionMethod`), so here they are read as given.
final class SessionService: @unchecked Sendable {
    let owned: QueueOwned<LiveSession>
    /// Subscriptions by name, to the session's own ids (session queue only).
    private var subscriptions: [String: Int] = [:]
    /// `record`: what is being recorded into a spec (session queue only).
    private let recorder = SessionRecorder()

    /// Where a subscription's events and samples go: each gets the notification's params.
    struct Sink: Sendable {
        var event: @Sendable (JSONValue) -> Void
        var sample: @Sendable (JSONValue) -> Void
    }

    init(_ owned: QueueOwned<LiveSession>) {
        self.owned = owned
    }

    /// Handles one request or notification from the daemon's pipe, waiting for the session's
    /// queue; answers (when it has an `id`) with one message `{"id", "result"}` or
    /// `{"id", "error"}` through `send` — an eval that waits answers later, from the tick
    /// that ends it. Events and samples go the same way, as `{"event": …}` and `{"sample": …}`.
    func handle(_ message: JSONValue, send: @escaping @Sendable (JSONValue) -> Void) {
        guard let method = message["method"]?.stringValue else { return }
        let id = message["id"]
        perform(method, Params(message["params"] ?? .object([])),
                sink: Sink(event: { send(.object([("event", $0)])) }, sample: { send(.object([("sample", $0)])) })) { result in
            guard let id else { return }
            switch result {
            case let .success(value): send(.object([("id", id), ("result", value)]))
            case let .failure(failure): send(.object([("id", id), ("error", failure.json)]))
            }
        }
    }

    /// Runs `method` in the session, waiting for its queue; `reply` is called once (later, for
    /// an eval that waits). A subscription's events and samples go to `sink`.
    func perform(_ method: String, _ params: Params, sink: Sink, reply: @escaping Daemon.Reply) {
        // On the calling thread, which holds the session's queue meanwhile (dispatch runs a
        // `sync` block there): no hop to another thread on the way to the world and back.
        owned.sync { [self] live in
            do {
                switch method {
                case "subscribe":
                    let name = try params.string("name")
                    try subscribe(live, name: name, try SubscribeParameters(decoding: params.without("name")), sink: sink)
                    reply(.success(.object([("subscription", .string(name))])))
                case "unsubscribe":
                    if let local = subscriptions.removeValue(forKey: try params.string("name")) { live.unsubscribe(local) }
                    reply(.success(.object([("unsubscribed", .bool(true))])))
                case "quiesce": live.interruptJobs(LiveSession.shutdownReason); live.pause(); reply(.success(.null))
                default:
                    guard let answer = SessionMethod.methods[method]?.answerInSession else {
                        throw JSONRPC.Failure(JSONRPC.methodNotFound, "a session's worker has no method '\(method)'")
                    }
                    try answer(self, live, params, reply)
                }
                // What the request changed between frames, for pages drawing the world.
                live.sendGeometry()
            } catch let failure as JSONRPC.Failure {
                reply(.failure(failure))
            } catch {
                reply(.failure(JSONRPC.Failure(JSONRPC.internalError, "internal error: \(error)")))
            }
        }
    }

    func clock(_ live: LiveSession) -> JSONValue { .object(clockFields(live)) }

    func complete(_ live: LiveSession, _ request: CompleteParameters) -> JSONValue {
        .object([("words", .array(live.consoleCompletions(of: request.word).map { .string($0) }))])
    }

    /// One pointer sample, kept by a recording with the frame it came on.
    func touch(_ live: LiveSession, _ sample: TouchParameters) throws -> JSONValue {
        let point = Point(x: sample.x, y: sample.y)
        do {
            let (touch, due) = try live.pointer(sample.phase, at: point, time: sample.time)
            recorder.touched(sample.phase, x: point.x, y: point.y, due: due, frame: live.driver.timelineFrame)
            return .object([("touch", .int(Int64(touch))), ("due", .double(VirtualTime.seconds(due))), ("frame", .int(live.world.frame))])
        } catch let refusal as PointerRefusal {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: \(refusal)")
        }
    }

    /// A fresh world and Lua state, refused while recording (the recording would lose them).
    func reset(_ live: LiveSession) throws -> JSONValue {
        guard !recorder.isRecording else {
            throw JSONRPC.Failure(JSONRPC.usageError, "a reset would start the world over while recording: stop the recording first")
        }
        try live.resetWorld()
        return clock(live)
    }

    /// The clock's fields, for answers that carry more beside them (`record`'s).
    private func clockFields(_ live: LiveSession) -> [(String, JSONValue)] {
        let world = live.world
        return [("paused", .bool(live.isPaused)), ("time", .double(world.seconds)), ("frame", .int(world.frame)), ("speed", .double(live.speed))]
    }

    /// The param the daemon adds to an eval it passes on: how much of each value is printed
    /// (`max_eval_value_bytes`).
    static let evalLimit = "limit"

    /// `params`: as passed on, for the daemon's `evalLimit` beside the request's own fields.
    func eval(_ live: LiveSession, _ request: EvalParameters, limit params: Params, reply: @escaping Daemon.Reply) throws {
        let limit = Int(try params.optionalInt(Self.evalLimit, in: 1...Int64(Int32.max)) ?? 65_536)
        let code = request.code, console = request.format == .console
        if console { try live.installConsole() }
        live.eval(code, presenter: console ? "console" : "present", valueBytes: limit) { [recorder] result in
            recorder.evaluated(code, result: result.mapError { $0 })
            switch result {
            case let .success(value):
                reply(.success(.object([("value", .string(value.text)), ("json", .raw(value.json)), ("count", .int(Int64(value.count))),
                                        ("output", .array(value.output.map { .string($0) })),
                                        ("start_frame", .int(value.startFrame)), ("end_frame", .int(value.endFrame))])))
            case let .failure(error):
                reply(.failure(Daemon.luaFailure(error)))
            }
        }
    }

    /// `record {action = "start"}`: a fresh world, then every eval and touch is kept;
    /// `record {action = "stop"}`: the spec, which `detent run` passes unchanged.
    func record(_ live: LiveSession, _ request: RecordParameters, reply: @escaping Daemon.Reply) throws {
        do {
            if request.action == .start {
                try recorder.start(name: request.name, live: live)
                reply(.success(.object([("recording", .bool(true))] + clockFields(live))))
                return
            }
            let recording = try recorder.stop()
            live.eval(recording.snapshotCode(), chunkName: "=(detent record)", presenter: "present") { result in
                do {
                    let value = try result.get()
                    guard let snapshot = try JSONValue.parse(Array(value.json.utf8)).stringValue else {
                        throw RecordingError("the world's state could not be read (\(value.json.prefix(200)))")
                    }
                    let drops = live.driver.drops.map { (frame: $0.frame, count: $0.count) }
                    let spec = try recording.spec(snapshot: snapshot, stopFrame: value.startFrame, drops: drops)
                    reply(.success(.object([("recording", .bool(false)), ("spec", .string(spec)), ("name", .string(recording.file)),
                                            ("chunks", .int(Int64(recording.chunks.count))), ("left_out", .int(Int64(recording.failures.count)))])))
                } catch let error as LuaError {
                    reply(.failure(JSONRPC.Failure(JSONRPC.usageError, "the world's state could not be read: \(error)")))
                } catch {
                    reply(.failure(JSONRPC.Failure(JSONRPC.usageError, "\(error)")))
                }
            }
        } catch let error as RecordingError {
            throw JSONRPC.Failure(JSONRPC.usageError, "\(error)")
        }
    }


    func state(_ live: LiveSession, _ request: StateParameters) -> JSONValue {
        let snapshot = live.state(request.paths)
        var drops: [(String, JSONValue)] = []
        if request.drops {
            drops = [("drops", .array(live.driver.drops.map { .object([("frame", .int($0.frame)), ("count", .int($0.count))]) }))]
        }
        return .object([
            ("time", .double(snapshot.time)), ("frame", .int(snapshot.frame)), ("paused", .bool(live.isPaused)),
            ("speed", .double(live.speed)),
            ("properties", .object(snapshot.properties.map { ($0.0, $0.1.map { .double($0) } ?? .null) })),
            ("engines", .array(live.world.engines.map { .string(EngineSummary.describe($0)) })),
            ("targets", .array(live.world.touchTargets.map { target in
                .object([("part", .string(target.part)), ("x", .double(target.frame.x)), ("y", .double(target.frame.y)),
                         ("width", .double(target.frame.width)), ("height", .double(target.frame.height)),
                         ("touch", .object([("x", .double(target.point.x)), ("y", .double(target.point.y))]))])
            })),
        ] + drops)
    }

    /// Events and samples go to `sink` as the notifications' params, the subscription's name
    /// in them.
    /// A name nothing in the world has or emits is refused, as a script's `trace{}` or
    /// `world:on` is: a client would otherwise wait for ever on an event that never comes.
    private func subscribe(_ live: LiveSession, name: String, _ wanted: SubscribeParameters, sink: Sink) throws {
        let unknown = live.unknownNames(properties: wanted.properties ?? [], events: wanted.events ?? [])
        guard unknown.messages.isEmpty else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: " + unknown.messages.joined(separator: "; "),
                                  data: .object([("properties", .array(unknown.properties.map { .string($0) })),
                                                 ("events", .array(unknown.events.map { .string($0) }))]))
        }
        let subscriptionName = JSONValue.string(name)
        let subscription = LiveSession.Subscription(
            events: wanted.events.map(Set.init), properties: wanted.properties ?? [], every: Int(wanted.every), geometry: wanted.geometry,
            onEvent: { event in
                let payload = event.payload.map { key, value in
                    (key, value.converted(number: JSONValue.double, integer: JSONValue.int, string: JSONValue.string, boolean: JSONValue.bool))
                }
                sink.event(.object([
                    ("subscription", subscriptionName), ("name", .string(event.name)), ("time", .double(Double(event.time) / 1e9)),
                    ("frame", .int(event.frame)), ("payload", .object(payload)),
                ]))
            },
            onSample: { sample in
                var fields: [(String, JSONValue)] = [
                    ("subscription", subscriptionName), ("frame", .int(sample.frame)), ("time", .double(sample.time)),
                    ("values", .object(sample.values.map { ($0.0, $0.1.map { .double($0) } ?? .null) })),
                ]
                if let geometry = sample.geometry { fields.append(("geometry", .object(geometry.map { ($0.id, .object($0.fields)) }))) }
                if let engines = sample.engines { fields.append(("engines", .array(engines.map { .string($0) }))) }
                sink.sample(.object(fields))
            })
        if let previous = subscriptions[name] { live.unsubscribe(previous) }
        subscriptions[name] = live.subscribe(subscription)
    }
}
