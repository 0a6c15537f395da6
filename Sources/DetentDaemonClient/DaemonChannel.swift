import DetentPlatform
import DetentRuntime
import FoundationEssentials
import NIOConcurrencyHelpers
import DetentJSON
#if canImport(Glibc)
import Glibc
#endif

/// A connection to the daemon for a client that asks many things over time (the console's
/// `--connect`): requests answered by id, notifications handed on as they come, and one
/// call of `onClosed` when the daemon closes the socket. A thread of its own reads the socket;
/// requests may be sent from any thread.
public final class DaemonChannel: @unchecked Sendable {
    public typealias Reply = Result<JSONValue, DaemonClient.Failure>

    /// Called on the reading thread with each notification's method and params.
    public var onNotification: (String, JSONValue) -> Void = { _, _ in }
    /// Called once, on the reading thread, when the daemon closed the connection (not after `close()`).
    public var onClosed: () -> Void = {}

    private let fd: Int32
    private struct State {
        var nextID: Int64 = 0
        var pending: [Int64: (Reply) -> Void] = [:]
        var open = true
        var closedByUs = false
    }
    private let state = NIOLockedValueBox(State())

    public init(socketPath: String) throws {
        fd = try DaemonClient.connect(socketPath)
    }

    /// Starts reading; set the callbacks first.
    public func start() {
        DetachedThread.start(name: "console-daemon") { [self] in readLoop() }
    }

    /// Sends a request; `completion` gets its result or its error (code and message as the
    /// failure's text), on the reading thread.
    public func request(_ method: String, _ params: [(String, JSONValue)] = [], completion: @escaping (Reply) -> Void) {
        let id: Int64? = state.withLockedValue { s in
            guard s.open else { return nil }
            s.nextID += 1
            s.pending[s.nextID] = completion
            return s.nextID
        }
        guard let id else { return completion(.failure(DaemonClient.Failure(description: "the daemon went away", exitCode: 1))) }
        var bytes = Array(JSONValue.object([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)),
                                            ("params", .object(params))]).text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { break } // the reader sees the close and fails every pending request
            offset += written
        }
    }

    /// Sends a request and waits for its answer.
    public func call(_ method: String, _ params: [(String, JSONValue)] = []) throws -> JSONValue {
        let answer = AwaitedAnswer<Reply>()
        request(method, params) { answer.deliver($0) }
        return try answer.wait().get()
    }

    /// Closes the connection; `onClosed` is not called.
    public func close() {
        state.withLockedValue { $0.closedByUs = true }
        shutdown(fd, Int32(SHUT_RDWR))
    }

    private func readLoop() {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.append(contentsOf: chunk[..<count])
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                guard let message = try? JSONValue.parse(line) else { continue }
                dispatch(message)
            }
        }
        let (pending, byUs) = state.withLockedValue { s -> ([(Reply) -> Void], Bool) in
            s.open = false
            defer { s.pending.removeAll() }
            return (Array(s.pending.values), s.closedByUs)
        }
        for completion in pending { completion(.failure(DaemonClient.Failure(description: "the daemon went away", exitCode: 1))) }
        Glibc.close(fd)
        if !byUs { onClosed() }
    }

    private func dispatch(_ message: JSONValue) {
        if case let .string(method)? = message["method"] {
            onNotification(method, message["params"] ?? .null)
            return
        }
        guard case let .int(id)? = message["id"], let completion = state.withLockedValue({ $0.pending.removeValue(forKey: id) }) else { return }
        if let error = message["error"] {
            let code = Int64(error["code"]?.number ?? 0)
            let text: String
            if case let .string(s)? = error["message"] { text = s } else { text = "error \(code)" }
            completion(.failure(DaemonClient.Failure(description: text, exitCode: code == Int64(JSONRPC.usageError) || code == Int64(JSONRPC.invalidParams) ? 2 : 1)))
        } else {
            completion(.success(message["result"] ?? .null))
        }
    }
}
