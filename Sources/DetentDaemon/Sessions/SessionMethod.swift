import DetentDaemonClient
import DetentRuntime
import DetentJSON

/// What the daemon and a connection attached to a session (`session/attach`) both know of the
/// live-world methods beyond their declarations (`Daemon.methodTable`): the params their
/// worker takes.
enum SessionMethod {
    /// The methods answered by the session itself, by name.
    static let methods: [String: DaemonMethod] = Dictionary(
        uniqueKeysWithValues: Daemon.methodTable.filter(\.servedBySession).map { ($0.name, $0) })

    /// The params the session's worker takes for `method`, from a request already decoded:
    /// as given, except `eval`'s, whose value is bounded by `valueBytes`
    /// (`max_eval_value_bytes`) — `SessionService` reads that `limit` beside `EvalParameters`.
    static func workerParams(_ method: String, _ params: Params, valueBytes: Int) throws -> JSONValue {
        guard method == "eval", case let .object(fields) = params.value else { return params.value }
        return .object(fields + [(SessionService.evalLimit, .int(Int64(valueBytes)))])
    }
}
