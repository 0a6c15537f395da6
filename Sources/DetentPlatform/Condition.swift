import Glibc

/// A condition variable with its mutex (pthread's, which ThreadSanitizer sees): Foundation's
/// `NSCondition`, without loading Foundation. Hold it with `lock()`…`unlock()`; `wait()`
/// releases it until another thread calls `broadcast()`, then holds it again.
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits, with the lock held by the caller, until a `broadcast()` (or a spurious wake-up:
    /// callers re-check what they wait for).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// As `wait()`, but for at most `seconds`.
    public func wait(seconds: Double) {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1e9)
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &deadline)
    }

    /// Wakes every waiting thread; call it holding the lock.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
