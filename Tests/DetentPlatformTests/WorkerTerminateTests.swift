import CPlatform
import DetentPlatform
import Glibc
import Testing

/// `WorkerProcess.terminate` returns as the worker ends (it waits on the worker's pidfd,
/// `detent_await_exit`), sends SIGKILL to one that outlives its grace, and reports how each
/// ended. The workers here are `sleep` processes (through `/bin/sh`'s `exec`), each stopped
/// by its pid.
@Suite("Stopping a worker")
struct WorkerTerminateTests {
    static func sleeper(ignoringTerm: Bool = false) throws -> WorkerProcess {
        try WorkerProcess(["/bin/sh", "-c", (ignoringTerm ? "trap '' TERM; " : "") + "exec sleep 30"])
    }

    /// A small /proc file's first line, nil when it cannot be read.
    static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        return String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func aWorkerThatEndsOnSIGTERMIsReapedWithThatSignal() throws {
        let worker = try Self.sleeper()
        let ending = worker.terminate(grace: 10)
        #expect(ending.signal == SIGTERM, "\(ending)")
        #expect(worker.terminate(grace: 10) == ending)   // a second call reports the same end
    }

    @Test func aWorkerThatIgnoresSIGTERMIsKilledOnceItsGraceIsOver() throws {
        let worker = try Self.sleeper(ignoringTerm: true)
        // The shell has to reach its `trap` before SIGTERM comes: wait until it runs `sleep`.
        var ran = false
        for _ in 0..<500 where !ran {
            ran = Self.firstLine(of: "/proc/\(worker.pid)/comm")?.hasPrefix("sleep") == true
            if !ran { usleep(10_000) }
        }
        #expect(ran)
        let ending = worker.terminate(grace: 0.3)
        #expect(ending.signal == SIGKILL, "\(ending)")
    }

    @Test func awaitingAnExitNeitherReapsNorWaitsPastTheEnd() throws {
        let worker = try Self.sleeper()
        #expect(detent_await_exit(worker.pid, 20) == 0)   // still sleeping: the time runs out
        kill(worker.pid, SIGTERM)
        #expect(detent_await_exit(worker.pid, 10_000) == 1)
        // Not reaped by the wait: the status is still there for `reap`.
        #expect(worker.reap(wait: false)?.signal == SIGTERM)
    }
}
