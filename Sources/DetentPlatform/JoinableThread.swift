import Glibc

/// A thread its starter waits for (`join`, pthread_join): when `join` returns the thread has
/// run to its end, so a process that forks next forks no thread of it. `DetachedThread` is the
/// kind nobody waits for.
public final class JoinableThread: @unchecked Sendable {
    private var thread = pthread_t()

    public init(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(JoinableBody(body)).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<JoinableBody>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed (\(status))")
    }

    /// Waits for the thread to end. Once only.
    public func join() { pthread_join(thread, nil) }
}

private final class JoinableBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
