import DetentDaemonClient
import DetentRuntime
import DetentJSON

/// The live-world methods of docs/protocol.md and their parameters' checks, written once for
/// the daemon — which checks a request before it passes it to the session's worker — and for a
/// connection attached to a session (`session/attach`), which the worker serves itself.
enum SessionMethod {
    /// Methods answered by the session itself, with their parameters (`Daemon.methodTable`).
    static let parameters: [String: [MethodParameter]] = Dictionary(
        uniqueKeysWithValues: Daemon.methodTable.filter(\.servedBySession).map { ($0.name, $0.parameters) })

    /// Throws the -32602 error a client gets for `params` of `method` (one of `parameters`):
    /// the declared parameters' checks, then what only this method knows. `session` is the
    /// session the request goes to ("live" for the shared world).
    static func check(_ method: String, _ params: Params, session: String) throws {
        try (parameters[method] ?? []).check(params)
        switch method {
        case "eval":
            let format = try params.optionalString("format") ?? "default"
            guard format == "default" || format == "console" else { throw params.invalid("format", "one of: default, console") }
        case "touch":
            let phase = try params.string("phase")
            guard LiveSession.PointerPhase(rawValue: phase) != nil else {
                throw params.invalid("phase", "one of: " + LiveSession.PointerPhase.allCases.map(\.rawValue).joined(separator: ", "))
            }
        case "record":
            let action = try params.string("action")
            guard action == "start" || action == "stop" else { throw params.invalid("action", "one of: start, stop") }
            guard session != "live" else {
                throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'record' needs a named 'session' (a recording starts the world over, and the shared world belongs to every client)")
            }
        case "reset":
            guard session != "live" else {
                throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: 'reset' needs a named 'session' (the shared world belongs to every client)")
            }
        default: break
        }
    }

    /// The params the session's worker takes for `method`, from a request checked by `check`:
    /// as given, except `eval`, whose format is spelt out and whose value is bounded by
    /// `valueBytes` (`max_eval_value_bytes`).
    static func workerParams(_ method: String, _ params: Params, valueBytes: Int) throws -> JSONValue {
        guard method == "eval" else { return params.value }
        return .object([("code", .string(try params.string("code"))), ("format", .string(try params.optionalString("format") ?? "default")),
                        ("limit", .int(Int64(valueBytes)))])
    }

    /// What `subscribe` asks for: checked, without the session.
    struct Subscription {
        var events: [String]?
        var properties: [String]
        var every: Int
        var geometry: Bool

        /// From `subscribe`'s params, checked against its declaration (`Daemon.methodTable`).
        init(_ params: Params) throws {
            try Daemon.methodsByName["subscribe"]!.parameters.check(params)
            events = params.value["events"] == .string("*") ? ["*"] : try params.optionalStrings("events")
            properties = try params.optionalStrings("properties") ?? []
            every = Int(try params.optionalInt("every", in: 1...100_000) ?? 1)
            geometry = try params.optionalBool("geometry") ?? false
            guard events != nil || !properties.isEmpty || geometry else {
                throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: give 'events' (names, or \"*\" for all), 'properties' (names such as \"drawer.origin\") and/or 'geometry' (true)")
            }
        }

        /// As the session's worker takes it, under the subscription's `name`.
        func json(name: String) -> JSONValue {
            var fields: [(String, JSONValue)] = [("name", .string(name)), ("properties", .array(properties.map { .string($0) })),
                                                 ("every", .int(Int64(every))), ("geometry", .bool(geometry))]
            if let events { fields.append(("events", .array(events.map { .string($0) }))) }
            return .object(fields)
        }
    }
}
