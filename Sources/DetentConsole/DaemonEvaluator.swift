import FoundationEssentials
import NIOConcurrencyHelpers
import DetentDaemonClient
import DetentRuntime
import DetentLua
import DetentJSON

/// The console's evaluator on a daemon's live world (`detent console --connect SOCKET`):
/// each call is one of the daemon's methods (docs/protocol.md) — `eval` with the console's
/// format, `complete`, `state`/`status`, `pause`, `resume`, `step`, `speed`, `cancel`,
/// `reload`, `subscribe` for `:trace`. Only whether a chunk is incomplete is decided here,
/// by compiling it in a Lua state of its own (it needs no world).
public final class DaemonEvaluator: ConsoleEvaluator {
    /// What the daemon cannot do for a console (`:reset`: the world is the daemon's).
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    public var onOutput: (String) -> Void = { _ in }
    /// Called once, on the connection's thread, when the daemon closes the socket.
    public var onGone: () -> Void = {}

    private let channel: DaemonChannel
    /// A named session, or nil for the daemon's shared live world.
    private let session: String?
    private let syntax = LuaState(libraries: .safe)
    /// `:trace`'s subscription and what it recorded (written by the connection's thread).
    private let tracing = NIOLockedValueBox<(subscription: String?, trace: ConsoleTrace?)>((nil, nil))

    public init(socketPath: String, session: String? = nil) throws {
        channel = try DaemonChannel(socketPath: socketPath)
        self.session = session
        channel.onClosed = { [weak self] in self?.onGone() }
        channel.onNotification = { [weak self] method, params in
            guard method == "sample", let self else { return }
            self.recordSample(params)
        }
        channel.start()
        _ = try channel.call("initialize", [("client", .string("detent console"))])
        // A named session opens on its first eval; open it now, so that every method (a
        // :reset, a :status) finds it from the start.
        if session != nil { _ = try channel.call("eval", params([("code", .string("")), ("format", .string("console"))])) }
    }

    private func params(_ extra: [(String, JSONValue)] = []) -> [(String, JSONValue)] {
        (session.map { [("session", JSONValue.string($0))] } ?? []) + extra
    }

    // MARK: Evaluation

    public func isIncomplete(_ code: String) -> Bool {
        if (try? syntax.load("return " + code, chunkName: "=stdin")) != nil {
            syntax.pop()
            return false
        }
        do {
            try syntax.load(code, chunkName: "=stdin")
            syntax.pop()
            return false
        } catch {
            return "\(error)".hasSuffix("<eof>")
        }
    }

    public func evaluate(_ code: String, chunkName: String, completion: @escaping @Sendable (ConsoleEvaluation) -> Void) {
        channel.request("eval", params([("code", .string(code)), ("format", .string("console"))])) { [weak self] reply in
            switch reply {
            case let .success(result):
                if case let .array(lines)? = result["output"] {
                    for case let .string(line) in lines { self?.onOutput(line) }
                }
                var text = ""
                if let value = result["value"]?.stringValue, result["count"]?.number != 0 { text = value }
                var frames: ClosedRange<Int64>?
                if let start = result["start_frame"]?.integer, let end = result["end_frame"]?.integer, start <= end {
                    frames = start...end
                }
                completion(.values(text, frames: frames))
            case let .failure(failure):
                completion(.error(failure.description))
            }
        }
    }

    public func interrupt() {
        channel.request("cancel", [("session", .string(session ?? "live"))]) { _ in }
    }

    public func completions(of word: String) -> [String] {
        let answer = try? channel.call("complete", params([("word", .string(word))]))
        return answer?["words"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    // MARK: Clock

    public func status() throws -> ConsoleStatus {
        let state = try channel.call("state", params([("paths", .array([]))]))
        var delivered = state["frame"]?.integer ?? 0
        if session == nil, let frames = try channel.call("status")["ticks"]?["frames"]?.integer { delivered = frames }
        return ConsoleStatus(time: state["time"]?.number ?? 0, frame: state["frame"]?.integer ?? 0, framesDelivered: delivered,
                             paused: state["paused"] == .bool(true), speed: state["speed"]?.number ?? 1,
                             engines: state["engines"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    public func frameDrops() throws -> [(frame: Int64, count: Int64)] {
        let state = try channel.call("state", params([("paths", .array([])), ("drops", .bool(true))]))
        return (state["drops"]?.arrayValue ?? []).compactMap { item in
            guard let frame = item["frame"]?.integer, let count = item["count"]?.integer else { return nil }
            return (frame, count)
        }
    }

    public func pause() throws { _ = try channel.call("pause", params()) }
    public func resume() throws { _ = try channel.call("resume", params()) }
    public func step(_ frames: Int) throws { _ = try channel.call("step", params([("frames", .int(Int64(frames)))])) }
    public func setSpeed(_ factor: Double) throws { _ = try channel.call("speed", params([("factor", .double(factor))])) }

    // MARK: World, plugins, traces

    /// A named session's world is reset by the daemon's `reset`; the shared world belongs to
    /// every client and is not.
    public func reset() throws {
        guard session != nil else {
            throw Unavailable(description: "the daemon's shared world cannot be reset from a console; use a session of your own: detent console --connect SOCKET --session NAME")
        }
        _ = try channel.call("reset", params())
    }

    /// The daemon's `session/restart`: answered at once, also when the session is stuck in
    /// native code (the shared world too: it is how every client gets it back).
    public func restart() throws {
        _ = try channel.call("session/restart", params())
    }

    public func reloadPlugins() throws -> [String] {
        let result = try channel.call("reload")
        var notes: [String] = []
        for plugin in result["loaded"]?.arrayValue ?? [] {
            if let name = plugin["name"]?.stringValue, let file = plugin["file"]?.stringValue {
                notes.append("loaded \(name) \(plugin["version"]?.stringValue ?? "") (\(file))")
            }
        }
        for failure in result["failed"]?.arrayValue ?? [] {
            if let message = failure["message"]?.stringValue { notes.append("failed: \(message)") }
        }
        notes.append("the daemon reloaded: sessions it opens from now on use these (its shared world keeps its plugins)")
        return notes
    }

    public func startTrace(_ properties: [String]) throws {
        if let old = tracing.withLockedValue({ $0.subscription }) {
            _ = try? channel.call("unsubscribe", [("subscription", .string(old))])
        }
        tracing.withLockedValue { $0 = (nil, ConsoleTrace(properties: properties)) }
        let result = try channel.call("subscribe", params([("properties", .array(properties.map { .string($0) }))]))
        if case let .string(name)? = result["subscription"] { tracing.withLockedValue { $0.subscription = name } }
    }

    private func recordSample(_ params: JSONValue) {
        guard case let .string(name)? = params["subscription"], let values = params["values"] else { return }
        tracing.withLockedValue { t in
            guard t.subscription == name, var trace = t.trace else { return }
            trace.append(time: params["time"]?.number ?? 0, trace.properties.map { values[$0]?.number })
            t.trace = trace
        }
    }

    public func recordedTrace() throws -> ConsoleTrace? {
        tracing.withLockedValue { $0.trace }
    }

    public func close() {
        channel.close()
    }
}
