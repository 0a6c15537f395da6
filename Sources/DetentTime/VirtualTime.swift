/// Virtual time in integer nanoseconds (SPEC §1). Integers keep time exact and identical on
/// every machine; seconds (Double) appear only at the edges (scripts, motion math).
public typealias Nanoseconds = Int64

public enum VirtualTime {
    public static let nanosecondsPerSecond: Nanoseconds = 1_000_000_000

    /// Seconds → nanoseconds, rounded to the nearest nanosecond. Values from scripts and
    /// config are range-checked before they get here (`NumberRule.seconds`); this conversion
    /// still never traps: NaN is 0 and anything beyond ±2^62 ns (146 years) is held there.
    public static func nanoseconds(fromSeconds seconds: Double) -> Nanoseconds {
        let limit = Double(Int64(1) << 62)
        let scaled = (seconds * 1e9).rounded()
        guard !scaled.isNaN else { return 0 }
        return Nanoseconds(min(max(scaled, -limit), limit))
    }

    /// How close to a frame's time an event must be to belong to that frame. Scripts compute
    /// times in seconds (Doubles) from frame times rounded to the nanosecond, so `k/60` s after a
    /// frame can land a few ns past frame k; without this slack a touch sample or a `wait` would
    /// arrive one frame late. 1 µs is far below any frame interval (8.3 ms at 120 Hz).
    public static let dueTolerance: Nanoseconds = 1_000

    /// Whether something scheduled at `time` is due in a frame shown at `frameTime`.
    public static func isDue(_ time: Nanoseconds, by frameTime: Nanoseconds) -> Bool {
        time <= frameTime + dueTolerance
    }

    /// Nanoseconds → seconds.
    public static func seconds(_ nanoseconds: Nanoseconds) -> Double {
        Double(nanoseconds) / 1e9
    }
}
