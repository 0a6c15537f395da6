import FoundationEssentials
import DetentRuntime
import DetentJSON
#if canImport(Glibc)
import Glibc
import DetentReports
#endif

/// The client `detent run --connect SOCKET` uses: sends one `run` request and replays its
/// notifications into a local reporter, so the output and exit status are those of a local
/// run. Blocking I/O on the calling thread; every read has a time-out.
public final class DaemonClient {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// 2 for usage errors (as a local run), 1 otherwise.
        public let exitCode: Int32
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var nextID: Int64 = 0

    public init(socketPath: String) throws {
        fd = try DaemonClient.connect(socketPath)
    }

    /// A connected stream socket to the daemon at `socketPath`; a `Failure` (exit status 2)
    /// that says how to start one when nobody listens there.
    static func connect(_ socketPath: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot create a socket", exitCode: 1) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw Failure(description: "socket path too long: \(socketPath)", exitCode: 2)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot connect to a detent daemon at \(socketPath): \(reason) (start one with: detent daemon --socket \(socketPath))", exitCode: 2)
        }
        return fd
    }

    deinit { close(fd) }

    private func send(_ message: JSONValue) throws {
        var bytes = Array(message.text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "the daemon closed the connection", exitCode: 1) }
            offset += written
        }
    }

    /// The next message from the daemon; `timeout` seconds of silence is an error.
    private func receive(timeout: Double) throws -> JSONValue {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return try JSONValue.parse(line)
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(timeout * 1000))
            guard ready > 0 else { throw Failure(description: "the daemon sent nothing for \(Int(timeout)) s", exitCode: 1) }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "the daemon went away before the run finished", exitCode: 1) }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Runs `options` on the daemon, reporting as a local run would. Returns the summary.
    public func run(_ options: RunOptions, reporter: Reporter, listSink: (String) -> Void, idleTimeout: Double = 3600) throws -> RunSummary {
        nextID += 1
        let id = nextID
        var params: [(String, JSONValue)] = [("paths", .array(options.paths.map { .string($0) })),
                                             ("cwd", .string(options.workingDirectory ?? FileManager.default.currentDirectoryPath))]
        if !options.filters.isEmpty { params.append(("filter", .array(options.filters.map { .string($0) }))) }
        if !options.filtersOut.isEmpty { params.append(("filter_out", .array(options.filtersOut.map { .string($0) }))) }
        if !options.tags.isEmpty { params.append(("tags", .array(options.tags.map { .string($0) }))) }
        if !options.excludeTags.isEmpty { params.append(("exclude_tags", .array(options.excludeTags.map { .string($0) }))) }
        if let seed = options.seed { params.append(("seed", .unsigned(seed))) }
        if options.shuffle { params.append(("shuffle", .bool(true))) }
        if options.list { params.append(("list", .bool(true))) }
        if let device = options.device { params.append(("device", .string(device))) }
        if options.retries > 0 { params.append(("retries", .int(Int64(options.retries)))) }
        if options.repeatCount > 1 { params.append(("repeat", .int(Int64(options.repeatCount)))) }
        if let maxFailures = options.maxFailures { params.append(("max_failures", .int(Int64(maxFailures)))) }
        if options.failOnFlaky { params.append(("fail_on_flaky", .bool(true))) }
        // Set by the flag or this project's [run] require_assertions; left out, the daemon's own applies.
        if options.requireAssertions { params.append(("require_assertions", .bool(true))) }
        if options.paths.isEmpty { params[0] = ("paths", .array([.string("scripts/scenarios")])) }
        try send(.object([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string("run")), ("params", .object(params))]))
        var summary = RunSummary()
        var results: [TestResult] = []
        while true {
            let message = try receive(timeout: idleTimeout)
            if let error = message["error"], message["id"] == .int(id) || message["id"] == .null {
                let code = error["code"]?.integer ?? 0
                let text = error["message"]?.stringValue ?? "error"
                throw Failure(description: text, exitCode: code == Int64(JSONRPC.usageError) || code == Int64(JSONRPC.invalidParams) ? 2 : 1)
            }
            if let result = message["result"], message["id"] == .int(id) {
                summary.passed = Int(result["passed"]?.integer ?? 0)
                summary.failed = Int(result["failed"]?.integer ?? 0)
                summary.errors = Int(result["errors"]?.integer ?? 0)
                summary.pending = Int(result["skipped"]?.integer ?? 0)
                summary.loadErrors = Int(result["load_errors"]?.integer ?? 0)
                summary.flaky = Int(result["flaky"]?.integer ?? 0)
                summary.notRun = Int(result["not_run"]?.integer ?? 0)
                summary.noAssertions = Int(result["no_assertions"]?.integer ?? 0)
                summary.results = results
                summary.cancelled = result["cancelled"] == .bool(true)
                if !options.list { reporter.runFinished(summary) }
                return summary
            }
            guard let method = message["method"]?.stringValue, let p = message["params"] else { continue }
            func string(_ key: String) -> String? { p[key]?.stringValue }
            switch method {
            case "run/started":
                if !options.list {
                    let files = p["files"]?.arrayValue?.compactMap(\.stringValue) ?? []
                    reporter.runStarted(RunInfo(seed: p["seed"]?.unsignedInteger ?? 0, shuffled: p["shuffled"] == .bool(true),
                                                device: string("device") ?? "", files: files))
                }
            case "run/file": reporter.fileStarted(string("file") ?? "")
            case "run/output": reporter.output(string("text") ?? "")
            case "run/load_error": reporter.loadFailed(file: string("file") ?? "", message: string("message") ?? "")
            case "run/listed": listSink(string("line") ?? "")
            case "run/test":
                let tags = p["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
                var result = TestResult(file: string("file") ?? "", name: string("name") ?? "", fullName: string("full_name") ?? "",
                                        location: string("location") ?? "", tags: tags,
                                        status: TestResult.Status(rawValue: string("status") ?? "error") ?? .error,
                                        virtualTime: p["time"]?.number ?? 0, frame: p["frame"]?.integer ?? 0)
                result.message = string("message")
                result.expected = string("expected")
                result.actual = string("actual")
                result.traceback = string("traceback")
                result.duration = p["duration"]?.number ?? 0
                result.assertions = p["assertions"]?.integer.map { Int($0) }
                result.iteration = p["iteration"]?.integer.map { Int($0) }
                if let attempts = p["retries"]?.arrayValue {
                    result.retries = attempts.map { a in
                        let status = a["status"]?.stringValue.flatMap(TestResult.Status.init(rawValue:)) ?? .error
                        return TestResult.Attempt(status: status, message: a["message"]?.stringValue, virtualTime: a["time"]?.number ?? 0,
                                                  frame: a["frame"]?.integer ?? 0, duration: a["duration"]?.number ?? 0)
                    }
                }
                results.append(result)
                reporter.testFinished(result)
            default: break
            }
        }
    }
}
