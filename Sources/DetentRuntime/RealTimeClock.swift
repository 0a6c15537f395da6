import Dispatch

/// A monotonic wall clock in nanoseconds. Only the real-time driver reads one; engines never do.
public protocol WallClock: AnyObject {
    func now() -> UInt64
}

/// The system's monotonic clock.
public final class SystemWallClock: WallClock {
    public init() {}
    public func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// One-shot timers on the queue that owns the world.
public protocol TickScheduler: AnyObject {
    /// Calls `body` once at wall time `deadline` (ns, same clock as `WallClock`), replacing
    /// any timer already scheduled.
    func schedule(at deadline: UInt64, _ body: @escaping () -> Void)
    /// Cancels the scheduled timer, if any.
    func cancel()
}

/// A `DispatchSourceTimer` on a serial queue: silent (no timer at all) when nothing is scheduled.
public final class DispatchTickScheduler: TickScheduler {
    let queue: DispatchQueue
    private var timer: DispatchSourceTimer?

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    public func schedule(at deadline: UInt64, _ body: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        cancel()
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .microseconds(500))
        timer.setEventHandler { [weak self] in
            self?.timer?.cancel()
            self?.timer = nil
            body()
        }
        self.timer = timer
        timer.resume()
    }

    public func cancel() {
        timer?.cancel()
        timer = nil
    }
}
