import CPlatform
import DetentPlatform
import Dispatch
import FoundationEssentials
import Glibc
import NIOConcurrencyHelpers
import DetentJSON

/// The worker process's side (`detent __worker`): takes files from its coordinator over fd 3
/// and runs them in its `SpecRunner`'s sessions, sending every outcome back as it happens.
///
/// Two threads: one reads requests (a cancel or a stop arrives while a file runs), one runs
/// files (16 MiB of stack, as the run threads of a coordinator). Only the run thread writes.
/// When the pipe ends — the coordinator exited or closed it — the worker exits at once.
public enum WorkerServer {
    /// The fd the coordinator's pipe is on.
    public static let channel: Int32 = 3
    /// A worker's exit status when its pipe to the coordinator failed under it (a test closed
    /// it), and when a request on it was not the protocol.
    public static let pipeFailedStatus: Int32 = 71
    public static let malformedRequestStatus: Int32 = 70

    /// How a worker ended, as a test's error says it.
    public static func describe(_ ending: WorkerProcess.Ending) -> String {
        switch ending.exitCode {
        case pipeFailedStatus?: return "the worker process lost its pipe to the coordinator (closed by the test?) and exited"
        case malformedRequestStatus?: return "the worker process read what is not its protocol on its pipe and exited"
        default: return ending.signal != nil ? "the worker process was \(ending)" : "the worker process \(ending)"
        }
    }

    /// First thing in the worker: die with the coordinator, leave Ctrl-C to it (it cancels
    /// through the pipe), and cap the address space as the coordinator says.
    public static func prepareProcess() {
        if let parent = getenv("DETENT_WORKER_PARENT").flatMap({ pid_t(String(cString: $0)) }) {
            WorkerProcess.dieWithParent(expectedParent: parent)
        }
        // One name for every worker, forked or spawned, in ps, top and /proc/PID/comm.
        pthread_setname_np(pthread_self(), "detent-worker")
        signal(SIGINT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        // The channel is the worker's alone: a program a spec starts (`io.popen`, `os.execute`)
        // must not hold it, or the coordinator would not see the worker's end while it runs.
        _ = fcntl(channel, F_SETFD, FD_CLOEXEC)
        if let bytes = getenv("DETENT_WORKER_MEMORY").flatMap({ Int(String(cString: $0)) }) { limitMemory(to: bytes) }
    }

    /// Caps the worker's address space (`worker_memory_mib`, setrlimit RLIMIT_AS) — not
    /// under a sanitizer, whose shadow memory alone maps terabytes of it.
    public static func limitMemory(to bytes: Int) {
        guard detent_built_with_sanitizer() == 0, bytes > 0 else { return }
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }

    /// Tells the coordinator the worker could not set up, and exits.
    public static func refuse(_ message: String) -> Never {
        send(.usageError(message))
        exit(2)
    }

    /// The first line on the pipe (a setup the coordinator sends before anything else), and
    /// what came after it in the same read, for `serve`. Exits when the pipe ends first.
    public static func readSetup() -> (line: [UInt8], rest: [UInt8]) {
        var buffer: [UInt8] = []
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                return (Array(buffer[..<newline]), Array(buffer[(newline + 1)...]))
            }
            readMore(into: &buffer)
        }
    }

    /// Appends what the coordinator sent next; exits when the pipe ends — the coordinator is
    /// gone (or the pipe was closed under us), and there is no one to report to.
    public static func readMore(into buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65_536) { chunk in
            while true {
                // Waiting in poll for input only, not in read: a thread blocked in read on a
                // Unix socket is also woken each time the coordinator reads what this worker
                // wrote (the socket's space is freed, and its wait queue wakes every reader),
                // a wake-up for nothing on every answer.
                var ready = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, -1) < 0 && errno == EINTR { continue }
                let count = read(channel, chunk.baseAddress, chunk.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { _exit(0) }
                buffer.append(contentsOf: chunk[..<count])
                return
            }
        }
    }

    /// Serves `runner`'s files until the coordinator closes the pipe; never returns.
    /// `pending`: bytes of requests already read (after a setup line).
    public static func serve(_ runner: SpecRunner, pending: [UInt8] = []) -> Never {
        let inbox = WorkerInbox()
        DetachedThread.start(name: "worker-files", stackSize: 16 << 20) {
            var session: QueueOwned<Session>?
            while true {
                guard case let .run(index, path, text, skipping) = inbox.next() else { continue }
                // A file queued behind the one a cancel stopped never starts: done, with nothing to report.
                if runner.isCancelled {
                    send(.done(index: index, coverage: [:]))
                    continue
                }
                do {
                    session = try runner.runFile(path, text: text, index: index, skipping: skipping, shouldStop: { inbox.isStopping },
                                                 reusing: session) { send(.outcome($0)) }
                    send(.done(index: index, coverage: runner.takeCoverage()))
                } catch let error as UsageError {
                    session = nil
                    send(.usageError(error.description))
                } catch {
                    session = nil
                    send(.usageError("\(error)"))
                }
            }
        }
        send(.ready)
        var buffer = pending
        while true {
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let value = try? JSONValue.parse(line), let request = try? WorkerRequest(value) else { _exit(malformedRequestStatus) }
                switch request {
                case .cancel: runner.cancel()
                case .stop: inbox.stop()
                case .run: inbox.post(request)
                }
            }
            readMore(into: &buffer)
        }
    }

    /// Writes one reply line; a pipe that is gone ends the worker (there is no one to tell).
    private static func send(_ reply: WorkerReply) {
        if !ChildProcess.writeAll(Array(reply.json.text.utf8) + [UInt8(ascii: "\n")], to: channel) { _exit(pipeFailedStatus) }
    }
}

extension SpecRunner {
    /// The lines run since the last call (`--coverage`), handed over and forgotten.
    func takeCoverage() -> [String: [Int: Int]] {
        shared.withLockedValue { shared in
            defer { shared.coverage = [:] }
            return shared.coverage
        }
    }
}

/// The files a worker was sent and not yet begun, and whether the run stops scheduling
/// (`--max-failures`): filled by the reading thread, emptied by the running one.
private final class WorkerInbox: @unchecked Sendable {
    private let condition = Condition()
    private var requests: [WorkerRequest] = []
    private var stopping = false

    func post(_ request: WorkerRequest) {
        condition.lock()
        requests.append(request)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the next request.
    func next() -> WorkerRequest {
        condition.lock()
        defer { condition.unlock() }
        while requests.isEmpty { condition.wait() }
        return requests.removeFirst()
    }

    func stop() {
        condition.lock()
        stopping = true
        condition.unlock()
    }

    var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }
}
