import Testing
// Re-exported: every file of this target uses its shared expectations and formulas.
@_exported import DetentTestSupport
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentPager

/// The pages most tests use on `TestDevices.phone()` (393×852, safe insets 59/34): 300 pt
/// wide, 20 pt apart, so page i rests at (i − 1) · 320.
enum Pages {
    static let width = 300.0
    static let spacing = 20.0
    static let stride = 320.0
    /// The offset of `page`, written out: (page − 1) · 320.
    static func offset(_ page: Int) -> Double { Double(page - 1) * stride }
    /// The frame on the test phone: from the safe top (59) over 852 − 59 − 34 = 759 points,
    /// so its centre is at y = 59 + 379.5.
    static let top = 59.0
    static let height = 759.0
    static let centreY = 438.5
}

/// The settling spring of SPEC §6: mass 1, stiffness 200, damping ratio 1.
let settlingSpring = SpringParameters(mass: 1, stiffness: 200, damping: 2 * (200.0).squareRoot())

/// Every event the world delivered, in order.
final class PagerEventLog {
    var events: [WorldEvent] = []
}

/// A world with a pager attached the way the Lua binding will make one:
/// `PagerEngine(world:defaults:pages:…)`, then `attach(to:)`. Records every delivered event
/// from the creation on (a fresh pager has emitted nothing).
final class PagerHarness {
    let world: World
    let engine: PagerEngine
    let log = PagerEventLog()

    init(pages: Int = 5, pageWidth: Double? = Pages.width, spacing: Double = Pages.spacing, at page: Int = 1,
         defaults: PagerDefaults = PagerDefaults(), name: String = "pager", device: DeviceProfile = TestDevices.phone()) throws {
        world = World(configuration: WorldConfiguration(device: device))
        engine = try PagerEngine(name: name, world: world, defaults: defaults, pages: pages, pageWidth: pageWidth, spacing: spacing, at: page)
        engine.attach(to: world)
        let log = self.log
        world.observe { log.events.append($0) }
    }

    func step(_ count: Int = 1) {
        for _ in 0..<count { world.step() }
    }

    /// Steps to (and including) `frame`.
    func step(through frame: Int64) {
        while world.frame < frame { world.step() }
    }

    /// Steps until the pager rests, returning the frame it came to rest on.
    @discardableResult
    func stepUntilResting(limit: Int = 600) -> Int64 {
        for _ in 0..<limit where engine.isBusy { world.step() }
        return world.frame
    }

    /// Target timestamp of the frame `ahead` frames after the last one delivered, ns.
    func frameTime(ahead: Int64) -> Nanoseconds {
        world.displayLink.time(ofGridIndex: world.displayLink.gridIndex + ahead)
    }

    /// Schedules a finger: down at (`x`, `y`) on the next frame, then at each of `xs` one frame
    /// (1/60 s) apart, lifting `holdFrames` frames after the last sample (a hold longer than
    /// 40 ms makes the tracker's release velocity 0). Returns the touch and the frames on which
    /// it goes down and lifts; the lift is not scheduled when `lift` is false.
    @discardableResult
    func finger(x: Double = 200, y: Double = Pages.centreY, through xs: [Double] = [], holdFrames: Int64 = 0,
                lift: Bool = true) throws -> (touch: Touch, down: Int64, lift: Int64) {
        let down = world.frame + 1
        let touch = world.touches.begin(at: Point(x: x, y: y), time: frameTime(ahead: 1))
        for (i, next) in xs.enumerated() {
            try world.touches.move(touch, to: Point(x: next, y: y), at: frameTime(ahead: 2 + Int64(i)))
        }
        let liftAhead = 1 + Int64(xs.count) + holdFrames
        if lift { try world.touches.end(touch, at: frameTime(ahead: liftAhead)) }
        return (touch, down, down + liftAhead - 1)
    }

    /// A finger that goes down at x = `x` and moves `step` points per frame for `count` frames,
    /// lifting with the last sample (or `holdFrames` later). Steps through the lift frame and
    /// returns the lift's `touch.ended` event; the log then holds only that frame's events.
    @discardableResult
    func swipe(from x: Double = 200, by step: Double, count: Int, holdFrames: Int64 = 0,
               sourceLocation: SourceLocation = #_sourceLocation) throws -> WorldEvent {
        let (_, _, lift) = try finger(x: x, through: Self.path(from: x, by: step, count: count), holdFrames: holdFrames)
        self.step(through: lift - 1)
        #expect(engine.state == .dragging, sourceLocation: sourceLocation)
        clearEvents()
        self.step()
        return try #require(events("touch.ended").first, sourceLocation: sourceLocation)
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

    /// `pager.changed` on the current frame.
    func changed(offset: Double) -> WorldEvent {
        now("pager.changed", [("pager", .string(engine.name)), ("offset", .number(offset))])
    }

    /// `pager.state_changed` on the current frame.
    func stateChanged(_ state: String, page: Int? = nil) -> WorldEvent {
        var payload: [(String, EventValue)] = [("pager", .string(engine.name)), ("state", .string(state))]
        if let page { payload.append(("page", .integer(Int64(page)))) }
        return now("pager.state_changed", payload)
    }

    /// `pager.page_changed` on the current frame.
    func pageChanged(_ page: Int, previous: Int) -> WorldEvent {
        now("pager.page_changed", [("pager", .string(engine.name)), ("page", .integer(Int64(page))), ("previous", .integer(Int64(previous)))])
    }

    /// `pager.settled` on the current frame.
    func settled(_ page: Int, offset: Double) -> WorldEvent {
        now("pager.settled", [("pager", .string(engine.name)), ("page", .integer(Int64(page))), ("offset", .number(offset))])
    }

    /// `touch.began` on the current frame.
    func touchBegan(_ touch: Touch, part: String?) -> WorldEvent {
        var payload: [(String, EventValue)] = [("touch", .integer(Int64(touch.id))), ("x", .number(touch.start.x)), ("y", .number(touch.start.y))]
        if let part { payload.append(("part", .string(part))) }
        return now("touch.began", payload)
    }
}

/// The integer in an event field, or nil when the field is missing or not an integer.
func integer(_ event: WorldEvent?, _ key: String) -> Int? {
    guard case let .integer(value)? = event?[key] else { return nil }
    return Int(value)
}

/// SPEC §15's choice written out independently of the engine: the page (from 1) nearest
/// `projection` among `pages` pages `stride` apart, clamped to the pages.
func nearestPage(to projection: Double, stride: Double = Pages.stride, pages: Int) -> Int {
    var best = 1
    for page in 1...pages where abs(Double(page - 1) * stride - projection) < abs(Double(best - 1) * stride - projection) { best = page }
    return best
}
