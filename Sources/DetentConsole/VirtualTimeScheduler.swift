import Dispatch
import DetentRuntime

/// `detent console --virtual`: the real-time driver on a clock that only moves when a frame
/// is due. Each frame the driver schedules runs at once (on the session's queue, as its own
/// block, so Ctrl-C and other requests interleave) and the clock jumps to its deadline: a
/// `wait(1)` takes as long as its 60 frames take to compute, and idle time does not pass.
final class VirtualTimeScheduler: WallClock, TickScheduler {
    private let queue: DispatchQueue
    /// The clock, in the driver's nanoseconds; only ever moves forward, to a frame's deadline.
    private var current: UInt64 = 0
    /// Bumped by every schedule and cancel, so a superseded frame does nothing.
    private var generation = 0

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func now() -> UInt64 { current }

    func schedule(at deadline: UInt64, _ body: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        generation += 1
        let mine = generation
        queue.later { [weak self] in
            guard let self, self.generation == mine else { return }
            self.current = max(self.current, deadline)
            body()
        }
    }

    func cancel() { generation += 1 }
}
