/// Virtual time in integer nanoseconds (SPEC §1). Integers keep time exact and identical on
/// every machine; seconds (Double) appear only at the edges (scripts, motion math).
public typealias Nanoseconds = Int64

public enum VirtualTime {
    public static let nanosecondsPerSecond: Nanoseconds = 1_000_000_000

    /// Seconds → nanoseconds, rounded to the nearest nanosecond.
    public static func nanoseconds(fromSeconds seconds: Double) -> Nanoseconds {
        Nanoseconds((seconds * 1e9).rounded())
    }

    /// Nanoseconds → seconds.
    public static func seconds(_ nanoseconds: Nanoseconds) -> Double {
        Double(nanoseconds) / 1e9
    }
}
