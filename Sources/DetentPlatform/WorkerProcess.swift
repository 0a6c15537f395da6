import CPlatform
import Glibc

/// A child process a coordinator runs code in and can always stop: another `detent` started
/// with a hidden subcommand, talking over a socket pair that is its fd 3, its standard error
/// on a pipe whose tail is kept (the last words of a worker that dies), its standard output
/// the coordinator's own. Lines go both ways; reading waits at most until a deadline.
///
/// The child is in its parent's process group (Ctrl-C reaches it; a worker ignores SIGINT and
/// is cancelled through its pipe) and dies with its parent: it asks the kernel for SIGKILL
/// when its parent thread ends (`WorkerProcess.dieWithParent`), and it reads end-of-file on
/// its pipe when the parent is gone. Every instance is reaped (`waitpid`): no zombie stays.
///
/// One owner thread uses an instance; only `pid`, `signal` and `terminate` may be used from others.
public final class WorkerProcess: @unchecked Sendable {
    public let pid: pid_t
    /// The coordinator's end of the socket pair.
    private let channel: Int32
    /// Bytes read and not yet handed out as lines start at `start`; `scanned` is how far a
    /// newline has been looked for.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private let stderrTail: StandardErrorTail
    private var exitStatus: Int32?
    private let exitLock = Condition()

    /// Why a read gave no line.
    public enum ReadFailure: Error, Equatable {
        /// The deadline passed first.
        case timedOut
        /// The worker closed its end (it exited, or closed fd 3).
        case closed
        /// A line longer than the limit: the pipe is flooded.
        case tooLong(Int)
        /// A line that does not start as every line of the protocol does (garbage on the pipe).
        case malformed
    }

    /// Starts `arguments` (the program first, an absolute path) with the pipe as fd 3 and
    /// `environment` added to this process's. Throws `ChildProcess.StartFailure`.
    public convenience init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let (pair, errorPipe) = try WorkerProcess.makeEnds(program: arguments[0])
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_adddup2(&fileActions, pair[1], 3)
        posix_spawn_file_actions_adddup2(&fileActions, errorPipe[1], 2)
        // Nothing else of this process's: a pipe another thread made without O_CLOEXEC (a test
        // harness's, a library's) would otherwise stay open for as long as the worker lives.
        detent_spawn_close_from(&fileActions, 4)
        var attributes = posix_spawnattr_t()
        ChildProcess.initializeCleanSignals(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var env: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            if environment[name] == nil { env.append(strdup(entry)) }
            index += 1
        }
        for (name, value) in environment { env.append(strdup(name + "=" + value)) }
        env.append(nil)
        defer { for p in env { free(p) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, arguments[0], &fileActions, &attributes, &argv, &env)
        close(pair[1])
        close(errorPipe[1])
        guard status == 0 else {
            close(pair[0]); close(errorPipe[0])
            throw ChildProcess.StartFailure(program: arguments[0], reason: String(cString: strerror(status)))
        }
        self.init(pid: pid, channel: pair[0], errorFD: errorPipe[0])
    }

