import Dispatch
import FoundationEssentials

/// Wall-clock time for reports' durations (seconds per test attempt, per file) — the one
/// thing a report holds that differs between identical runs. Engines and the virtual run
/// loop never read it: their time is virtual (SPEC §1).
public enum Stopwatch {
    /// A monotonic instant, in nanoseconds.
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Seconds elapsed since `start` (from `now()`).
    public static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
    }
}
