import DetentMotion
import DetentTime

/// One finger on the screen: the samples it will deliver (scheduled by scripts at the
/// device's touch rate) and those it has delivered. Positions in points, times in ns of
/// virtual time, velocity in pt/s — measured only by the tracker (SPEC §8).
public final class Touch {
    public enum Phase: String, Sendable { case began, moved, ended, cancelled }

    /// A timestamped position of the finger.
    public struct Sample: Equatable, Sendable {
        public var time: Nanoseconds
        public var point: Point
        public var phase: Phase
    }

    public let id: Int
    /// Where the finger touched down.
    public let start: Point
    public private(set) var location: Point
    public private(set) var phase: Phase = .began
    /// Samples waiting for their tick, in time order.
    var pending: [Sample] = []
    /// Who claimed the touch at hit-testing, if anyone.
    public internal(set) var responder: TouchResponder?
    public internal(set) var claim: TouchClaim?
    var tracker: PointVelocityTracker
    /// Time of the last delivered sample.
    public private(set) var lastSampleTime: Nanoseconds
    /// The present frame's time as the touch router last saw it (ns): a held finger's
    /// velocity fades to 0 with it.
    var presentTime: Nanoseconds

    init(id: Int, at point: Point, time: Nanoseconds, strategy: VelocityTrackingStrategy) {
        self.id = id
        start = point
        location = point
        lastSampleTime = time
        presentTime = time
        tracker = PointVelocityTracker(strategy: strategy)
        pending = [Sample(time: time, point: point, phase: .began)]
    }

    /// Where the finger will be once every scheduled sample is delivered.
    public var scheduledLocation: Point { pending.last?.point ?? location }
    /// When the last scheduled sample is due (or the last delivered one).
    public var scheduledEnd: Nanoseconds { pending.last?.time ?? lastSampleTime }
    public var isFinished: Bool { phase == .ended || phase == .cancelled }
    /// Whether the finger has lifted (or been cancelled), or is scheduled to: no sample may follow.
    public var isLifting: Bool { isFinished || pending.last?.phase == .ended || pending.last?.phase == .cancelled }
    public var translation: Point { Point(x: location.x - start.x, y: location.y - start.y) }

    /// The tracker's velocity (pt/s) as of the last delivered sample.
    public var velocity: Point {
        let v = tracker.velocity(at: VirtualTime.seconds(lastSampleTime))
        return Point(x: v.x, y: v.y)
    }

    /// What a lift at the present frame would carry (pt/s): the tracker's estimate, or 0 once
    /// the finger has rested more than 40 ms (`VelocityTracker.assumePointerStoppedTime`).
    public var velocityNow: Point {
        let v = tracker.velocity(at: VirtualTime.seconds(max(presentTime, lastSampleTime)))
        return Point(x: v.x, y: v.y)
    }

    func schedule(_ sample: Sample) {
        pending.append(sample)
    }

    /// Applies one delivered sample.
    func deliver(_ sample: Sample) {
        location = sample.point
        phase = sample.phase
        lastSampleTime = sample.time
        // The lift adds no position (as Flutter's and Android's trackers): the release
        // velocity is the estimate at the lift's time, zero if the finger rested > 40 ms.
        if sample.phase == .began || sample.phase == .moved {
            tracker.addSample(time: VirtualTime.seconds(sample.time), x: sample.point.x, y: sample.point.y)
        }
    }
}

/// What a responder answers at hit-testing: which of its parts the touch landed on
/// (`"edge"`, `"header"`, `"back_button"`, ...).
public struct TouchClaim: Equatable, Sendable {
    public var part: String
    public init(part: String) { self.part = part }
}

/// An engine that can receive touches (navigation edge swipe, sheet, drawer, bar buttons).
/// Hit-testing asks responders front to back (SPEC §8: dimming layer, sheet, drawer header,
/// drawer content, navigation bar items, screen edge, content): a higher `hitTestLayer` is
/// nearer the front, and the first responder that claims the point receives the touch.
public protocol TouchResponder: AnyObject {
    var hitTestLayer: Int { get }
    func hitTest(_ point: Point, in world: World) -> TouchClaim?
    func touchBegan(_ touch: Touch, in world: World)
    func touchMoved(_ touch: Touch, in world: World)
    /// `velocity` is the tracker's release velocity in pt/s.
    func touchEnded(_ touch: Touch, velocity: Point, in world: World)
    func touchCancelled(_ touch: Touch, in world: World)
}

/// Hit-test layers of SPEC §8, front (high) to back (low). An engine added later declares its
/// own beside it (`HitTestLayer.pager`, in DetentPager).
public enum HitTestLayer {
    public static let dimming = 70
    public static let sheet = 60
    public static let drawerHeader = 50
    public static let drawerContent = 40
    public static let navigationBarItems = 30
    public static let screenEdge = 20
    public static let content = 10
}
