import Testing
// Re-exported: every file of this target uses its shared expectations and formulas.
@_exported import DetentTestSupport
import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentDrawer
import DetentRelease

// MARK: Device

/// Origins of the named anchors on `TestDevices.phone()` with a 44 pt header.
enum Origin {
    static let top = 59.0          // the safe top
    static let middle = 426.0      // 852 · (1 − 0.5)
    static let bottom = 774.0      // 852 − (44 + 34)
    static let screen = 852.0
}

/// The named states top, middle and bottom, declared under their own names.
let namedAnchors: [(name: String, spec: DrawerAnchorSpec)] = [
    ("top", .named("top")), ("middle", .named("middle")), ("bottom", .named("bottom")),
]



/// The settling spring of SPEC §6: mass 1, stiffness 200, damping ratio 1.
let settlingSpring = SpringParameters(mass: 1, stiffness: 200, damping: 2 * (200.0).squareRoot())

// MARK: Policies

/// Anchors of the named states on the test phone, sorted by origin.
let phoneAnchors = [DrawerAnchor(name: "top", origin: 59), DrawerAnchor(name: "middle", origin: 426), DrawerAnchor(name: "bottom", origin: 774)]

/// What `policy` picks for a release at `origin` moving at `velocity` pt/s.
func select(_ policy: ReleasePolicy, origin: Double, velocity: Double, restingOrigin: Double = 426,
            anchors: [DrawerAnchor] = phoneAnchors, defaults: DrawerDefaults = DrawerDefaults()) throws -> Double {
    try policy.select(ReleaseState(origin: origin, velocity: velocity, anchors: anchors, restingOrigin: restingOrigin, defaults: defaults))
}

// MARK: Comparisons



// MARK: Harness

/// Every event the world delivered, in order.
final class DrawerEventLog {
    var events: [WorldEvent] = []
}

/// A world with a drawer attached the way scripts get one: `DrawerEngine(world:defaults:content:)`
/// with 2,000 pt of content, `attach(to:)`, then `setAnchors`. Records every delivered event.
final class DrawerHarness {
    let world: World
    let engine: DrawerEngine
    let log = DrawerEventLog()

    init(defaults: DrawerDefaults = DrawerDefaults(), name: String = "drawer") {
        world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        engine = DrawerEngine(name: name, world: world, defaults: defaults, content: ScrollContent(contentHeight: 2000))
        engine.attach(to: world)
        let log = self.log
        world.observe { log.events.append($0) }
    }

    /// Declares `anchors`, puts the drawer at `anchor` without animation, delivers the events
    /// of the set-up and forgets them, so that a test sees only what it does next.
    func start(at anchor: String = "middle", anchors: [(name: String, spec: DrawerAnchorSpec)] = namedAnchors) throws {
        try engine.setAnchors(anchors, in: world)
        try engine.move(toAnchor: anchor, in: world)
        world.flushEvents()
        log.events.removeAll()
    }

    func step(_ count: Int = 1) {
        for _ in 0..<count { world.step() }
    }

    /// Steps to (and including) `frame`.
    func step(through frame: Int64) {
        while world.frame < frame { world.step() }
    }

    /// Steps until the drawer rests, returning the frame it came to rest on.
    @discardableResult
    func stepUntilResting(limit: Int = 600) -> Int64 {
        for _ in 0..<limit where engine.isBusy { world.step() }
        return world.frame
    }

    /// Target timestamp of the frame `ahead` frames after the last one delivered, ns.
    func frameTime(ahead: Int64) -> Nanoseconds {
        world.displayLink.time(ofGridIndex: world.displayLink.gridIndex + ahead)
    }

    /// Schedules a finger: down at (`x`, `y`) on the next frame, then at each of `ys` one frame
    /// (1/60 s) apart, lifting `holdFrames` frames after the last sample (a hold longer than
    /// 40 ms makes the tracker's release velocity 0). Returns the touch and the frames on which
    /// it goes down and lifts; the lift is not scheduled when `lift` is false.
    @discardableResult
    func finger(x: Double = 196, y: Double, through ys: [Double] = [], holdFrames: Int64 = 0,
                lift: Bool = true) throws -> (touch: Touch, down: Int64, lift: Int64) {
        let down = world.frame + 1
        let touch = world.touches.begin(at: Point(x: x, y: y), time: frameTime(ahead: 1))
        for (i, next) in ys.enumerated() {
            try world.touches.move(touch, to: Point(x: x, y: next), at: frameTime(ahead: 2 + Int64(i)))
        }
        let liftAhead = 1 + Int64(ys.count) + holdFrames
        if lift { try world.touches.end(touch, at: frameTime(ahead: liftAhead)) }
        return (touch, down, down + liftAhead - 1)
    }

    /// The standard upward flick from the middle: the finger goes down on the header at 448
    /// and moves up 10 pt per frame for 6 frames (600 pt/s), lifting with the last sample at
    /// 388 (origin 366), or `holdFrames` frames later. Steps through the lift frame, leaving in
    /// the log only that frame's events; returns the touch and its `touch.ended` event.
    func flickUp(holdFrames: Int64 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> (touch: Touch, ended: WorldEvent) {
        let (touch, _, lift) = try finger(y: 448, through: Self.path(from: 448, by: -10, count: 6), holdFrames: holdFrames)
        step(through: lift - 1)
        // Without a hold the last move is delivered on the lift frame.
        #expect(engine.origin == (holdFrames == 0 ? 376 : 366), sourceLocation: sourceLocation)
        #expect(engine.state == .dragging, sourceLocation: sourceLocation)
        clearEvents()
        step()
        #expect(world.frame == lift, sourceLocation: sourceLocation)
        return (touch, try #require(events("touch.ended").first, sourceLocation: sourceLocation))
    }

    /// Positions from `start` (exclusive) by `step` per sample, `count` samples.
    static func path(from start: Double, by step: Double, count: Int) -> [Double] {
        (1...count).map { start + step * Double($0) }
    }

    // MARK: Events

    func events(_ name: String) -> [WorldEvent] { log.events.filter { $0.name == name } }
    var eventNames: [String] { log.events.map(\.name) }
    func clearEvents() { log.events.removeAll() }

    /// An event as the world would deliver it on the current frame.
    func now(_ name: String, _ payload: [(String, EventValue)]) -> WorldEvent {
        WorldEvent(name: name, frame: world.frame, time: world.time, payload: payload)
    }

    /// `drawer.state_changed` on the current frame.
    func stateChanged(_ state: String, anchor: String? = nil) -> WorldEvent {
        var payload: [(String, EventValue)] = [("drawer", .string(engine.name)), ("state", .string(state))]
        if let anchor { payload.append(("anchor", .string(anchor))) }
        return now("drawer.state_changed", payload)
    }

    /// `drawer.changed` on the current frame.
    func changed(origin: Double) -> WorldEvent {
        now("drawer.changed", [("drawer", .string(engine.name)), ("origin", .number(origin))])
    }

    /// `touch.began` on the current frame.
    func touchBegan(_ touch: Touch, part: String?) -> WorldEvent {
        var payload: [(String, EventValue)] = [("touch", .integer(Int64(touch.id))), ("x", .number(touch.start.x)), ("y", .number(touch.start.y))]
        if let part { payload.append(("part", .string(part))) }
        return now("touch.began", payload)
    }
}
