import CLuaShim
import Dispatch
import FoundationEssentials
import Glibc
import NIOConcurrencyHelpers

/// The CPU-time watchdog of SPEC §13: the last line behind the instruction budget. A job arms
/// it on the thread that runs it; a timer on a queue of its own reads that thread's CPU clock
/// and, once the job has used its allowance, raises the state's `cpu_expired` flag. Guest code
/// sees the flag at its next count-hook step (or matcher poll) and stops with the
/// "CPU time limit" error; the run loop sees it between frames. The run goes on with the next
/// job, as after Redis's SCRIPT KILL.
///
/// Measures CPU seconds of one thread (`pthread_getcpuclockid`), so a job must run on the
/// thread that armed it — true of `detent run`, whose jobs run synchronously on their
/// session's queue. The timer runs while a job is armed and stops itself at its first check
/// with none (within `period`): an idle process does not wake, and jobs that follow each other
/// (a spec file's top level, its walk steps and tests) share one timer instead of making and
/// cancelling a dispatch source each — a registration with the dispatch manager's thread and a
/// wake-up of it every time (BENCHMARKS.md, "A spec file's own cost").
final class CPUWatchdog: @unchecked Sendable {
    static let shared = CPUWatchdog()

    private struct Watch {
        var clock: clockid_t
        var deadline: Double        // CPU seconds of that thread's clock
        var flag: UnsafeMutablePointer<Int32>
        /// The thread running the job, for the stop signal.
        var thread: pthread_t
        /// Whether the state counts instructions (its hook reads the flags by itself), or runs
        /// without a hook and must be poked (`detent_install_stop_signal`).
        var needsPoke: Bool
    }

    /// The signal that sets the count hook on the thread it is sent to.
    private static let stopSignal = detent_install_stop_signal()

    private struct Watches {
        var byLimits: [UnsafeMutablePointer<detent_limits>: Watch] = [:]
        var timer: DispatchSourceTimer?
        /// How many timers were started in this process (each a dispatch source).
        var timersStarted = 0
    }

    // Guarded by `lock` (a pthread mutex, which ThreadSanitizer sees).
    private let lock = NIOLock()
    private var watches = Watches()
    private let queue = DispatchQueue(label: "detent.cpu-watchdog")
    /// How often armed jobs are looked at (seconds); a job overruns its allowance by at most
    /// about this much.
    private static let period = 0.05

    /// Starts watching the calling thread for the job of `limits`: `seconds` of CPU from now.
    func arm(_ limits: UnsafeMutablePointer<detent_limits>, seconds: Double) {
        var clock = clockid_t()
        guard pthread_getcpuclockid(pthread_self(), &clock) == 0, let now = CPUWatchdog.seconds(of: clock) else { return }
        let flag = withUnsafeMutablePointer(to: &limits.pointee.cpu_expired) { $0 }
        let needsPoke = limits.pointee.counts_instructions == 0
        if needsPoke { _ = CPUWatchdog.stopSignal }
        detent_watch_thread(limits)
        withWatches { state in
            detent_interrupt_set(flag, 0)
            state.byLimits[limits] = Watch(clock: clock, deadline: now + seconds, flag: flag, thread: pthread_self(), needsPoke: needsPoke)
            if state.timer == nil {
                let timer = DispatchSource.makeTimerSource(queue: queue)
                timer.schedule(deadline: .now() + CPUWatchdog.period, repeating: CPUWatchdog.period, leeway: .milliseconds(10))
                timer.setEventHandler { [unowned self] in self.check() }
                timer.resume()
                state.timer = timer
                state.timersStarted += 1
            }
        }
    }

    /// Stops watching the job of `limits`; the flag is never raised for it after this returns.
    /// The timer is left to stop itself at its next check, should no job be armed by then.
    func disarm(_ limits: UnsafeMutablePointer<detent_limits>) {
        withWatches { state in _ = state.byLimits.removeValue(forKey: limits) }
    }

    /// Makes the job of `limits`, if armed and running without the count hook, look at its
    /// stop flags now (a cancellation was requested): the stop signal sets the hook on its
    /// thread's running coroutine.
    func poke(_ limits: UnsafeMutablePointer<detent_limits>) {
        withWatches { state in
            guard let watch = state.byLimits[limits], watch.needsPoke else { return }
            pthread_kill(watch.thread, CPUWatchdog.stopSignal)
        }
    }

    /// Whether the timer runs, and how many were started so far (for tests).
    var timerState: (running: Bool, started: Int) {
        withWatches { ($0.timer != nil, $0.timersStarted) }
    }

    private func withWatches<T>(_ body: (inout Watches) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&watches)
    }

    private func check() {
        withWatches { state in
            for (limits, watch) in state.byLimits {
                // A clock that cannot be read belongs to a thread that has ended: nothing runs.
                guard let used = CPUWatchdog.seconds(of: watch.clock), used >= watch.deadline else { continue }
                detent_interrupt_set(watch.flag, 1)
                if watch.needsPoke { pthread_kill(watch.thread, CPUWatchdog.stopSignal) }
                state.byLimits.removeValue(forKey: limits)
            }
            if state.byLimits.isEmpty {
                state.timer?.cancel()
                state.timer = nil
            }
        }
    }

    private static func seconds(of clock: clockid_t) -> Double? {
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
