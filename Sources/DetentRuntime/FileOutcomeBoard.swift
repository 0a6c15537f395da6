import DetentPlatform
import FoundationEssentials

/// Where the workers of a parallel run (`--jobs`) leave each spec file's outcomes and the
/// coordinator picks them up, strictly in file order: the reporter sees exactly the stream a
/// one-worker run gives, whatever order the files finish in. The coordinator streams the file
/// at the head of the order as it runs and finds the later ones buffered.
///
/// Everything here is guarded by one condition lock; workers and the coordinator share
/// nothing else.
final class FileOutcomeBoard: @unchecked Sendable {
    /// What the coordinator gets for a file.
    enum Batch {
        /// Outcomes not seen before; `finished` when the file is done.
        case outcomes([SessionOutcome], finished: Bool)
        /// The worker failed (a session could not be made): the run fails with this.
        case failed(Error)
        /// Never started: the run was cancelled first.
        case skipped
    }

    private enum Slot {
        case waiting
        case running([SessionOutcome])
        case done([SessionOutcome])
        case failed(Error)
    }

    private let condition = Condition()
    private var slots: [Slot]
    /// Files in the order workers take them (indices into `slots`).
    private let schedule: [Int]
    private var nextScheduled = 0
    private var cancelled = false
    private var stopping = false

    /// `schedule` is the order workers start the files in (a permutation of 0..<count).
    init(count: Int, schedule: [Int]) {
        slots = Array(repeating: .waiting, count: count)
        self.schedule = schedule
    }

    // MARK: Workers

    /// The next file for a worker, or nil when none is left or the run was cancelled.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard !cancelled, nextScheduled < schedule.count else { return nil }
        let file = schedule[nextScheduled]
        nextScheduled += 1
        slots[file] = .running([])
        return file
    }

    func append(_ outcome: SessionOutcome, file: Int) {
        condition.lock()
        if case var .running(outcomes) = slots[file] {
            slots[file] = .waiting   // drop the array's second reference before appending
            outcomes.append(outcome)
            slots[file] = .running(outcomes)
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Several outcomes at once (a worker process's lines read in one go): one wake-up of the
    /// coordinator instead of one each.
    func append(contentsOf outcomes: [SessionOutcome], file: Int) {
        condition.lock()
        if case var .running(held) = slots[file] {
            slots[file] = .waiting   // drop the array's second reference before appending
            held.append(contentsOf: outcomes)
            slots[file] = .running(held)
        }
        condition.broadcast()
        condition.unlock()
    }

    func finish(file: Int) {
        condition.lock()
        if case let .running(outcomes) = slots[file] { slots[file] = .done(outcomes) }
        condition.broadcast()
        condition.unlock()
    }

    func fail(file: Int, error: Error) {
        condition.lock()
        slots[file] = .failed(error)
        condition.broadcast()
        condition.unlock()
    }

    /// Whether sessions should report their remaining tests as not run (`--max-failures`).
    var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    // MARK: Coordinator

    /// Waits until file `index` has outcomes not yet handed out, has finished, or will never
    /// start, and hands them over.
    func next(_ index: Int) -> Batch {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch slots[index] {
            case let .running(outcomes) where !outcomes.isEmpty:
                slots[index] = .running([])
                return .outcomes(outcomes, finished: false)
            case let .done(outcomes):
                slots[index] = .done([])
                return .outcomes(outcomes, finished: true)
            case let .failed(error):
                return .failed(error)
            case .waiting where cancelled:
                // Taking a file marks it running under this lock: a waiting one never starts.
                return .skipped
            default:
                condition.wait()
            }
        }
    }

    /// No further file starts; those not started are skipped.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Sessions report their remaining tests as not run from now on.
    func stop() {
        condition.lock()
        stopping = true
        condition.unlock()
    }
}
