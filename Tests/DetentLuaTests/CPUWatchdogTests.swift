import CLuaShim
import Glibc
import Testing
@testable import DetentLua

/// The CPU-time watchdog (SPEC §13) on its own: a job over its allowance is flagged, and jobs
/// that follow each other share one timer, which stops by itself once none is armed.
@Suite("CPU watchdog", .serialized)
struct CPUWatchdogTests {
    /// Zeroed limits, as a Lua state's are before its first job.
    private static func makeLimits() -> UnsafeMutablePointer<detent_limits> {
        let limits = UnsafeMutablePointer<detent_limits>.allocate(capacity: 1)
        memset(limits, 0, MemoryLayout<detent_limits>.size)
        limits.pointee.counts_instructions = 1
        return limits
    }

    /// Polls `condition` every millisecond for up to `seconds` of wall time.
    private static func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        for _ in 0..<Int(seconds * 1000) {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test func aJobOverItsAllowanceIsFlagged() {
        let limits = Self.makeLimits()
        defer { limits.deallocate() }
        CPUWatchdog.shared.arm(limits, seconds: 0.01)
        defer { CPUWatchdog.shared.disarm(limits); detent_watch_thread(nil) }
        // Spend CPU on this thread (the watched one) until the flag is up, for 5 s at most.
        var spin = 0.0
        let flagged = Self.eventually(within: 5) {
            for i in 0..<200_000 { spin += Double(i) }
            return detent_interrupt_get(&limits.pointee.cpu_expired) != 0
        }
        #expect(flagged)
        #expect(spin > 0)
    }

    @Test func jobsInARowShareOneTimerWhichStopsWhenNoneIsArmed() {
        let limits = Self.makeLimits()
        defer { limits.deallocate() }
        let before = CPUWatchdog.shared.timerState.started
        for _ in 0..<50 {
            CPUWatchdog.shared.arm(limits, seconds: 60)
            CPUWatchdog.shared.disarm(limits)
        }
        detent_watch_thread(nil)
        #expect(CPUWatchdog.shared.timerState.started - before <= 2)   // one, or two if a check stopped it between
        #expect(detent_interrupt_get(&limits.pointee.cpu_expired) == 0)
        // Nothing armed: the timer stops at its next check (every 0.05 s).
        #expect(Self.eventually(within: 5) { !CPUWatchdog.shared.timerState.running })
    }
}
