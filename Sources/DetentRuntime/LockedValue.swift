import FoundationEssentials
import NIOConcurrencyHelpers

/// A value shared between threads, read and changed only under its lock. A pthread mutex
/// (`NIOLock`) rather than Synchronization's `Mutex`: ThreadSanitizer does not see a futex, and
/// the daemon's and the console's tests run under it (README, "sanitizers").
public final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NIOLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
