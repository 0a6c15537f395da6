/// Tracks the velocity of a touch in two dimensions with one one-dimensional tracker per axis.
/// Positions in points, time in seconds, velocities in points per second.
public struct PointVelocityTracker: Sendable {
    public let strategy: VelocityTrackingStrategy
    private var x: any VelocityTracker
    private var y: any VelocityTracker

    public init(strategy: VelocityTrackingStrategy = .lsq2) {
        self.strategy = strategy
        x = strategy.makeTracker()
        y = strategy.makeTracker()
    }

    /// Records the touch at (`x`, `y`) points at `time` seconds.
    public mutating func addSample(time: Double, x: Double, y: Double) {
        self.x.addSample(time: time, position: x)
        self.y.addSample(time: time, position: y)
    }

    /// Velocity (pt/s) per axis at the newest sample.
    public func velocity() -> (x: Double, y: Double) {
        (x.velocity(), y.velocity())
    }

    /// Velocity (pt/s) per axis for a release at `time` seconds; zero if the touch has been
    /// still for more than 40 ms (see `VelocityTracker.velocity(at:)`).
    public func velocity(at time: Double) -> (x: Double, y: Double) {
        (x.velocity(at: time), y.velocity(at: time))
    }

    /// Time (seconds) of the newest sample, or `nil` before the first.
    public var lastSampleTime: Double? { x.lastSampleTime }

    /// Forgets every sample.
    public mutating func reset() {
        x.reset()
        y.reset()
    }
}
