import DetentLua
import DetentScripting
import DetentTime
import DetentWorld

/// Drives a test's coroutines against the host's world in virtual time (SPEC §1, §9).
///
/// The test body is the main task; `spawn(fn)` adds tasks. A task runs until it yields a wait
/// request; when every task waits, the loop delivers a tick (phases 1–6) and then, as phase 7,
/// checks the waiters in FIFO order of their wait, resuming each whose request holds (or timed
/// out) in that order. The test ends when the main task returns; tasks still waiting then are
/// abandoned. An error in any task fails the test.
///
/// Idle fast-forward: when no engine is busy and no waiter needs a per-frame check
/// (`wait_until`, `wait_idle`), the world jumps to the earliest deadline among the waiters,
/// still counting the frames it skipped.
final class ScenarioRunLoop {
    let host: ScriptHost
    let defaultTimeout: Nanoseconds
    let maxTestTime: Nanoseconds

    init(host: ScriptHost, defaultTimeout: Nanoseconds, maxTestTime: Nanoseconds) {
        self.host = host
        self.defaultTimeout = defaultTimeout
        self.maxTestTime = maxTestTime
    }

    /// How a test's run ended.
    enum Ending {
        /// The main task returned; its results are on top of its coroutine's stack.
        case finished(count: Int32)
        /// A task raised, or was stopped by a limit.
        case failed(LuaError)
        /// Stopped by the run loop (time limit, bad yield).
        case aborted(String)
    }

    /// A task waiting for its request to hold.
    private final class Waiter {
        let thread: LuaThread
        let request: WaitRequest
        let start: Nanoseconds
        let startFrame: Int64
        var previousFingerprint: [Double?]?
        var wasIdle = false
        init(thread: LuaThread, request: WaitRequest, world: World) {
            self.thread = thread
            self.request = request
            start = world.time
            startFrame = world.frame
        }
    }

    /// What a check of a waiter found.
    private enum Check {
        case waiting
        case satisfied(LuaValue)
        case timedOut(String)
        case failed(LuaError)
    }

    /// Runs the test whose main coroutine is `main` (first resume takes `argumentCount`
    /// values already pushed) until the main task returns.
    func run(_ main: LuaThread, argumentCount: Int32, testStart: Nanoseconds) -> Ending {
        var ready: [(thread: LuaThread, arguments: Int32)] = [(main, argumentCount)]
        var waiters: [Waiter] = []
        let limit = testStart + maxTestTime
        while true {
            // Run every ready task, in order, until each waits or ends.
            while !ready.isEmpty {
                let (thread, arguments) = ready.removeFirst()
                switch thread.resume(argumentCount: arguments) {
                case let .finished(count):
                    if thread === main { return .finished(count: count) }
                    thread.withResults(count) { _ in }
                case let .failed(error):
                    return .failed(error)
                case let .yielded(count):
                    let request = thread.withResults(count) {
                        WaitRequest.parse($0, state: host.lua, defaultTimeout: defaultTimeout)
                    }
                    guard let request, let world = host.world else {
                        return .aborted("a task yielded a value that is not a wait request (use wait, wait_frames, wait_until, wait_idle or wait_event; coroutine.yield belongs inside your own coroutines)")
                    }
                    let waiter = Waiter(thread: thread, request: request, world: world)
                    switch checkBeforeFrame(waiter) {
                    case .waiting: waiters.append(waiter)
                    case let .satisfied(value): ready.append((thread, push(true, value, onto: thread)))
                    case let .failed(error): return .failed(error)
                    case .timedOut: waiters.append(waiter)
                    }
                }
                ready.append(contentsOf: host.takeSpawnedThreads().map { ($0, 0) })
            }
            guard let world = host.world else { return .aborted("no world to wait in") }

            // Every task waits: deliver a tick, fast-forwarding idle time where allowed.
            if !world.isBusy, let deadline = skipDeadline(waiters, world: world, limit: limit) {
                world.fastForward(toward: deadline)
            }
            world.step()
            if let error = host.handlerErrors.first {
                host.handlerErrors.removeAll()
                return .failed(error)
            }
            // Phase 7: waiters whose request now holds resume in FIFO order of their wait.
            var still: [Waiter] = []
            for waiter in waiters {
                switch check(waiter, world: world) {
                case .waiting: still.append(waiter)
                case let .satisfied(value): ready.append((waiter.thread, push(true, value, onto: waiter.thread)))
                case let .timedOut(message): ready.append((waiter.thread, push(false, .string(message), onto: waiter.thread)))
                case let .failed(error): return .failed(error)
                }
            }
            waiters = still
            if ready.isEmpty && world.time >= limit {
                return .aborted("the test used more than \(formatSeconds(VirtualTime.seconds(maxTestTime))) s of virtual time (max_test_virtual_seconds in config/runner.toml)")
            }
        }
    }

    private func push(_ ok: Bool, _ value: LuaValue, onto thread: LuaThread) -> Int32 {
        thread.push(.boolean(ok))
        thread.push(value)
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

    /// The earliest time idle frames may be skipped to, or nil when a waiter needs every frame.
    private func skipDeadline(_ waiters: [Waiter], world: World, limit: Nanoseconds) -> Nanoseconds? {
        var deadline = limit
        for waiter in waiters {
            switch waiter.request {
            case let .time(duration): deadline = min(deadline, waiter.start + duration)
            case let .event(_, timeout): deadline = min(deadline, waiter.start + timeout)
            case let .frames(count):
                let remaining = waiter.startFrame + count - world.frame
                deadline = min(deadline, world.displayLink.timeAfterIdleFrames(remaining))
            case .until, .idle: return nil
            }
        }
        return deadline
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
            return world.time >= waiter.start + timeout ? .timedOut(request.timeoutMessage(after: timeout)) : .waiting
        case let .event(name, timeout):
            if let event = world.events.first(where: { $0.name == name }) { return .satisfied(EventBinding.value(event)) }
            return world.time >= waiter.start + timeout ? .timedOut(request.timeoutMessage(after: timeout)) : .waiting
        }
    }

    private func evaluate(_ condition: LuaRef) -> Check {
        do { return try host.lua.callPredicate(condition) ? .satisfied(.boolean(true)) : .waiting } catch let error as LuaError {
            return .failed(error)
        } catch { return .failed(.runtime(LuaRuntimeError(message: String(describing: error)))) }
    }
}
