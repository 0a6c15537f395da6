import DetentDaemonClient
import DetentPlatform
import FoundationEssentials
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// SIGTERM and SIGINT as shutdown requests, none of them lost.
///
/// A signal handler or dispatch signal source installed once the daemon runs can miss a
/// signal sent as soon as the socket appears (what a supervisor or test does): with the
/// signal ignored, one delivered to a thread that had not blocked it — an event loop thread —
/// is dropped, and one that arrives before the handler exists kills the process and leaves
/// the socket behind. So `block()` blocks both signals in the calling thread before any other
/// thread starts (threads inherit the mask, so none of them takes the signal), and `receive`
/// takes them, pending ones included, on a thread of its own with `sigwait`.
public enum ShutdownSignals {
    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }

    /// Blocks SIGTERM and SIGINT in the calling thread and the threads it starts from now on.
    /// Call before the event loop group and any other thread exist.
    public static func block() {
        var signals = set
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Calls `handler` with "SIGTERM" or "SIGINT" for every such signal, from now on and for
    /// one already pending, on a thread of its own (after `block()`).
    static func receive(_ handler: @escaping @Sendable (String) -> Void) {
        DetachedThread.start {
            var signals = set
            while true {
                var number: Int32 = 0
                guard sigwait(&signals, &number) == 0 else { continue }
                handler(number == SIGTERM ? "SIGTERM" : "SIGINT")
            }
        }
    }
}
