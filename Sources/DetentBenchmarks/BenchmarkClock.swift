import DetentRuntime
import DetentPlatform
import Dispatch

/// Measurement for `detent bench` (never used by engines or tests): wall-clock samples of a
/// workload, reported as the median of several samples.
public struct BenchmarkFigure: Sendable {
    public var name: String
    /// The median value.
    public var value: Double
    public var unit: String
    /// Spread of the samples, for the record ("min–max").
    public var spread: String
    public var note: String = ""
}

enum BenchmarkClock {
    static func now() -> UInt64 { Stopwatch.now() }

    /// Runs `body` (which performs `operations` operations) `samples` times and returns the
    /// median, minimum and maximum seconds per operation.
    static func perOperation(samples: Int = 5, operations: Int, _ body: () throws -> Void) rethrows -> (median: Double, min: Double, max: Double) {
        var values: [Double] = []
        try body()   // warm-up
        for _ in 0..<samples {
            let start = now()
            try body()
            values.append(Double(now() - start) / 1e9 / Double(operations))
        }
        return (median(values), values.min()!, values.max()!)
    }

    /// The middle value (the upper of the two middles for an even count).
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

func formatNumber(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String(printf: "%.1f", value) }
    return String(printf: "%.3g", value)
}
