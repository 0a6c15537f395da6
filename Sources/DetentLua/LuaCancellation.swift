import CLuaShim

/// A flag that stops a Lua state's guest code from any thread: the count hook reads it every
/// `LuaState.instructionHookStep` instructions and raises "interrupted" (as `lua.c` stops
/// code on Ctrl-C by setting a hook). The run between frames checks `isRequested` too.
///
/// Thread-safe: the flag is read and written atomically.
public final class LuaCancellation: @unchecked Sendable {
    let flag: UnsafeMutablePointer<Int32>

    init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
    }

    deinit {
        flag.deinitialize(count: 1)
        flag.deallocate()
    }

    /// The limits of the state that owns this flag (set once, before the flag is shared), so
    /// that code running without the count hook is poked to look at the flag now.
    var limits: UnsafeMutablePointer<detent_limits>?

    /// Asks the state's running code to stop; stays set until `clear()`.
    public func request() {
        detent_interrupt_set(flag, 1)
        if let limits { CPUWatchdog.shared.poke(limits) }
    }
    public func clear() { detent_interrupt_set(flag, 0) }
    public var isRequested: Bool { detent_interrupt_get(flag) != 0 }
}
