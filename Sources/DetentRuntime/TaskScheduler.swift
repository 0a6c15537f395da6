import DetentPlatform
import DetentLua
import DetentScripting
import DetentTime
import DetentWorld

/// The Lua tasks of one session and what each waits for (SPEC §1 step 7, §9): the single
/// scheduler that the virtual loop (`VirtualRunLoop`) and the real-time loop
/// (`RealTimeRunLoop`) share. The loops differ only in when the next tick fires.
///
/// A *job* is a main task (a test body, a plain script's top level, a console or daemon
/// `eval`) plus the tasks it `spawn`s. A task runs until it yields a wait request; after each
/// tick the loop calls `collectDue(in:)`, which checks the waiters in FIFO order of their
/// wait and readies each whose request holds (or timed out), then `runReady()` resumes them
/// in that order. A job ends when its main task returns or any of its tasks raises; its
/// remaining tasks are abandoned.
///
/// Idle fast-forward: `skipDeadline` says how far idle frames may be skipped when no waiter
/// needs a per-frame check (`wait_until`, `wait_idle`).
///
/// Not thread-safe: owned by the session's serial queue, like the host it drives.
public final class TaskScheduler {
    let host: ScriptHost
    let defaultTimeout: Nanoseconds

    public init(host: ScriptHost, defaultTimeout: Nanoseconds) {
        self.host = host
        self.defaultTimeout = defaultTimeout
    }

    /// How a job ended.
    public enum Ending {
        /// The main task returned; its `count` results are on top of its coroutine's stack
        /// until the job's `onEnd` returns.
        case finished(count: Int32)
        /// A task raised, or was stopped by a limit.
        case failed(LuaError)
        /// Stopped by the scheduler or its loop (time limit, bad yield, cancelled).
        case aborted(String)
    }

    /// A main task and the tasks it spawned.
    final class Job {
        let main: LuaThread
        let onEnd: (Job, Ending) -> Void
        fileprivate(set) var isOver = false
        /// What the job's tasks printed (live sessions hand it back with the result).
        var output: [String] = []
        init(main: LuaThread, onEnd: @escaping (Job, Ending) -> Void) {
            self.main = main
            self.onEnd = onEnd
        }
    }

    /// A task waiting for its request to hold.
    private final class Waiter {
        let job: Job
        let thread: LuaThread
        let request: WaitRequest
        private(set) var start: Nanoseconds
        private(set) var startFrame: Int64
        /// Only events emitted after the wait began count for `wait_event`.
        private(set) var eventMark: Int64
        /// The awaited event had been emitted just before the wait began (a hint when it
        /// times out).
        let missedEarlierEvent: Bool
        var previousFingerprint: [Double?]?
        var wasIdle = false
        init(job: Job, thread: LuaThread, request: WaitRequest, world: World) {
            self.job = job
            self.thread = thread
            self.request = request
            start = world.time
            startFrame = world.frame
            eventMark = world.eventMark
            if case let .event(name, _) = request { missedEarlierEvent = world.hasRecentEvent(named: name) } else { missedEarlierEvent = false }
        }

        /// The wait goes on in `new`, which a script made (`detent.world{}`: frame 0, time 0):
        /// what it waited in `old` still counts, and every event of `new` came after it began.
        func carry(from old: World, to new: World) {
            start += new.time - old.time
            startFrame += new.frame - old.frame
            eventMark = 0
            previousFingerprint = nil
            wasIdle = false
        }
    }

    /// What a check of a waiter found.
    private enum Check {
        case waiting
        case satisfied(LuaValue)
        /// A `wait_event` satisfied: the task gets the event as its table.
        case event(WorldEvent)
        case timedOut(String)
        case failed(LuaError)
    }

    private struct Ready {
        let job: Job
        let thread: LuaThread
        let arguments: Int32
    }

