import DetentPlatform

/// How many worker processes a coordinator has and what they do, for `status`, and the cap
/// on how many may live at once (the daemon's `max_workers`): a pool that would start one
/// more waits until another has ended.
public final class WorkerCensus: @unchecked Sendable {
    public struct Counts: Sendable, Equatable {
        /// Running a file now.
        public var busy = 0
        /// Started and waiting for a file.
        public var idle = 0
        /// Started since the coordinator began.
        public var started = 0
        /// Stopped or dead in the middle of a file (a test that hung, crashed or was cancelled
        /// past its answer), replaced by a fresh one.
        public var replaced = 0
    }

    /// Workers alive at once, at most (nil: no cap).
    public let limit: Int?
    private let condition = Condition()
    private var counts = Counts()

    public init(limit: Int? = nil) { self.limit = limit }

    public var current: Counts {
        condition.lock()
        defer { condition.unlock() }
        return counts
    }

    /// Room for one more worker (waits while `limit` are alive); it counts as busy.
    func admitNew() {
        condition.lock()
        while let limit, counts.busy + counts.idle >= limit { condition.wait() }
        counts.busy += 1
        counts.started += 1
        condition.unlock()
    }

    func becameIdle() { change { $0.busy -= 1; $0.idle += 1 } }
    func becameBusy() { change { $0.idle -= 1; $0.busy += 1 } }

    /// A worker ended: an idle one at the end of a run, or a busy one stopped mid-file.
    func ended(wasBusy: Bool, replaced: Bool) {
        change { counts in
            if wasBusy { counts.busy -= 1 } else { counts.idle -= 1 }
            if replaced { counts.replaced += 1 }
        }
    }

    private func change(_ body: (inout Counts) -> Void) {
        condition.lock()
        body(&counts)
        condition.broadcast()
        condition.unlock()
    }
}
