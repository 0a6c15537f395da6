import DetentJSON

/// JSON-RPC 2.0 as the daemon speaks it (jsonrpc.org/specification): requests, their
/// validation, and the error codes of docs/protocol.md.
public enum JSONRPC {
    /// A validated request or notification (`id` nil).
    public struct Request: Sendable {
        public var id: JSONValue?
        public var method: String
        public var params: JSONValue
        public var isNotification: Bool { id == nil }
    }

    /// An error object; `code` from the table below.
    public struct Failure: Error, Sendable {
        public var code: Int
        public var message: String
        public var data: JSONValue?
        public init(_ code: Int, _ message: String, data: JSONValue? = nil) {
            self.code = code
            self.message = message
            self.data = data
        }

        public var json: JSONValue {
            var fields: [(String, JSONValue)] = [("code", .int(Int64(code))), ("message", .string(message))]
            if let data { fields.append(("data", data)) }
            return .object(fields)
        }
    }

    // Error codes: the standard ones, then the daemon's own (-32000…-32099, server errors).
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let luaError = -32000
    public static let unauthorized = -32001
    public static let usageError = -32002
    public static let limitReached = -32003
    public static let messageTooLarge = -32004
    public static let notFound = -32005
    /// The session's worker process ended (it crashed, or the session was restarted or closed)
    /// before the request was answered.
    public static let sessionLost = -32006
    /// An eval stopped from outside before it ended — by `cancel {session}`, the daemon's
    /// shutdown, a reset of its world — rather than by an error of its own (`luaError`).
    public static let interrupted = -32007

    /// Validates one element of a message: a request object with `"jsonrpc": "2.0"`, a
    /// string method, params omitted or structured, and an id that is a string, number or null.
    public static func request(from value: JSONValue) -> Result<Request, Failure> {
        guard case .object = value else {
            return .failure(Failure(invalidRequest, "invalid request: expected a JSON object"))
        }
        guard value["jsonrpc"] == .string("2.0") else {
            return .failure(Failure(invalidRequest, "invalid request: 'jsonrpc' must be \"2.0\""))
        }
        var id: JSONValue?
        if let given = value["id"] {
            switch given {
            case .string, .int, .double, .null: id = given
            default: return .failure(Failure(invalidRequest, "invalid request: 'id' must be a string, a number or null"))
            }
        }
        guard case let .string(method)? = value["method"] else {
            return .failure(Failure(invalidRequest, "invalid request: 'method' must be a string"))
        }
        let params = value["params"] ?? .object([])
        switch params {
        case .object, .array: break
        default: return .failure(Failure(invalidRequest, "invalid request: 'params' must be an object or an array"))
        }
        return .success(Request(id: id, method: method, params: params))
    }

    public static func response(id: JSONValue?, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id ?? .null), ("result", result)])
    }

    public static func response(id: JSONValue?, error: Failure) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id ?? .null), ("error", error.json)])
    }

    public static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    /// A `sample` notification of a session's sample `params`, saying how many samples were
    /// dropped before it when the client fell behind (`ClientConnection.sendSample`).
    public static func sample(_ params: JSONValue, dropped: Int) -> JSONValue {
        guard dropped > 0, case var .object(fields) = params else { return notification("sample", params) }
        fields.append(("dropped", .int(Int64(dropped))))
        return notification("sample", .object(fields))
    }
}

/// Typed reading of a request's `params` with errors that name the parameter and what was
/// expected (-32602).
public struct Params: Sendable {
    public let value: JSONValue
    public init(_ value: JSONValue) { self.value = value }

    public func invalid(_ name: String, _ expected: String) -> JSONRPC.Failure {
        let found = value[name].map { " (found \($0.kind))" } ?? ""
        return JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: '\(name)' must be \(expected)\(found)")
    }

    public func has(_ name: String) -> Bool {
        if let field = value[name], field != .null { return true }
        return false
    }

    public func string(_ name: String) throws -> String {
        guard let s = value[name]?.stringValue else { throw invalid(name, "a string") }
        return s
    }

    public func optionalString(_ name: String) throws -> String? { has(name) ? try string(name) : nil }

    public func optionalBool(_ name: String) throws -> Bool? {
        guard has(name) else { return nil }
        guard let b = value[name]?.boolValue else { throw invalid(name, "true or false") }
        return b
    }

    /// A whole number in `range`.
    public func optionalInt(_ name: String, in range: ClosedRange<Int64>) throws -> Int64? {
        guard has(name) else { return nil }
        guard let integer = value[name]?.integer, range.contains(integer) else {
            throw invalid(name, "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    /// A whole number from 0 to 2^64−1 (a seed), read exactly.
    public func optionalUnsigned(_ name: String) throws -> UInt64? {
        guard has(name) else { return nil }
        guard let integer = value[name]?.unsignedInteger else { throw invalid(name, "a whole number from 0 to \(UInt64.max)") }
        return integer
    }

    public func optionalNumber(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard has(name) else { return nil }
        guard let d = value[name]?.number, d.isFinite, range.contains(d) else {
            throw invalid(name, "a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return d
    }

    /// An array of strings.
    public func optionalStrings(_ name: String) throws -> [String]? {
        guard has(name) else { return nil }
        switch value[name] {
        case let .array(items)?:
            return try items.map { item in
                guard case let .string(s) = item else { throw invalid(name, "an array of strings") }
                return s
            }
        default: throw invalid(name, "an array of strings")
        }
    }

    /// Rejects parameters the method does not know (a typo should not pass silently).
    public func only(_ names: Set<String>) throws {
        guard case let .object(fields) = value else {
            throw JSONRPC.Failure(JSONRPC.invalidParams, "invalid params: expected an object of named parameters")
        }
        if let unknown = fields.first(where: { !names.contains($0.0) }) {
            throw JSONRPC.Failure(JSONRPC.invalidParams,
                                  "invalid params: unknown parameter '\(unknown.0)' (expected one of: \(names.sorted().joined(separator: ", ")))")
        }
    }
}
