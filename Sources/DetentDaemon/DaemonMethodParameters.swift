import DetentDaemonClient
import DetentJSON

// The parameters of the daemon's own methods (docs/protocol.md), one typed value each; the
// live-world methods' are in Sessions/SessionParameters.swift, `run`'s in RunParameters.swift.

/// A method that takes no parameters (`reload`, `plugins`, `status`, `shutdown`).
struct NoParameters: MethodParameters {
    static let fields: [ParameterField<Self>] = []
}

/// A method that takes only the session it works on (`pause`, `resume`, `reset`,
/// `session/attach`, `session/restart`).
struct SessionOnlyParameters: MethodParameters {
    var session: String?
    static let fields: [ParameterField<Self>] = [.session(\.session)]
}

/// `initialize`.
struct InitializeParameters: MethodParameters {
    /// The client's name, for the daemon's log.
    var client: String?
    /// The protocol version the client speaks; another than the daemon's is refused.
    var protocolVersion: Int64?
    /// The TCP token (a Unix socket needs none).
    var token: String?
    static let fields: [ParameterField<Self>] = [
        .string("client", \.client), .integer("protocol", 0...Int64(Int32.max), \.protocolVersion), .string("token", \.token),
    ]
}

/// `cancel`: a run, or the evals running in a live session.
struct CancelParameters: MethodParameters {
    var run: String?
    var session: String?
    static let fields: [ParameterField<Self>] = [.string("run", \.run), .session(\.session)]

    func check() throws {
        guard (run == nil) != (session == nil) else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: give 'run' (a run's id) or 'session' (a live session's name)"
                                  + (run == nil ? "" : ", not both"))
        }
    }
}

/// `subscribe`: what a client wants streamed from a live world.
struct SubscribeParameters: MethodParameters {
    /// Event names, ["*"] for all, nil for none.
    var events: [String]?
    var properties: [String]?
    /// Every how many frames a sample is sent.
    var every: Int64 = 1
    /// Whether samples carry what a replay draws (Detent Studio).
    var geometry = false
    var session: String?
    static let fields: [ParameterField<Self>] = [
        .eventNames("events", \.events), .strings("properties", \.properties), .integer("every", 1...100_000, \.every),
        .bool("geometry", \.geometry), .session(\.session),
    ]

    func check() throws {
        guard events != nil || !(properties ?? []).isEmpty || geometry else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: give 'events' (names, or \"*\" for all), 'properties' (names such as \"drawer.origin\") and/or 'geometry' (true)")
        }
    }

    /// As the session's worker takes it (`SessionService`), under the subscription's `name`.
    func worker(name: String) -> JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(name)), ("properties", .array((properties ?? []).map { .string($0) })),
                                             ("every", .int(every)), ("geometry", .bool(geometry))]
        if let events { fields.append(("events", .array(events.map { .string($0) }))) }
        return .object(fields)
    }
}

/// `unsubscribe`.
struct UnsubscribeParameters: MethodParameters {
    var subscription = ""
    static let fields: [ParameterField<Self>] = [.required("subscription", \.subscription)]
}

/// `session/close`: a named session (the shared world cannot be closed).
struct SessionCloseParameters: MethodParameters {
    var session = ""
    static let fields: [ParameterField<Self>] = [.required("session", \.session)]
}
