import CPlatform
import DetentPlatform
import Glibc
import Testing

/// `WorkerProcess.fork` forks only a process with no other thread: a thread another thread
/// held a lock on (malloc's, the runtime's) would leave the child stuck. A test process has
/// many threads, so here it must refuse, and the thread count it decides by must be right.
@Suite("Forking a worker")
struct WorkerForkTests {
    /// The kernel's other account of the same number: /proc/self/status's `Threads:` line.
    static func statusThreads() -> Int32? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("Threads:") { return Int32(String(text.dropFirst(8).filter(\.isNumber))) }
        }
        return nil
    }

    @Test func theThreadCountIsTheKernels() {
        // Other tests start and end threads meanwhile: the two reads agree on some try.
        var agreed = false
        for _ in 0..<20 where !agreed {
            let counted = detent_thread_count()
            agreed = counted > 1 && counted == Self.statusThreads()
        }
        #expect(agreed, "\(detent_thread_count()) against \(String(describing: Self.statusThreads()))")
    }

    @Test func aProcessWithOtherThreadsDoesNotFork() {
        #expect(detent_thread_count() > 1)   // the test runner's threads
        let forked = WorkerProcess.fork()
        #expect(forked == nil)
    }
}
