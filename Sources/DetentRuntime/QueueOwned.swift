import Dispatch

/// A value that belongs to one serial dispatch queue (SPEC §1: one owner per world and Lua
/// state). The value itself is not `Sendable` — a `Session` or `LiveSession` holds a Lua state
/// and a world that must never be touched by two threads — but this box is: other threads
/// (NIO event loops, the runner's workers, the console's input thread) hold the box and can
/// only reach the value *on its queue*, through `sync` or `async`. The compiler checks the
/// rest: what a closure given to `async` captures must be `Sendable`, and what `sync` hands
/// back must be too, so the value cannot leak out of its queue by accident.
///
/// This type is the one place that vouches for that with `@unchecked Sendable`.
public final class QueueOwned<Value>: @unchecked Sendable {
    /// The serial queue that owns the value.
    private let queue: DispatchQueue
    /// Touched only on `queue` (by `sync`, `async` and the value's own queue-side code).
    let value: Value

    /// Builds the value on `queue` (which must not be the current queue) and keeps it there.
    public init(queue: DispatchQueue, making make: () throws -> Value) rethrows {
        self.queue = queue
        value = try queue.sync(execute: make)
    }

    /// Runs `body` with the value on its queue and waits for its result. Must not be called
    /// from the queue itself (that would deadlock; dispatch traps it).
    public func sync<Result: Sendable>(_ body: (Value) throws -> Result) rethrows -> Result {
        try queue.sync { try body(value) }
    }

    /// Runs `body` with the value on its queue, later.
    public func async(_ body: @escaping @Sendable (Value) -> Void) {
        // The value crosses to its own queue, where it lives: the one crossing this type allows.
        nonisolated(unsafe) let value = value
        queue.async { body(value) }
    }
}

extension DispatchQueue {
    /// Runs `body` on this queue after the block now running, from code already on this queue:
    /// what `body` captures never leaves the queue, so it need not be `Sendable` (the
    /// console's virtual tick scheduler re-enqueues its own work this way).
    public func later(_ body: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(self))
        nonisolated(unsafe) let body = body
        async { body() }
    }
}
