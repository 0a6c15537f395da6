import DetentDaemonClient
import DetentRuntime
import DetentJSON

/// What the daemon and a connection attached to a session (`session/attach`) both know of the
/// live-world methods beyond their parameters' declarations (`Daemon.methodTable`): the rules
/// that depend on the session a request goes to, and the params its worker takes.
enum SessionMethod {
    /// The methods answered by the session itself, by name.
    static let methods: [String: DaemonMethod] = Dictionary(
        uniqueKeysWithValues: Daemon.methodTable.filter(\.servedBySession).map { ($0.name, $0) })

    /// Throws the -32602 error a client gets for `method` going to `session` ("live" for the
    /// shared world): what starts a world over needs a session of the client's own.
    static func check(_ method: String, session: String) throws {
        guard session == "live" else { return }
        switch method {
        case "record":
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'record' needs a named 'session' (a recording starts the world over, and the shared world belongs to every client)")
        case "reset":
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'reset' needs a named 'session' (the shared world belongs to every client)")
        default: break
        }
    }

    /// The params the session's worker takes for `method`, from a request already decoded:
    /// as given, except `eval`'s, whose value is bounded by `valueBytes`
    /// (`max_eval_value_bytes`) — `SessionService` reads that `limit` beside `EvalParameters`.
    static func workerParams(_ method: String, _ params: Params, valueBytes: Int) throws -> JSONValue {
        guard method == "eval", case let .object(fields) = params.value else { return params.value }
        return .object(fields + [(SessionService.evalLimit, .int(Int64(valueBytes)))])
    }
}