    private var ready: [Ready] = []
    private var waiters: [Waiter] = [] { didSet { summaryOfWaiters = nil } }
    /// What the waiters await, worked out once after they change (nil until asked).
    private var summaryOfWaiters: WaiterSummary?
    private var summary: WaiterSummary {
        if let summaryOfWaiters { return summaryOfWaiters }
        let made = WaiterSummary(waiters)
        summaryOfWaiters = made
        return made
    }
    private var jobs: [Job] = []
    /// The world the waiters' start times, frames and event marks are on.
    private var waitersWorld: World?
    /// The job whose task is running right now (nil between resumes).
    private(set) var currentJob: Job?

    /// Whether any job is still running (ready or waiting).
    var hasJobs: Bool { !jobs.isEmpty }
    /// Whether tasks are ready to resume.
    var hasReady: Bool { !ready.isEmpty }
    /// Whether some waiter must be checked on every frame (`wait_until`, `wait_idle`).
    var needsEveryFrame: Bool {
        waiters.contains { if case .until = $0.request { return true }; if case .idle = $0.request { return true }; return false }
    }

    /// Adds a job whose main task is `main` (its first resume takes `argumentCount` values
    /// already pushed). It runs at the next `runReady()`.
    @discardableResult
    func start(_ main: LuaThread, argumentCount: Int32, onEnd: @escaping (Job, Ending) -> Void) -> Job {
        let job = Job(main: main, onEnd: onEnd)
        jobs.append(job)
        ready.append(Ready(job: job, thread: main, arguments: argumentCount))
        return job
    }

    /// Resumes ready tasks, in order, until each waits or ends (tasks a resume spawns join
    /// the queue behind it).
    func runReady() {
        while !ready.isEmpty {
            let next = ready.removeFirst()
            guard !next.job.isOver else { continue }
            currentJob = next.job
            let outcome = next.thread.resume(argumentCount: next.arguments)
            currentJob = nil
            followWorld()
            switch outcome {
            case let .finished(count):
                if next.thread === next.job.main {
                    end(next.job, .finished(count: count))
                } else {
                    next.thread.withResults(count) { _ in }
                }
            case let .failed(error):
                end(next.job, .failed(error))
            case let .yielded(count):
                let request = next.thread.withResults(count) {
                    WaitRequest.parse($0, state: host.lua, defaultTimeout: defaultTimeout)
                }
                guard let parsed = request, let world = host.world else {
                    let location = next.thread.scriptLocation()
                    end(next.job, .failed(.runtime(LuaRuntimeError(message: location + "a task yielded a value that is not a wait request (use wait, wait_frames, wait_until, wait_idle or wait_event; coroutine.yield belongs inside your own coroutines)"))))
                    break
                }
                guard case let .success(request) = parsed else {
                    // A request out of range fails the task where it waited (resuming it with
                    // the error would let a bare coroutine.yield ignore it and pass).
                    if case let .failure(problem) = parsed {
                        let location = next.thread.scriptLocation()
                        end(next.job, .failed(.runtime(LuaRuntimeError(message: location + problem.message))))
                    }
                    break
                }
                let waiter = Waiter(job: next.job, thread: next.thread, request: request, world: world)
                switch checkBeforeFrame(waiter) {
                case .waiting, .timedOut: waiters.append(waiter)
                case let .satisfied(value): ready.append(Ready(job: next.job, thread: next.thread, arguments: push(true, value, onto: next.thread)))
                case let .event(event): ready.append(Ready(job: next.job, thread: next.thread, arguments: push(event, onto: next.thread)))
                case let .failed(error): end(next.job, .failed(error))
                }
            }
            let spawned = host.takeSpawnedThreads()
            if !next.job.isOver {
                ready.append(contentsOf: spawned.map { Ready(job: next.job, thread: $0, arguments: 0) })
            }
        }
    }