    /// The two ends a worker gets, close-on-exec: a socket pair (the channel, fd 3 in the
    /// worker) and a pipe for its standard error (fd 2). Throws `ChildProcess.StartFailure`.
    private static func makeEnds(program: String) throws -> (channel: [Int32], errors: [Int32]) {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw ChildProcess.StartFailure(program: program, reason: "socketpair: " + String(cString: strerror(errno)))
        }
        var errorPipe: [Int32] = [0, 0]
        guard detent_pipe_cloexec(&errorPipe) == 0 else {
            close(pair[0]); close(pair[1])
            throw ChildProcess.StartFailure(program: program, reason: "pipe: " + String(cString: strerror(errno)))
        }
        return (pair, errorPipe)
    }

    private init(pid: pid_t, channel: Int32, errorFD: Int32) {
        self.pid = pid
        self.channel = channel
        stderrTail = StandardErrorTail(fd: errorFD)
        stderrTail.start(name: "worker\(pid)-err")
    }

    /// Waits up to `seconds` for this process to have one thread (a thread just joined ends
    /// in the kernel a moment after `pthread_join` returns); whether it has.
    @discardableResult
    public static func awaitOneThread(within seconds: Double) -> Bool {
        let deadline = monotonicNow() + seconds
        while detent_thread_count() != 1 {
            if monotonicNow() > deadline { return false }
            sched_yield()
        }
        return true
    }

    /// Runs the rest of a forked child, `body`, on a thread made after the fork, and never
    /// returns; the main thread waits with every signal blocked. The Swift runtime keeps each
    /// thread's kernel id in thread-local storage and writes it into its locks (swift_once's is
    /// a priority-inheritance futex). In the child the main thread still holds its parent's id:
    /// a lock it takes while another thread waits on it cannot be released (the kernel refuses
    /// to unlock a futex for an owner that is not the caller), and both threads hang. Seen in 1
    /// run in 8 to 40 when a thread warmed the Lua classes beside the first session (a trial,
    /// not kept); the worker's own threads (its file runner, Dispatch's) could meet it too.
    /// A thread made in the child learns its own id. Call it while the child has one thread.
    public static func continueForkedChild(name: String, _ body: @escaping @Sendable () -> Void) -> Never {
        DetachedThread.start(name: name, stackSize: 8 << 20) {
            body()
            exit(0)
        }
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, nil)
        while true { pause() }
    }

    /// What `fork()` gives each side.
    public enum Forked {
        /// This process is the parent; the child is its worker.
        case parent(WorkerProcess)
        /// This process is the child: its fd 3 is the pipe and fd 2 the coordinator's tail, as
        /// a spawned worker's; the caller goes on to serve as the worker and never returns.
        case child(parent: pid_t)
    }

    /// Forks this process into a worker instead of starting this binary anew: the child has
    /// this process's loaded image and skips loading and the runtime's start (BENCHMARKS.md,
    /// "Start-up, issue 29's last steps"). Only a process with no other thread may fork
    /// (a lock another thread held would stay locked in the child): nil when there is one,
    /// or when it cannot fork; the caller spawns then.
    public static func fork() -> Forked? {
        guard detent_thread_count() == 1, let ends = try? makeEnds(program: CommandLine.arguments[0]) else { return nil }
        let (pair, errorPipe) = ends
        let parent = getpid()
        let pid = detent_fork_worker(pair[1], errorPipe[1])
        if pid == 0 { return .child(parent: parent) }
        close(pair[1])
        close(errorPipe[1])
        guard pid > 0 else {
            close(pair[0]); close(errorPipe[0])
            return nil
        }
        return .parent(WorkerProcess(pid: pid, channel: pair[0], errorFD: errorPipe[0]))
    }

    deinit {
        close(channel)
    }

    /// Writes one line (a newline is added); false when the worker can no longer read it.
    @discardableResult
    public func send(_ line: String) -> Bool {
        ChildProcess.writeAll(Array(line.utf8) + [UInt8(ascii: "\n")], to: channel)
    }

    /// A copy of the coordinator's end of the socket pair, for a caller that reads and writes
    /// it itself (an event loop) instead of through `send` and `readLine`; the caller closes it.
    public func duplicateChannel() -> Int32 { fcntl(channel, F_DUPFD_CLOEXEC, 0) }

    /// The next line (without its newline), waiting until `deadline` (a `monotonicNow()`
    /// value; nil waits for ever). Lines longer than `limit` bytes fail as `tooLong`, and one
    /// that does not begin with `first` (when given) as `malformed`, as soon as it begins.
    public func readLine(deadline: Double?, limit: Int, first: UInt8? = nil) throws(ReadFailure) -> [UInt8] {
        while true {
            if let first, start < buffer.count, buffer[start] != first { throw .malformed }
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                scanned = start
                // Lines are taken from the front by moving `start`; the bytes before it are
                // dropped once they are most of the buffer (not once a line: that is quadratic).
                if start == buffer.count {
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                    scanned = 0
                } else if start > 65_536 && start * 2 > buffer.count {
                    buffer.removeSubrange(..<start)
                    scanned -= start
                    start = 0
                }
                return line
            }
            scanned = buffer.count
            if buffer.count - start > limit { throw .tooLong(buffer.count - start) }
            var poller = pollfd(fd: channel, events: Int16(POLLIN), revents: 0)
            let wait: Int32
            if let deadline {
                let left = deadline - WorkerProcess.monotonicNow()
                if left <= 0 { throw .timedOut }
                wait = Int32(min(left * 1000 + 1, 60_000))
            } else {
                wait = 60_000
            }
            let ready = poll(&poller, 1, wait)
            if ready < 0 && errno != EINTR { throw .closed }
            if ready <= 0 { continue }
            let count = chunk.withUnsafeMutableBytes { read(channel, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .closed
            }
            if count == 0 { throw .closed }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Whether a whole line is already read and waiting (`readLine` would not block).
    public var hasBufferedLine: Bool { buffer[start...].contains(UInt8(ascii: "\n")) }

    /// Sends the worker `signal` unless it has been reaped (its pid may be another process's
    /// by then). Any thread.
    public func signal(_ number: Int32) {
        exitLock.lock()
        defer { exitLock.unlock() }
        if exitStatus == nil { kill(pid, number) }
    }

    /// Stops the worker: SIGTERM, then SIGKILL once `grace` seconds have passed without it
    /// exiting; reaps it. Returns how it ended. Safe to call more than once, from any thread.
    /// Waits on the worker's pidfd, so it returns as the worker ends: the 2 ms sleeps it
    /// polled with before were a tenth of an empty run (BENCHMARKS.md); a kernel without
    /// pidfds is polled with sleeps growing from 50 µs.
    @discardableResult
    public func terminate(grace: Double) -> Ending {
        if let ending = reap(wait: false) { return ending }
        kill(pid, SIGTERM)
        let deadline = WorkerProcess.monotonicNow() + grace
        var nap: useconds_t = 50
        while true {
            if let ending = reap(wait: false) { return ending }
            let left = deadline - WorkerProcess.monotonicNow()
            if left <= 0 { break }
            if detent_await_exit(pid, Int32(min(left * 1000 + 1, 60_000))) < 0 {
                usleep(min(nap, useconds_t(left * 1e6) + 1))
                nap = min(nap * 2, 2_000)
            }
        }
        kill(pid, SIGKILL)
        return reap(wait: true)!
    }

    /// How the worker ended, once it has (reaping it); nil while it runs (`wait` false).
    public func reap(wait: Bool) -> Ending? {
        exitLock.lock()
        defer { exitLock.unlock() }
        if exitStatus == nil {
            var status: Int32 = 0
            while true {
                let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
                if result == pid { exitStatus = status; break }
                if result == 0 { return nil }
                if errno == EINTR { continue }
                exitStatus = 0   // not our child any more (reaped elsewhere): nothing to learn
                break
            }
        }
        return Ending(status: exitStatus!)
    }

    /// The last bytes the worker wrote to standard error, as text (at most 2 KiB, waiting up
    /// to `settle` seconds for the pipe's end so a dying worker's last words are in).
    public func standardErrorTail(settle: Double = 0.2) -> String { stderrTail.text(settle: settle) }

    /// How a worker process ended.
    public struct Ending: Equatable, CustomStringConvertible {
        public let status: Int32
        /// The signal that ended it, if one did.
        public var signal: Int32? { (status & 0x7f) != 0 && (status & 0x7f) != 0x7f ? status & 0x7f : nil }
        public var exitCode: Int32? { signal == nil ? (status >> 8) & 0xff : nil }
        public var description: String {
            if let signal { return "killed by \(WorkerProcess.signalName(signal))" + (status & 0x80 != 0 ? " (core dumped)" : "") }
            return "exited with status \(exitCode ?? 0)"
        }
    }

    /// SIGSEGV, SIGABRT, … for a signal number.
    public static func signalName(_ number: Int32) -> String {
        let names: [Int32: String] = [SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
                                      SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
                                      SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
                                      SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ", SIGSYS: "SIGSYS"]
        return names[number] ?? "signal \(number)"
    }

    /// Seconds on the monotonic clock.
    public static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Called first thing in a worker: SIGKILL when the thread that started it ends (the
    /// coordinator died, even by SIGKILL), and exit now if that already happened.
    public static func dieWithParent(expectedParent: pid_t) {
        detent_die_with_parent()
        if getppid() != expectedParent { _exit(70) }
    }
}

/// A pipe's last bytes, read on a thread of its own until end-of-file, so a worker never
/// blocks on a full standard error and its last words are kept.
final class StandardErrorTail: @unchecked Sendable {
    private let fd: Int32
    private let condition = Condition()
    private var tail: [UInt8] = []
    private var ended = false
    private static let keep = 2048

    init(fd: Int32) { self.fd = fd }

    func start(name: String) {
        DetachedThread.start(name: name) { [self] in
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                // Passed on as it comes (a worker's -v diagnostics, a crash report).
                _ = chunk.withUnsafeBytes { write(2, $0.baseAddress, count) }
                condition.lock()
                tail.append(contentsOf: chunk[..<count])
                if tail.count > StandardErrorTail.keep { tail.removeFirst(tail.count - StandardErrorTail.keep) }
                condition.unlock()
            }
            close(fd)
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }
    }

    func text(settle: Double) -> String {
        condition.lock()
        defer { condition.unlock() }
        let deadline = WorkerProcess.monotonicNow() + settle
        while !ended && WorkerProcess.monotonicNow() < deadline { condition.wait(seconds: 0.02) }
        return String(decoding: tail, as: UTF8.self)
    }
}

