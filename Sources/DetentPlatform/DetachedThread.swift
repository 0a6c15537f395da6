import CPlatform
import Glibc

/// A thread of its own that runs one closure and ends: Foundation's `Thread`, without loading
/// Foundation. The thread starts with the calling thread's signal mask (a caller that blocks
/// signals first gets a thread that never takes them).
public enum DetachedThread {
    private final class Body {
        let name: String?
        let run: @Sendable () -> Void
        init(name: String?, run: @escaping @Sendable () -> Void) { self.name = name; self.run = run }
    }

    /// Starts `body` on a new detached thread and returns at once. `name` shows in debuggers
    /// and `top -H` (cut to the 15 bytes Linux keeps); `stackSize` in bytes, the system's
    /// default when nil — a deep Lua stack wants more (16 MiB for the threads that run specs).
    public static func start(name: String? = nil, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { precondition(pthread_attr_setstacksize(&attributes, stackSize) == 0, "stack size \(stackSize) refused") }
        let box = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            if let name = body.name { pthread_setname_np(pthread_self(), String(decoding: name.utf8.prefix(15), as: UTF8.self)) }
            body.run()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed (\(status))")
    }
}