    /// Phase 7 after a tick: waiters whose request now holds (or timed out) become ready, in
    /// FIFO order of their wait.
    ///
    /// Runs after every frame: on most frames every waiter still waits, and then nothing is
    /// allocated (the waiters that stay are copied out only once one leaves). Until the first
    /// deadline, frame count or event any waiter awaits, no waiter is checked at all.
    func collectDue(in world: World) {
        followWorld()
        if summary.noneCanBeDue(in: world) { return }
        let checked = waiters
        var still: [Waiter]?
        for (index, waiter) in checked.enumerated() {
            // nil: the waiter's job is over, and the waiter goes without a check.
            let result = waiter.job.isOver ? nil : check(waiter, world: world)
            if case .waiting? = result {
                still?.append(waiter)
                continue
            }
            if still == nil { still = Array(checked[..<index]) }
            switch result {
            case nil, .waiting?: break
            case let .satisfied(value)?:
                ready.append(Ready(job: waiter.job, thread: waiter.thread, arguments: push(true, value, onto: waiter.thread)))
            case let .event(event)?:
                ready.append(Ready(job: waiter.job, thread: waiter.thread, arguments: push(event, onto: waiter.thread)))
            case let .timedOut(message)?:
                ready.append(Ready(job: waiter.job, thread: waiter.thread, arguments: push(false, .string(message), onto: waiter.thread)))
            case let .failed(error)?:
                end(waiter.job, .failed(error))
            }
        }
        // A job a check ended (`end`, the only place a job ends) took its waiters out of
        // `waiters` then; `still` was copied from before, so it drops them here.
        if let still { waiters = still.filter { !$0.job.isOver } }
    }

    /// Waits count what passes, not a world's clock: when a script makes a world
    /// (`detent.world{}`, at frame 0 and time 0 again), every waiter carries on in it with
    /// what it waited so far — `wait_frames(20)` 5 frames before still wakes 15 frames after.
    /// Checked after each resume and before each frame's check (an event handler may make a
    /// world during a tick): a comparison of two references.
    private func followWorld() {
        guard let world = host.world, world !== waitersWorld else { return }
        defer { waitersWorld = world }
        guard let old = waitersWorld, !waiters.isEmpty else { return }
        for waiter in waiters { waiter.carry(from: old, to: world) }
        summaryOfWaiters = nil
    }

    /// Ends `job` from outside (a failed event handler, a limit, a cancel).
    func end(_ job: Job, _ ending: Ending) {
        guard !job.isOver else { return }
        job.isOver = true
        jobs.removeAll { $0 === job }
        ready.removeAll { $0.job === job }
        waiters.removeAll { $0.job === job }
        job.onEnd(job, ending)
    }

    /// "chunk:line: " of the script line where `job`'s first waiting task waits ("" if none):
    /// where a test stood when a limit from outside (virtual time) stopped it.
    func waitingLocation(of job: Job) -> String {
        waiters.first { $0.job === job }?.thread.scriptLocation() ?? ""
    }

    /// Ends every job with `ending` (oldest first).
    func endAll(_ ending: Ending) {
        for job in jobs { end(job, ending) }
    }

    /// The earliest time idle frames may be skipped to (at most `limit`), or nil when a
    /// waiter needs every frame.
    func skipDeadline(world: World, limit: Nanoseconds) -> Nanoseconds? {
        let summary = summary
        guard !summary.checksEveryFrame else { return nil }
        var deadline = min(limit, summary.timeDue, summary.timeout)
        if summary.frame != .max {
            deadline = min(deadline, world.displayLink.timeAfterIdleFrames(summary.frame - world.frame))
        }
        return deadline
    }

    /// The earliest waiter deadline, for a real-time loop that sleeps while idle.
    func nextDeadline(world: World) -> Nanoseconds? {
        guard !waiters.isEmpty else { return nil }
        let deadline = skipDeadline(world: world, limit: .max)
        return deadline == .max ? nil : deadline
    }

    private func push(_ ok: Bool, _ value: LuaValue, onto thread: LuaThread) -> Int32 {
        thread.push(.boolean(ok))
        thread.push(value)
        return 2
    }

    /// `true` and the event's table (`EventBinding.value`, pushed directly).
    private func push(_ event: WorldEvent, onto thread: LuaThread) -> Int32 {
        thread.push(.boolean(true))
        EventBinding.push(event, onto: thread.co)
        return 2
    }

