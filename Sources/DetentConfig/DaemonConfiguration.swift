import FoundationEssentials

/// `config/daemon.toml` (`[daemon.*]` in detent.toml): the socket, the limits that keep one client from hurting the others,
/// and the live world's settings (SPEC §10, §13). Every number is checked for range.
public struct DaemonConfiguration: Equatable, Sendable {
    /// Empty: the default path under the run directory.
    public var socketPath: String
    /// Bytes of one request line.
    public var maxMessageBytes: Int
    public var maxClients: Int
    public var maxConcurrentRuns: Int
    /// Bytes queued for one client before samples for it are dropped.
    public var clientQueueBytes: Int
    /// Requests one client may have in flight (sent, not yet answered); past it a request is
    /// refused at once.
    public var maxRequestsInFlight: Int = 64
    /// Requests one live session may have queued or running (evals, state, steps…); past it
    /// a request is refused at once and nothing is queued.
    public var maxSessionQueue: Int = 128
    /// Bytes of an eval's printed value and of its JSON value; longer ones are cut, saying how
    /// much was left out.
    public var maxEvalValueBytes: Int = 65_536
    /// Worker processes the runs in flight may have at once (each run's files run in workers).
    public var maxWorkers: Int = 8
    /// Named live sessions open at once (each is a worker process of its own).
    public var maxSessions: Int = 16
    public var runInstructionBudget: Int64
    public var runMemoryCapBytes: Int
    /// Empty: runner.toml's default device.
    public var liveDevice: String
    public var liveInstructionBudget: Int64
    public var liveMemoryCapBytes: Int
    /// Seconds runs may take to finish after a shutdown signal.
    public var shutdownGraceSeconds: Double

    /// daemon.toml's sections (`[daemon.*]` in detent.toml).
    static let sections = ["socket", "limits", "run", "live", "shutdown"]

    /// The built-in daemon.toml's settings.
    public static let builtIn: DaemonConfiguration = {
        do { return try parse(BuiltInConfig.files.first { $0.name == "daemon.toml" }!.text, file: "config/daemon.toml") } catch {
            fatalError("Detent's built-in config/daemon.toml does not load: \(error)")
        }
    }()

    /// Reads daemon.toml's text alone; errors name `file`.
    public static func parse(_ text: String, file: String) throws -> DaemonConfiguration {
        let toml = try ConfigReader(file: file, text: text)
        try toml.rejectUnknownKeys(sections)
        return try parse(toml)
    }

    /// Reads the daemon's sections from `toml` (daemon.toml's top level, or detent.toml's
    /// `[daemon]` over the built-in one); errors name each key's own file and line.
    static func parse(_ toml: ConfigReader) throws -> DaemonConfiguration {
        try toml.rejectUnknownKeys(sections)
        let socket = try toml.table("socket")
        try socket.rejectUnknownKeys(["path"])
        let limits = try toml.table("limits")
        try limits.rejectUnknownKeys(["max_message_bytes", "max_clients", "max_concurrent_runs", "client_queue_bytes",
                                      "max_requests_in_flight", "max_session_queue", "max_eval_value_bytes", "max_workers",
                                      "max_sessions"])
        let run = try toml.table("run")
        try run.rejectUnknownKeys(["instruction_budget", "memory_cap_mib"])
        let live = try toml.table("live")
        try live.rejectUnknownKeys(["device", "instruction_budget", "memory_cap_mib"])
        let shutdown = try toml.table("shutdown")
        try shutdown.rejectUnknownKeys(["grace_seconds"])

        func positive(_ reader: ConfigReader, _ name: String, max: Int = Int.max) throws -> Int {
            let value = try reader.int(name)
            guard value > 0, value <= max else { throw reader.problem(name, "must be a whole number from 1 to \(max) (found \(value))") }
            return value
        }
        let grace = try shutdown.double("grace_seconds")
        guard grace.isFinite, grace >= 0, grace <= 3600 else {
            throw shutdown.problem("grace_seconds", "must be a number of seconds from 0 to 3600 (found \(grace))")
        }
        var configuration = DaemonConfiguration(
            socketPath: try socket.string("path"),
            maxMessageBytes: try positive(limits, "max_message_bytes", max: 1 << 30),
            maxClients: try positive(limits, "max_clients", max: 100_000),
            maxConcurrentRuns: try positive(limits, "max_concurrent_runs", max: 1024),
            clientQueueBytes: try positive(limits, "client_queue_bytes", max: 1 << 32),
            runInstructionBudget: Int64(try positive(run, "instruction_budget")),
            runMemoryCapBytes: try positive(run, "memory_cap_mib", max: 1 << 20) * 1024 * 1024,
            liveDevice: try live.string("device"),
            liveInstructionBudget: Int64(try positive(live, "instruction_budget")),
            liveMemoryCapBytes: try positive(live, "memory_cap_mib", max: 1 << 20) * 1024 * 1024,
            shutdownGraceSeconds: grace)
        configuration.maxRequestsInFlight = try positive(limits, "max_requests_in_flight", max: 1_000_000)
        configuration.maxSessionQueue = try positive(limits, "max_session_queue", max: 1_000_000)
        configuration.maxEvalValueBytes = try positive(limits, "max_eval_value_bytes", max: 1 << 30)
        configuration.maxWorkers = try positive(limits, "max_workers", max: 4096)
        configuration.maxSessions = try positive(limits, "max_sessions", max: 4096)
        return configuration
    }
}
