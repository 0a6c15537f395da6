import DetentMotion
import DetentTime

/// Delivers touch samples (phase 1) and routes them to responders (phase 2), SPEC §1, §8.
///
/// Scripts schedule samples ahead of time (`touch`, `move_to`, `up`); each tick delivers every
/// sample due by its target timestamp, in time order. At touch-down the responders are asked
/// front to back; the first that claims the point gets the whole touch.
public final class TouchEngine: WorldEngine, RecognizesGestures {
    public let name = "touch"
    public private(set) var touches: [Touch] = []
    private var nextID = 1
    private var responders: [(order: Int, responder: TouchResponder)] = []
    private var registrations = 0
    let strategy: VelocityTrackingStrategy

    public init(strategy: VelocityTrackingStrategy) {
        self.strategy = strategy
    }

    /// Adds an engine to hit-testing. Ties in layer go to the later registration (on top).
    public func addResponder(_ responder: TouchResponder) {
        registrations += 1
        responders.append((registrations, responder))
    }

    public func removeResponder(_ responder: TouchResponder) {
        responders.removeAll { $0.responder === responder }
    }

    /// Responders front to back.
    var frontToBack: [TouchResponder] {
        responders.sorted { ($0.responder.hitTestLayer, $0.order) > ($1.responder.hitTestLayer, $1.order) }.map(\.responder)
    }

    /// Who would receive a touch at `point` now, and on which part.
    public func hitTest(_ point: Point, in world: World) -> (TouchResponder, TouchClaim)? {
        for responder in frontToBack {
            if let claim = responder.hitTest(point, in: world) { return (responder, claim) }
        }
        return nil
    }

    /// Puts a finger down at `point`; the touch-down sample is due at `time`.
    public func begin(at point: Point, time: Nanoseconds) -> Touch {
        let touch = Touch(id: nextID, at: point, time: time, strategy: strategy)
        nextID += 1
        touches.append(touch)
        return touch
    }

    /// Schedules a move to `point` at `time` (the script spaces samples at the touch rate).
    public func move(_ touch: Touch, to point: Point, at time: Nanoseconds) throws {
        guard !touch.isLifting else { throw TouchError.finished(touch.id) }
        guard time >= touch.scheduledEnd else { throw TouchError.outOfOrder(touch.id) }
        touch.schedule(.init(time: time, point: point, phase: .moved))
    }

    /// Schedules the finger lifting at `time`, where it last was.
    public func end(_ touch: Touch, at time: Nanoseconds) throws {
        guard !touch.isLifting else { throw TouchError.finished(touch.id) }
        touch.schedule(.init(time: max(time, touch.scheduledEnd), point: touch.scheduledLocation, phase: .ended))
    }

    /// Schedules the touch's cancellation at `time`, where it last was: the system took the
    /// finger away (a browser's `pointercancel`); its responder gets `touchCancelled`.
    public func cancel(_ touch: Touch, at time: Nanoseconds) throws {
        guard !touch.isLifting else { throw TouchError.finished(touch.id) }
        touch.schedule(.init(time: max(time, touch.scheduledEnd), point: touch.scheduledLocation, phase: .cancelled))
    }

    /// Asked every frame; with no touch, answered before `contains` retains the array.
    public var isBusy: Bool { !touches.isEmpty && touches.contains { !$0.isFinished } }

    /// The next scheduled sample, so idle fast-forward never skips past input.
    public var nextDeadline: Nanoseconds? { touches.compactMap { $0.pending.first?.time }.min() }

    public var propertyNames: [String] { [] }
    public func property(_ name: String) -> Double? { nil }

    public func advance(to tick: Tick, in world: World) {}

    /// Phases 1 and 2: deliver samples due by the tick, in time order, to their responders.
    public func updateGestures(for tick: Tick, in world: World) {
        guard !touches.isEmpty else { return }
        for touch in touches { touch.presentTime = tick.targetTimestamp }
        while true {
            var earliest: (touch: Touch, sample: Touch.Sample)?
            for touch in touches {
                guard let sample = touch.pending.first, VirtualTime.isDue(sample.time, by: tick.targetTimestamp) else { continue }
                if earliest == nil || sample.time < earliest!.sample.time { earliest = (touch, sample) }
            }
            guard let (touch, sample) = earliest else { break }
            touch.pending.removeFirst()
            touch.deliver(sample)
            route(touch, sample, in: world)
        }
        touches.removeAll { $0.isFinished && $0.pending.isEmpty }
    }

    private func route(_ touch: Touch, _ sample: Touch.Sample, in world: World) {
        switch sample.phase {
        case .began:
            if let (responder, claim) = hitTest(sample.point, in: world) {
                touch.responder = responder
                touch.claim = claim
                world.emit("touch.began", [("touch", .integer(Int64(touch.id))), ("x", .number(sample.point.x)),
                                           ("y", .number(sample.point.y)), ("part", .string(claim.part))])
                responder.touchBegan(touch, in: world)
            } else {
                world.emit("touch.began", [("touch", .integer(Int64(touch.id))), ("x", .number(sample.point.x)), ("y", .number(sample.point.y))])
            }
        case .moved:
            touch.responder?.touchMoved(touch, in: world)
        case .ended:
            let velocity = touch.velocity
            world.emit("touch.ended", [("touch", .integer(Int64(touch.id))), ("x", .number(sample.point.x)), ("y", .number(sample.point.y)),
                                       ("vx", .number(velocity.x)), ("vy", .number(velocity.y))])
            touch.responder?.touchEnded(touch, velocity: velocity, in: world)
        case .cancelled:
            touch.responder?.touchCancelled(touch, in: world)
        }
    }
}

/// A script used a touch wrongly.
public enum TouchError: Error, CustomStringConvertible {
    case finished(Int)
    case outOfOrder(Int)
    public var description: String {
        switch self {
        case let .finished(id): return "touch \(id) has already been lifted (up)"
        case let .outOfOrder(id): return "touch \(id): samples must be scheduled in time order"
        }
    }
}
