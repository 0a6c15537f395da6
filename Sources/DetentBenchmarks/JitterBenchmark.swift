import DetentRuntime
import Dispatch
import Histogram
import DetentTime
import DetentWorld

extension Benchmarks {
    /// Tick jitter of the real-time display link (SPEC §1 real-time mode): a world on a
    /// `device` stepped by `RealTimeDriver` with its `DispatchTickScheduler`, asked for every
    /// frame (as a sample subscriber asks), for `seconds` of wall time.
    ///
    /// Each callback's lateness is measured against the ideal instant it was scheduled for —
    /// the wall time of the frame prepared last (`wallTime(ofVirtual:)`) — so a callback late
    /// by whole frames counts its full lateness even though the driver then drops the frames
    /// it missed. Latenesses go into an HdrHistogram (1 µs to 10 s, 3 significant digits).
    public static func tickJitter(device: DeviceProfile, seconds: Double) -> [BenchmarkFigure] {
        let queue = DispatchQueue(label: "detent.bench.jitter")
        let clock = SystemWallClock()
        let world = World(configuration: WorldConfiguration(device: device))
        let driver = RealTimeDriver(world: world, clock: clock, scheduler: DispatchTickScheduler(queue: queue))
        var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: 10_000_000_000, numberOfSignificantValueDigits: .three)
        var scheduledFor: UInt64?
        var callbacks = 0
        let done = DispatchSemaphore(value: 0)
        let end = clock.now() + UInt64(seconds * 1e9)
        queue.sync {
            driver.needsFrames = { true }
            driver.onTick = { tick in
                let now = clock.now()
                if let ideal = scheduledFor {
                    _ = histogram.record(now > ideal ? (now - ideal) / 1000 : 0)
                    callbacks += 1
                }
                // The next callback is due when the frame prepared now reaches the screen.
                scheduledFor = driver.wallTime(ofVirtual: tick.targetTimestamp)
                if now >= end {
                    driver.needsFrames = { false }
                    driver.pause()
                    done.signal()
                }
            }
            driver.start()
        }
        done.wait()
        let (late, frames) = queue.sync { (driver.lateFrames, driver.framesDelivered) }
        let rate = device.refreshRate
        let note = "\(callbacks) callbacks over \(formatNumber(seconds)) s at \(rate) on \(device.name); \(late) late by a whole frame or more (frames dropped)"
        func figure(_ label: String, _ microseconds: UInt64) -> BenchmarkFigure {
            BenchmarkFigure(name: "tick lateness \(label) (real-time display link)", value: Double(microseconds), unit: "µs",
                            spread: "one run", note: note)
        }
        precondition(frames > 0, "the real-time driver delivered no frame")
        return [figure("p50", histogram.valueAtPercentile(50)), figure("p99", histogram.valueAtPercentile(99)),
                figure("max", histogram.max)]
    }
}
