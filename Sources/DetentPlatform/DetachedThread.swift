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
    /// and `top -H` (cut to the 15 bytes Linux keeps: keep names that short and distinct); `stackSize` in bytes, the system's
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
            if let name = body.name { pthread_setname_np(pthread_self(), kernelName(name)) }
            body.run()
            return nil
        }, box)
        precondition(status == 0, "pthread_create failed (\(status))")
    }
}

/// `name` cut to the 15 bytes Linux keeps, at a character boundary (a longer name is refused
/// by pthread_setname_np, and a cut inside a character would not be UTF-8). A free function:
/// the thread's entry is a C function and takes nothing of the type's.
private func kernelName(_ name: String) -> String {
    var kept = ""
    for character in name {
        guard kept.utf8.count + character.utf8.count <= 15 else { break }
        kept.append(character)
    }
    return kept
}
