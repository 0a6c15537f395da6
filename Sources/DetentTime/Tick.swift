/// One display-link callback, as CADisplayLink delivers it (SPEC §1). All in nanoseconds of
/// virtual time. Engines compute their state *for `targetTimestamp`*.
public struct Tick: Equatable, Sendable, CustomStringConvertible {
    /// Frames delivered so far, this one included (1 for the first tick).
    public var frame: Int64
    /// When the last frame was shown.
    public var timestamp: Nanoseconds
    /// When the frame being prepared will be shown.
    public var targetTimestamp: Nanoseconds
    /// The nominal interval between frames at the current rate.
    public var duration: Nanoseconds
    /// Frames dropped just before this tick (the timestamp gap is (dropped + 1) · duration).
    public var droppedFrames: Int

    public init(frame: Int64, timestamp: Nanoseconds, targetTimestamp: Nanoseconds, duration: Nanoseconds, droppedFrames: Int = 0) {
        self.frame = frame
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.duration = duration
        self.droppedFrames = droppedFrames
    }

    public var description: String {
        "tick #\(frame) \(timestamp)→\(targetTimestamp) ns (Δ \(duration) ns\(droppedFrames > 0 ? ", dropped \(droppedFrames)" : ""))"
    }
}
