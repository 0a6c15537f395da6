import Dispatch
import NIOConcurrencyHelpers

/// One answer delivered from another thread (an evaluation's completion on the session's
/// queue, a reply read by a daemon connection's reader), waited for on this one.
public final class AwaitedAnswer<Value: Sendable>: Sendable {
    private let value = NIOLockedValueBox<Value?>(nil)
    private let arrived = DispatchSemaphore(value: 0)

    public init() {}

    /// Hands over the answer; the first one counts.
    public func deliver(_ answer: Value) {
        let first = value.withLockedValue { stored -> Bool in
            guard stored == nil else { return false }
            stored = answer
            return true
        }
        if first { arrived.signal() }
    }

    /// Blocks until the answer is delivered, then returns it.
    public func wait() -> Value {
        arrived.wait()
        return value.withLockedValue { $0! }
    }
}
