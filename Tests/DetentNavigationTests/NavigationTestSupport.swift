import Testing
// Re-exported: every file of this target uses its shared expectations and formulas.
@_exported import DetentTestSupport
import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentNavigation

// MARK: Devices

// MARK: Time

/// Target timestamp of the `frame`-th tick of a 60 Hz display that dropped no frame, ns.
func frameTime(_ frame: Int64) -> Nanoseconds {
    frame * VirtualTime.nanosecondsPerSecond / 60
}

/// The eased push/pop progress the engine must show at `time` for a transition that started
/// at `start`: sheet(elapsed / 0.35 s), or 1 once the duration has passed.
func sheetProgress(at time: Nanoseconds, start: Nanoseconds) -> Double {
    let linear = VirtualTime.seconds(time - start) / 0.35
    return linear >= 1 ? 1 : CubicBezier.sheet.value(at: linear)
}

/// The outgoing screen's resting place after a push: −0.3·width.
let parallaxEnd = -0.3 * 393.0

// MARK: Comparisons


// MARK: Screens

/// A screen with a navigation item set up for bar tests.
func makeScreen(_ id: String, largeTitle: Bool = false, prompt: String? = nil) -> Screen {
    let screen = Screen(id: id, title: id.uppercased())
    if largeTitle { screen.navigationItem.largeTitle = .always }
    screen.navigationItem.prompt = prompt
    return screen
}

// MARK: Harness

/// Every event the world delivered, in order.
final class EventLog {
    var events: [WorldEvent] = []
}

/// A world with a navigation engine attached (`NavigationEngine(world:defaults:)`, then
/// `attach(to:)`), recording every event it delivers.
final class NavigationHarness {
    let world: World
    let engine: NavigationEngine
    let log = EventLog()

    init(device: DeviceProfile = TestDevices.phone(), orientation: Orientation = .portrait, inSheet: Bool = false) {
        world = World(configuration: WorldConfiguration(device: device, orientation: orientation))
        engine = NavigationEngine(world: world, defaults: NavigationDefaults(), placement: inSheet ? .sheet : .window)
        engine.attach(to: world)
        let log = self.log
        world.observe { log.events.append($0) }
    }

    /// Makes a plain screen per id, sets them as the stack without animation, delivers the
    /// events of the set and then forgets them, so a test sees only what it does next.
    @discardableResult
    func start(with ids: String...) throws -> [Screen] {
        let screens = ids.map { makeScreen($0) }
        try start(with: screens)
        return screens
    }

    func start(with screens: [Screen]) throws {
        try engine.set(screens, animated: false, in: world)
        world.flushEvents()
        log.events.removeAll()
    }

    /// Delivers events emitted by requests made between ticks (what the next tick would do).
    func flush() { world.flushEvents() }

    func step(_ count: Int = 1) {
        for _ in 0..<count { world.step() }
    }

    /// Steps until the engine has no transition, returning the frame that ended it.
    @discardableResult
    func stepUntilSettled(limit: Int = 600) -> Int64 {
        for _ in 0..<limit where engine.isTransitioning { world.step() }
        return world.frame
    }

    func events(_ name: String) -> [WorldEvent] { log.events.filter { $0.name == name } }

    /// `screen.lifecycle` events as "id call", in the order they were emitted.
    var lifecycleCalls: [String] {
        events("screen.lifecycle").map { "\($0["screen"]?.description ?? "?") \($0["call"]?.description ?? "?")" }
    }

    func clearEvents() { log.events.removeAll() }

    var stackIDs: [String] { engine.stack.map(\.id) }

    /// Schedules an edge swipe at `y`: the finger goes down at `startX` on the next frame,
    /// moves to each of `xs` one frame (1/60 s) apart, and lifts `holdFrames` frames after the
    /// last move (a hold longer than 40 ms makes the tracker's release velocity 0). Returns the
    /// touch and the frame on which it lifts.
    @discardableResult
    func swipe(from startX: Double = 10, y: Double = 400, through xs: [Double], holdFrames: Int64 = 0) throws -> (touch: Touch, liftFrame: Int64) {
        let down = world.frame + 1
        let touch = world.touches.begin(at: Point(x: startX, y: y), time: frameTime(down))
        for (i, x) in xs.enumerated() {
            try world.touches.move(touch, to: Point(x: x, y: y), at: frameTime(down + 1 + Int64(i)))
        }
        let lift = down + Int64(xs.count) + holdFrames
        try world.touches.end(touch, at: frameTime(lift))
        return (touch, lift)
    }

    /// Puts a finger down at (`x`, `y`), due on the next frame, and steps that frame.
    func touchDown(x: Double, y: Double = 400) -> Touch {
        let touch = world.touches.begin(at: Point(x: x, y: y), time: frameTime(world.frame + 1))
        world.step()
        return touch
    }

    /// Moves a finger to (`x`, its y) on the next frame, and steps that frame.
    func move(_ touch: Touch, toX x: Double) throws {
        try world.touches.move(touch, to: Point(x: x, y: touch.location.y), at: frameTime(world.frame + 1))
        world.step()
    }

    /// Steps to (and including) `frame`.
    func step(through frame: Int64) {
        while world.frame < frame { world.step() }
    }
}
