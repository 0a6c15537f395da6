import DetentLua
import DetentScripting
import DetentTime
import DetentWorld

/// Drives one script coroutine against the host's world in virtual time: resumes it, and
/// whenever it yields a wait request, steps the world (phases 1–6) and checks the request
/// after each tick (phase 7) until it holds, times out, or the test's limits are hit.
///
/// Idle fast-forward (SPEC §1): when no engine is busy and the request needs no per-frame
/// check, the world jumps straight to the next deadline, still counting the frames.
final class ScenarioRunLoop {
    let host: ScriptHost
    let defaultTimeout: Nanoseconds
    let maxTestTime: Nanoseconds

    init(host: ScriptHost, defaultTimeout: Nanoseconds, maxTestTime: Nanoseconds) {
        self.host = host
        self.defaultTimeout = defaultTimeout
        self.maxTestTime = maxTestTime
    }

    /// How a coroutine run ended.
    enum Ending {
        /// Returned; its results are on top of the coroutine's stack.
        case finished(count: Int32)
        /// Raised, or was stopped by a limit.
        case failed(LuaError)
        /// Stopped by the run loop (time limit, handler error, bad yield).
        case aborted(String)
    }

    /// Result of driving the world for one request.
    private enum WaitOutcome {
        case satisfied(LuaValue)
        case timedOut(String)
        case aborted(String)
        case failed(LuaError)
    }

    /// Runs `thread` to completion, its first resume taking `argumentCount` pushed values.
    func run(_ thread: LuaThread, argumentCount: Int32, testStart: Nanoseconds) -> Ending {
        var arguments = argumentCount
        while true {
            switch thread.resume(argumentCount: arguments) {
            case let .finished(count): return .finished(count: count)
            case let .failed(error): return .failed(error)
            case let .yielded(count):
                let request = thread.withResults(count) {
                    WaitRequest.parse($0, state: host.lua, defaultTimeout: defaultTimeout)
                }
                guard let request else {
                    return .aborted("the test yielded a value that is not a wait request (use wait, wait_frames, wait_until, wait_idle or wait_event; coroutine.yield belongs inside your own coroutines)")
                }
                switch drive(request, testStart: testStart) {
                case let .satisfied(value):
                    thread.push(.boolean(true))
                    thread.push(value)
                case let .timedOut(message):
                    thread.push(.boolean(false))
                    thread.push(.string(message))
                case let .aborted(message): return .aborted(message)
                case let .failed(error): return .failed(error)
                }
                arguments = 2
            }
        }
    }

    private func drive(_ request: WaitRequest, testStart: Nanoseconds) -> WaitOutcome {
        guard let world = host.world else { return .aborted("no world to wait in") }
        let start = world.time
        let startFrame = world.frame
        let limit = testStart + maxTestTime

        // Requests that already hold need no frame.
        switch request {
        case let .time(duration) where duration <= 0: return .satisfied(.nil)
        case let .frames(count) where count <= 0: return .satisfied(.nil)
        case let .until(condition, _, _):
            switch check(condition) {
            case .some(.success(true)): return .satisfied(.boolean(true))
            case let .some(.failure(error)): return .failed(error)
            default: break
            }
        default: break
        }

        var previousFingerprint: [Double?]? = nil
        var wasIdle = false
        while true {
            // Choose how far to go before the next delivered tick.
            if !world.isBusy {
                switch request {
                case let .time(duration): world.fastForward(toward: min(start + duration, limit))
                case let .event(_, timeout): world.fastForward(toward: min(start + timeout, limit))
                case let .frames(count):
                    let remaining = startFrame + count - world.frame
                    if remaining > 1 { world.skipIdleFrames(remaining - 1) }
                case .until, .idle: break
                }
            }
            world.step()
            if let error = host.handlerErrors.first {
                host.handlerErrors.removeAll()
                return .failed(error)
            }
            // Phase 7: does the request hold now?
            switch request {
            case let .time(duration):
                if world.time >= start + duration { return .satisfied(.nil) }
            case let .frames(count):
                if world.frame >= startFrame + count { return .satisfied(.nil) }
            case let .until(condition, timeout, _):
                switch check(condition) {
                case .some(.success(true)): return .satisfied(.boolean(true))
                case let .some(.failure(error)): return .failed(error)
                default: break
                }
                if world.time >= start + timeout { return .timedOut(request.timeoutMessage(after: timeout)) }
            case let .idle(timeout):
                let fingerprint = world.stateFingerprint()
                let idle = !world.isBusy
                if idle && wasIdle && fingerprint == previousFingerprint { return .satisfied(.nil) }
                wasIdle = idle
                previousFingerprint = fingerprint
                if world.time >= start + timeout { return .timedOut(request.timeoutMessage(after: timeout)) }
            case let .event(name, timeout):
                if let event = world.events.first(where: { $0.name == name }) { return .satisfied(EventBinding.value(event)) }
                if world.time >= start + timeout { return .timedOut(request.timeoutMessage(after: timeout)) }
            }
            if world.time >= limit {
                return .aborted("the test used more than \(formatSeconds(VirtualTime.seconds(maxTestTime))) s of virtual time (max_test_virtual_seconds in config/runner.toml)")
            }
        }
    }

    private func check(_ condition: LuaRef) -> Result<Bool, LuaError>? {
        do { return .success(try host.lua.callPredicate(condition)) } catch let error as LuaError {
            return .failure(error)
        } catch { return nil }
    }
}
