import Dispatch
import DetentRuntime

/// One answer delivered from another thread (an evaluation's completion on the session's
/// queue or the daemon connection's event loop), waited for on this one.
final class AwaitedAnswer<Value: Sendable>: Sendable {
    private let value = LockedValue<Value?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    /// Hands over the answer; the first one counts.
    func deliver(_ answer: Value) {
        let first = value.withLock { stored -> Bool in
            guard stored == nil else { return false }
            stored = answer
            return true
        }
        if first { arrived.signal() }
    }

    /// Blocks until the answer is delivered, then returns it.
    func wait() -> Value {
        arrived.wait()
        return value.withLock { $0! }
    }
}