    /// Requests that already hold need no frame.
    private func checkBeforeFrame(_ waiter: Waiter) -> Check {
        switch waiter.request {
        case let .time(duration) where duration <= 0: return .satisfied(.nil)
        case let .frames(count) where count <= 0: return .satisfied(.nil)
        case let .until(condition, _, _): return evaluate(condition)
        default: return .waiting
        }
    }

    private func check(_ waiter: Waiter, world: World) -> Check {
        let request = waiter.request
        switch request {
        case let .time(duration):
            return VirtualTime.isDue(waiter.start + duration, by: world.time) ? .satisfied(.nil) : .waiting
        case let .frames(count):
            return world.frame >= waiter.startFrame + count ? .satisfied(.nil) : .waiting
        case let .until(condition, timeout, _):
            let result = evaluate(condition)
            if case .waiting = result, world.time >= waiter.start + timeout { return .timedOut(request.timeoutMessage(after: timeout)) }
            return result
        case let .idle(timeout):
            let fingerprint = world.stateFingerprint()
            let idle = !world.isBusy
            if idle && waiter.wasIdle && fingerprint == waiter.previousFingerprint { return .satisfied(.nil) }
            waiter.wasIdle = idle
            waiter.previousFingerprint = fingerprint
            guard world.time >= waiter.start + timeout else { return .waiting }
            let busy = world.busyEngineNames
            let reason = busy.isEmpty ? "nothing was animating, but the engines' state kept changing from frame to frame"
                                      : "still busy: " + busy.joined(separator: ", ")
            return .timedOut("wait_idle timed out after \(formatSeconds(VirtualTime.seconds(timeout))) s of virtual time (\(reason))")
        case let .event(name, timeout):
            if let event = world.events(emittedSince: waiter.eventMark).first(where: { $0.name == name }) {
                return .event(event)
            }
            guard world.time >= waiter.start + timeout else { return .waiting }
            var message = request.timeoutMessage(after: timeout)
            if waiter.missedEarlierEvent {
                message += " ('\(name)' was emitted just before the wait began; wait_event sees only events emitted after it starts: start waiting first, e.g. in spawn(...), or look in world.events)"
            }
            return .timedOut(message)
        }
    }

    private func evaluate(_ condition: LuaRef) -> Check {
        do { return try host.lua.callPredicate(condition) ? .satisfied(.boolean(true)) : .waiting } catch let error as LuaError {
            return .failed(error)
        } catch { return .failed(.runtime(LuaRuntimeError(message: String(describing: error)))) }
    }
}

extension TaskScheduler {
/// What the waiters await, worked out once from them (they change only when a task waits or
/// wakes): the earliest time a `wait` is due, the earliest time a `wait_event` times out, the
/// earliest frame a `wait_frames` awaits, whether any task awaits an event, and whether one
/// must be checked on every frame (`wait_until`, `wait_idle`). The run loop skips idle time
/// up to it, and no waiter is checked on a frame before it.
private struct WaiterSummary {
    /// The earliest `start + duration` of a `wait` (ns; due within `VirtualTime.dueTolerance`).
    var timeDue = Nanoseconds.max
    /// The earliest `start + timeout` of a `wait_event` (ns).
    var timeout = Nanoseconds.max
    /// The earliest frame a `wait_frames` awaits.
    var frame = Int64.max
    var awaitsEvents = false
    var checksEveryFrame = false

    init(_ waiters: [Waiter]) {
        for waiter in waiters {
            switch waiter.request {
            case let .time(duration): timeDue = min(timeDue, waiter.start + duration)
            case let .event(_, timeout):
                awaitsEvents = true
                self.timeout = min(self.timeout, waiter.start + timeout)
            case let .frames(count): frame = min(frame, waiter.startFrame + count)
            case .until, .idle: checksEveryFrame = true
            }
        }
    }

    /// Whether no waiter can have become due on the frame `world` has just stepped.
    func noneCanBeDue(in world: World) -> Bool {
        !checksEveryFrame && !VirtualTime.isDue(timeDue, by: world.time) && world.time < timeout && world.frame < frame
            && !(awaitsEvents && world.hasEventsThisTick)
    }
}
}
