import Dispatch
import DetentTime
import DetentWorld
import NIOConcurrencyHelpers
import DetentJSON

/// A live session's clock as it stood after its last frame (or pause, resume, step, speed
/// change), readable from any thread without waiting on the session's queue: what the
/// daemon's `status` answers from, however busy — or stuck — the session is.
public final class PublishedClock: Sendable {
    /// One reading. Times in seconds (virtual), `wall` in nanoseconds of `DispatchTime`.
    public struct Reading: Sendable, Equatable {
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

        /// As it crosses a process boundary (`wall` is the monotonic clock, the same in every
        /// process of the machine).
        public var json: JSONValue {
            .object([("frames", .int(framesDelivered)), ("late", .int(lateFrames)), ("frame", .int(frame)), ("time", .double(time)),
                     ("wall", .unsigned(wall)), ("paused", .bool(paused)), ("speed", .double(speed)), ("idle", .bool(idle)),
                     ("idle_frame", .double(idleFrameSeconds))])
        }

        public init() {}

        /// A reading from `json`; fields missing keep their defaults.
        public init(json value: JSONValue) {
            framesDelivered = value["frames"]?.integer ?? 0
            lateFrames = value["late"]?.integer ?? 0
            frame = value["frame"]?.integer ?? 0
            time = value["time"]?.number ?? 0
            wall = value["wall"]?.unsignedInteger ?? 0
            paused = value["paused"]?.boolValue ?? false
            speed = value["speed"]?.number ?? 1
            idle = value["idle"]?.boolValue ?? false
            idleFrameSeconds = value["idle_frame"]?.number ?? 1.0 / 60
        }
    }

    private let box = NIOLockedValueBox(Reading())

    public init() {}

    public var reading: Reading { box.withLockedValue { $0 } }

    public func publish(_ reading: Reading) { box.withLockedValue { $0 = reading } }
}

extension LiveSession {
    /// Publishes the driver's clock now (on the session's queue).
    func publishClock() {
        let world = driver.world
        let link = world.displayLink
        var reading = PublishedClock.Reading()
        reading.framesDelivered = driver.framesDelivered
        reading.lateFrames = driver.lateFrames
        reading.frame = world.frame
        reading.time = world.seconds
        reading.wall = DispatchTime.now().uptimeNanoseconds
        reading.paused = driver.isPaused
        reading.speed = driver.speed
        reading.idle = !world.isBusy
        reading.idleFrameSeconds = Double(link.gridPeriod * link.rate.periodsPerFrame(animating: false)) / 1e9
        published.publish(reading)
    }
}
