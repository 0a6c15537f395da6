import DetentPlatform
import Glibc
import DetentJSON
import DetentConfig

/// How a coordinator starts a worker process: the `detent` binary with its hidden
/// `__worker` subcommand and what the worker needs to set itself up as the coordinator is.
public struct WorkerCommand: Sendable {
    /// The program (an absolute path) and its arguments.
    public var arguments: [String]
    /// Added to the coordinator's environment.
    public var environment: [String: String]
    /// The worker's address-space limit (set by the pool from `WorkerLimits`; 0: none at start).
    public var memoryBytes = 4096 << 20
    /// A first line every new worker is sent before it says it is ready (its setup, when the
    /// command line cannot carry it: a daemon run's).
    public var setup: String?
    public init(arguments: [String], environment: [String: String] = [:]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// This very binary (`/proc/self/exe`) with `arguments` after it.
    public static func thisBinary(_ arguments: [String]) -> WorkerCommand {
        var path = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &path, path.count - 1)
        let binary = count > 0 ? String(decoding: path[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return WorkerCommand(arguments: [binary] + arguments)
    }
}

extension WorkerCommand {
    /// Starts one worker process (from the thread every worker is started from, see
    /// `WorkerPool`); the caller owns it, stops it and reaps it.
    public func start() throws -> WorkerProcess { try WorkerSpawner.shared.spawn(self) }

    /// Starts the worker `arguments` name ahead of need by forking this process while it has no
    /// other thread (`WorkerProcess.fork`). The child gets its worker's environment (as
    /// `WorkerSpawner` gives a spawned one), its command line as `ProcessArguments.current`
    /// (what a spec's `arg` shows) and the preparation of every worker
    /// (`WorkerServer.prepareProcess`), then runs `serve` on a thread made after the fork
    /// (`WorkerProcess.continueForkedChild`: the main thread keeps its parent's thread id in
    /// the runtime's locks) and never returns. The parent keeps the worker for the first
    /// `spawn` of the same arguments and returns. When it cannot fork there is no early
    /// worker: the first `spawn` starts one.
    public static func forkEarly(_ arguments: [String], serve: @escaping @Sendable () -> Void) {
        switch WorkerProcess.fork() {
        case let .child(parent)?:
            for (name, value) in WorkerSpawner.environment(parent: parent) { setenv(name, value, 1) }
            ProcessArguments.current = arguments
            WorkerServer.prepareProcess()
            WorkerProcess.continueForkedChild(name: "worker-main", serve)
        case let .parent(worker)?:
            WorkerSpawner.shared.adoptEarly(arguments, worker)
        case nil:
            break
        }
    }
}

/// What a coordinator enforces on its workers from outside (`[limits]` of runner.toml).
public struct WorkerLimits: Sendable {
    /// Wall-clock seconds one test (or one step between tests) may go without a result
    /// before its worker is stopped (`test_timeout_seconds`).
    public var testTimeoutSeconds: Double = 60
    /// Address space a worker may map (`worker_memory_mib`, setrlimit RLIMIT_AS).
    public var memoryBytes: Int = 4 << 30
    /// Seconds a worker has to answer a cancel before it is killed.
    public var answerSeconds: Double = 0.5
    /// Seconds between SIGTERM and SIGKILL.
    public var terminateGraceSeconds: Double = 0.2
    /// Seconds a new worker has to say it is ready (it reads config, loads plugins).
    public var startSeconds: Double = 30
    /// The longest line a worker may send (a test's output in one piece).
    public var lineBytes: Int = 256 << 20
    public init() {}
    /// The limits `[limits]` of runner.toml sets.
    public init(_ run: DetentConfiguration.RunDefaults) {
        testTimeoutSeconds = run.testTimeoutSeconds
        memoryBytes = run.workerMemoryBytes
    }
}

/// Workers waiting for work, started on demand and reused from file to file (and, in the
/// daemon, from run to run). Every worker is started from one thread that lives as long as
/// the process: a worker asks to die with the thread that started it, and a coordinator's
/// short-lived threads must not take their workers with them.
final class WorkerPool: @unchecked Sendable {
    let command: WorkerCommand
    let limits: WorkerLimits
    let census: WorkerCensus
    private let lock = Condition()
    private var idle: [WorkerProcess] = []
    /// Shut down: a worker given back now is stopped instead.
    private var closed = false

    init(command: WorkerCommand, limits: WorkerLimits, census: WorkerCensus) {
        var command = command
        command.memoryBytes = limits.memoryBytes
        self.command = command
        self.limits = limits
        self.census = census
    }

    /// An idle worker, or a new one once it says it is ready. Throws `UsageError` when the
    /// worker cannot set up (bad config) and `ChildProcess.StartFailure` when it cannot start.
    func take() throws -> WorkerProcess {
        lock.lock()
        if let worker = idle.popLast() {
            lock.unlock()
            census.becameBusy()
            return worker
        }
        lock.unlock()
        census.admitNew()
        let worker: WorkerProcess
        do { worker = try WorkerSpawner.shared.spawn(command) } catch {
            census.ended(wasBusy: true, replaced: false)
            throw error
        }
        if let setup = command.setup { worker.send(setup) }
        do {
            let line = try worker.readLine(deadline: WorkerProcess.monotonicNow() + limits.startSeconds, limit: limits.lineBytes)
            switch try WorkerReply(JSONValue.parse(line)) {
            case .ready: return worker
            case let .usageError(message):
                discard(worker, replaced: false)
                throw UsageError(description: message)
            default:
                throw WorkerProtocolError(description: "a new worker said something other than ready")
            }
        } catch let error as UsageError {
            throw error
        } catch {
            let ending = discard(worker, replaced: false)
            let tail = worker.standardErrorTail()
            throw UsageError(description: "a worker process did not start (\(ending)): \(error)" + (tail.isEmpty ? "" : "; its standard error: \(tail)"))
        }
    }

    /// A worker that finished its file in order goes back for the next.
    func giveBack(_ worker: WorkerProcess) {
        lock.lock()
        let closed = self.closed
        if !closed { idle.append(worker) }
        lock.unlock()
        if closed { discard(worker, replaced: false) } else { census.becameIdle() }
    }

    /// Stops and reaps a busy worker: one stopped mid-file (`replaced`), or one that failed.
    @discardableResult
    func discard(_ worker: WorkerProcess, replaced: Bool) -> WorkerProcess.Ending {
        let ending = worker.terminate(grace: limits.terminateGraceSeconds)
        census.ended(wasBusy: true, replaced: replaced)
        return ending
    }

    /// Stops and reaps every idle worker (the run is over).
    func shutdown() {
        lock.lock()
        closed = true
        let workers = idle
        idle = []
        lock.unlock()
        for worker in workers {
            worker.terminate(grace: limits.terminateGraceSeconds)
            census.ended(wasBusy: false, replaced: false)
        }
    }
}

/// The one thread every worker process is started from (see `WorkerPool`).
final class WorkerSpawner: @unchecked Sendable {
    static let shared = WorkerSpawner()
    private let queue = Condition()
    private var requests: [(WorkerCommand, (Result<WorkerProcess, Error>) -> Void)] = []
    /// A worker forked before its coordinator knew its setup (`adoptEarly`), kept for the first
    /// spawn of the same arguments (under `queue`). Its limits and seed come with the setup line
    /// the pool sends every new worker (`WorkerCommand.setup`), as a worker spawned then would.
    private var early: (arguments: [String], worker: WorkerProcess)?

    private init() {
        DetachedThread.start(name: "worker-spawner") { [self] in
            while true {
                queue.lock()
                while requests.isEmpty { queue.wait() }
                let (command, answer) = requests.removeFirst()
                queue.unlock()
                var environment = WorkerSpawner.environment(parent: getpid())
                if command.memoryBytes > 0 { environment["DETENT_WORKER_MEMORY"] = "\(command.memoryBytes)" }
                answer(Result { try WorkerProcess(command.arguments, environment: command.environment.merging(environment) { $1 }) })
            }
        }
    }

    /// What every worker has in its environment, spawned or forked: its coordinator's pid
    /// (`WorkerServer.prepareProcess` dies with it) and Swift's crash backtracer off — a
    /// test's crash is reported by the signal and the last words of the worker's standard
    /// error, not pages of frames.
    static func environment(parent: pid_t) -> [String: String] {
        ["DETENT_WORKER_PARENT": "\(parent)", "SWIFT_BACKTRACE": "enable=no"]
    }

    /// Keeps `worker`, forked for `arguments` before this process had its spawning thread
    /// (`WorkerCommand.forkEarly`), for their first `spawn`. One not taken ends with the
    /// coordinator, as every worker does.
    func adoptEarly(_ arguments: [String], _ worker: WorkerProcess) {
        queue.lock()
        early = (arguments, worker)
        queue.unlock()
    }

    func spawn(_ command: WorkerCommand) throws -> WorkerProcess {
        let done = Condition()
        var result: Result<WorkerProcess, Error>?
        queue.lock()
        if let early, early.arguments == command.arguments {
            self.early = nil
            queue.unlock()
            return early.worker
        }
        requests.append((command, { answer in
            done.lock()
            result = answer
            done.broadcast()
            done.unlock()
        }))
        queue.broadcast()
        queue.unlock()
        done.lock()
        while result == nil { done.wait() }
        done.unlock()
        return try result!.get()
    }
}
