import DetentJSON

/// The first line a `detent run` worker (`detent __worker run ARGS…`) is sent: what its
/// command line cannot carry, because a worker may be forked before the coordinator knows it
/// (`WorkerCommand.forkEarly`) — the run's seed (a fresh one when `--shuffle` chose it) and
/// the address space the worker may map (`worker_memory_mib`).
public struct RunWorkerSetup: Equatable, Sendable {
    public var seed: UInt64
    public var memoryBytes: Int

    public init(seed: UInt64, memoryBytes: Int) {
        self.seed = seed
        self.memoryBytes = memoryBytes
    }

    /// As sent: one JSON line, without its newline.
    public var line: String {
        JSONValue.object([("setup", .string("run")), ("seed", .unsigned(seed)), ("memory_bytes", .int(Int64(memoryBytes)))]).text
    }

    public init(line: [UInt8]) throws {
        let value = try JSONValue.parse(line)
        guard value["setup"]?.stringValue == "run", let seed = value["seed"]?.unsignedInteger,
              let memory = value["memory_bytes"]?.integer, memory > 0 else {
            throw WorkerProtocolError(description: "a run worker's setup line is not {setup: run, seed, memory_bytes}: \(String(decoding: line.prefix(200), as: UTF8.self))")
        }
        self.seed = seed
        memoryBytes = Int(memory)
    }
}
