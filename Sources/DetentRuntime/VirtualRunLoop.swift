import DetentPlatform
import DetentLua
import DetentScripting
import DetentTime
import DetentWorld
import DetentTrace

/// Runs one job to its end in virtual time (SPEC §1 headless mode): ticks fire back to back
/// as fast as the CPU allows, and idle stretches are skipped (idle fast-forward) while still
/// counting their frames. Tests, plain scripts and a spec file's top level run this way.
public final class VirtualRunLoop {
    let scheduler: TaskScheduler
    /// Virtual time one job may spend before it is stopped (ns).
    let maxTestTime: Nanoseconds
    /// Checked between ticks: a cancelled run stops its job at the next frame.
    var isCancelled: () -> Bool = { false }
    /// Called after every frame the loop steps (`--trace`: `TestTrace` records it); nil when
    /// nothing records, so an untraced run pays one nil check per frame.
    var frameObserver: ((World) -> Void)?
    /// Whether and where the tests of the running file write traces (`TestSelection.trace`).
    var traceOptions = TraceOptions() { didSet { tracePathUses.removeAll() } }
    /// How many traces of the running file went to each path: a test run again under the same
    /// name (a retry or an iteration its caller did not number, a duplicate name on one line)
    /// gets `.runN` rather than overwriting the earlier trace.
    var tracePathUses: [String: Int] = [:]

    public init(scheduler: TaskScheduler, maxTestTime: Nanoseconds) {
        self.scheduler = scheduler
        self.maxTestTime = maxTestTime
    }

    var host: ScriptHost { scheduler.host }

    /// Plugins' per-frame invariants after a frame (SPEC §12): nil while they hold; else the
    /// ending that fails the job with the frame, the virtual time and the plugin's message,
    /// at the spec line the test is waiting on.
    private func invariantViolation(_ world: World, at location: String) -> TaskScheduler.Ending? {
        do {
            guard let message = try host.checkInvariants() else { return nil }
            // A violation is a failure (FAIL), like an assertion's; the report adds the frame
            // and the virtual time.
            return .failed(.runtime(LuaRuntimeError(message: location + message, fields: ["invariant": "violated"])))
        } catch let error as LuaError {
            return .failed(error)
        } catch {
            return .aborted(String(describing: error))
        }
    }

    /// Runs `main` (first resume takes `argumentCount` values already pushed) until it ends.
    /// `finish` sees the ending while the main task's results are still on its stack.
    public func run<T>(_ main: LuaThread, argumentCount: Int32, testStart: Nanoseconds,
                finish: (TaskScheduler.Ending) -> T) -> T {
        withoutActuallyEscaping(finish) { finish in runEscaping(main, argumentCount: argumentCount, testStart: testStart, finish: finish) }
    }

    private func runEscaping<T>(_ main: LuaThread, argumentCount: Int32, testStart: Nanoseconds,
                                finish: @escaping (TaskScheduler.Ending) -> T) -> T {
        var outcome: T?
        let lua = host.lua
        let checksInvariants = host.invariantsApply
        // Read once: a closure read from a property is retained and released at every call.
        let isCancelled = self.isCancelled, frameObserver = self.frameObserver
        lua.startCPUWatch(thread: main.co)
        defer { lua.stopCPUWatch() }
        let job = scheduler.start(main, argumentCount: argumentCount) { _, ending in outcome = finish(ending) }
        let limit = testStart + maxTestTime
        scheduler.runReady()
        // The job is over exactly when `outcome` is set: `end` marks it, then calls `onEnd`.
        while !job.isOver {
            guard let world = host.world else { scheduler.end(job, .aborted("no world to wait in")); break }
            if isCancelled() { scheduler.end(job, .aborted("run cancelled")); break }
            // The watchdog also stops host work between frames (engines stepping a long wait).
            if lua.cpuTimeExpired {
                scheduler.end(job, .failed(.cpuTimeExceeded(seconds: lua.cpuTimeLimit, traceback: "")))
                break
            }
            // Every task waits: deliver a tick, fast-forwarding idle time where allowed (not
            // past an event a task emitted between frames: the next tick delivers it).
            let busy = world.isBusy
            if !busy, !world.hasPendingEvents, let deadline = scheduler.skipDeadline(world: world, limit: limit) {
                world.fastForward(toward: deadline)
            }
            world.step(busy: busy ? true : nil)
            frameObserver?(world)
            if checksInvariants, let violation = invariantViolation(world, at: scheduler.waitingLocation(of: job)) {
                scheduler.end(job, violation)
                break
            }
            if !host.handlerErrors.isEmpty, let error = host.handlerErrors.first {
                host.handlerErrors.removeAll()
                scheduler.end(job, .failed(error))
                break
            }
            scheduler.collectDue(in: world)
            if !job.isOver && !scheduler.hasReady && world.time >= limit {
                let message = "the test used more than \(formatSeconds(VirtualTime.seconds(maxTestTime))) s of virtual time (max_test_virtual_seconds in config/runner.toml)"
                let location = scheduler.waitingLocation(of: job)
                scheduler.end(job, location.isEmpty ? .aborted(message) : .failed(.runtime(LuaRuntimeError(message: location + message))))
                break
            }
            scheduler.runReady()
        }
        return outcome!
    }
}
