import Dispatch
import DetentTime
import DetentWorld
import NIOConcurrencyHelpers

/// A live session's clock as it stood after its last frame (or pause, resume, step, speed
/// change), readable from any thread without waiting on the session's queue: what the
/// daemon's `status` answers from, however busy — or stuck — the session is.
public final class PublishedClock: Sendable {
    /// One reading. Times in seconds (virtual), `wall` in nanoseconds of `DispatchTime`.
    public struct Reading: Sendable {
        public var framesDelivered: Int64 = 0
        public var lateFrames: Int64 = 0
        public var frame: Int64 = 0
        /// Virtual seconds at `wall`.
        public var time: Double = 0
        public var wall: UInt64 = 0
        public var paused = false
        /// Virtual seconds per wall second.
        public var speed: Double = 1
        /// Whether the world was idle (not stepped frame by frame: its clock catches up when
        /// read), and the virtual seconds of one idle frame then.
        public var idle = false
        public var idleFrameSeconds: Double = 1.0 / 60

        /// The virtual time now: `time`, moved on by the wall time since at `speed` unless paused.
        public func time(atWall now: UInt64) -> Double {
            guard !paused, now > wall else { return time }
            return time + Double(now - wall) / 1e9 * speed
        }

        /// The frame now: an idle world's frames go on at its idle rate between readings (a
        /// busy world publishes every frame).
        public func frame(atWall now: UInt64) -> Int64 {
            guard idle, idleFrameSeconds > 0 else { return frame }
            return frame + Int64(((time(atWall: now) - time) / idleFrameSeconds).rounded(.down))
        }
    }

    private let box = NIOLockedValueBox(Reading())

    public init() {}

    public var reading: Reading { box.withLockedValue { $0 } }

    func publish(_ reading: Reading) { box.withLockedValue { $0 = reading } }
}

extension LiveSession {
    /// Publishes the driver's clock now (on the session's queue).
    func publishClock() {
        let world = driver.world
        let link = world.displayLink
        published.publish(PublishedClock.Reading(framesDelivered: driver.framesDelivered, lateFrames: driver.lateFrames,
                                                 frame: world.frame, time: world.seconds, wall: DispatchTime.now().uptimeNanoseconds,
                                                 paused: driver.isPaused, speed: driver.speed, idle: !world.isBusy,
                                                 idleFrameSeconds: Double(link.gridPeriod * link.rate.periodsPerFrame(animating: false)) / 1e9))
    }
}
