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

    /// Asks the state's running code to stop; stays set until `clear()`.
    public func request() { detent_interrupt_set(flag, 1) }
    public func clear() { detent_interrupt_set(flag, 0) }
    public var isRequested: Bool { detent_interrupt_get(flag) != 0 }
}
