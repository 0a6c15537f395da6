import Foundation
import Testing
// Re-exported: every file of this target uses its shared expectations and formulas.
@_exported import DetentTestSupport
import DetentLayout
import DetentMotion
import DetentNavigation
import DetentTime
import DetentWorld
@testable import DetentSheet

/// Heights on `TestDevices.phone()` (393×852, insets 59/34) with the sheet's 56 pt bar.
enum Height {
    static let screen = 852.0
    static let cap = 793.0           // 852 − 59
    static let medium = 426.0        // 852 · 0.5
    static let bar = 56.0
    static let bottomInset = 34.0
    /// bar + content + bottom inset for a screen of `content` points.
    static func content(_ content: Double) -> Double { min(cap, bar + content + bottomInset) }
}

/// A world with a sheet attached the way scripts get one: `SheetEngine(world:defaults:
/// navigationDefaults:)`, `attach(to:)`, its navigation set to `screens` without animation.
/// Records every delivered event.
final class SheetHarness {
    let world: World
    let sheet: SheetEngine
    var events: [WorldEvent] = []

    init(contentHeights: [Double] = [300], defaults: SheetDefaults = SheetDefaults()) throws {
        world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        sheet = SheetEngine(world: world, defaults: defaults, navigationDefaults: NavigationDefaults())
        sheet.attach(to: world)
        let screens = contentHeights.enumerated().map { i, h in
            Screen(id: "s\(i + 1)", title: nil, content: .scroll(ScrollContent(contentHeight: h)))
        }
        try sheet.navigation.set(screens, animated: false, in: world)
        world.observe { [unowned self] in events.append($0) }
    }

    /// Presents at once at `detent` (default: the smallest) and forgets the set-up's events.
    func presented(detent: String? = nil) throws -> SheetHarness {
        try sheet.present(detent: detent, animated: false, in: world)
        world.step()
        events.removeAll()
        return self
    }

    func step(_ count: Int = 1) {
        for _ in 0..<count { world.step() }
    }

    /// Steps until the sheet is idle, returning how many frames that took.
    @discardableResult
    func stepUntilIdle(limit: Int = 600) -> Int {
        var frames = 0
        while sheet.isBusy || sheet.navigation.isBusy, frames < limit { world.step(); frames += 1 }
        return frames
    }

    /// Target timestamp of the frame `ahead` frames after the last one delivered, ns.
    func frameTime(ahead: Int64) -> Nanoseconds {
        world.displayLink.time(ofGridIndex: world.displayLink.gridIndex + ahead)
    }

    /// A finger down at (`x`, `y`) on the next frame, then at each of `ys` one frame apart,
    /// lifted `holdFrames` frames after the last sample. Steps until it has lifted.
    func finger(x: Double = 196, y: Double, through ys: [Double], holdFrames: Int64 = 0) throws {
        let touch = world.touches.begin(at: Point(x: x, y: y), time: frameTime(ahead: 1))
        for (i, next) in ys.enumerated() {
            try world.touches.move(touch, to: Point(x: x, y: next), at: frameTime(ahead: 2 + Int64(i)))
        }
        let liftAhead = 1 + Int64(ys.count) + holdFrames
        try world.touches.end(touch, at: frameTime(ahead: liftAhead))
        step(Int(liftAhead))
    }

    func names(_ prefix: String = "sheet.") -> [String] { events.map(\.name).filter { $0.hasPrefix(prefix) } }
}


// MARK: SPEC formulas, written out so that tests do not borrow the engine's arithmetic



/// The settling spring of SPEC §6 (mass 1, stiffness 200, damping ratio 1), critically
/// damped: x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt), ω = √200, x measured from the target.
enum SettlingSpring {
    static let omega = (200.0).squareRoot()
    static func displacement(x0: Double, v0: Double, t: Double) -> Double {
        (x0 + (v0 + omega * x0) * t) * exp(-omega * t)
    }
    static func velocity(x0: Double, v0: Double, t: Double) -> Double {
        (v0 - omega * (v0 + omega * x0) * t) * exp(-omega * t)
    }
}

/// Seconds of one 60 Hz frame.
let frameSeconds = 1.0 / 60

// MARK: Events


/// The string in an event field, or nil.
func string(_ event: WorldEvent?, _ key: String) -> String? {
    guard case let .string(value)? = event?[key] else { return nil }
    return value
}

/// The boolean in an event field, or nil.
func boolean(_ event: WorldEvent?, _ key: String) -> Bool? {
    guard case let .boolean(value)? = event?[key] else { return nil }
    return value
}

extension SheetHarness {
    func events(_ name: String) -> [WorldEvent] { events.filter { $0.name == name } }
    func clearEvents() { events.removeAll() }

    /// Declares detents before presenting, returning self for chaining.
    func withDetents(_ specs: [(name: String, spec: SheetDetentSpec)]) throws -> SheetHarness {
        try sheet.setDetents(specs, in: world)
        return self
    }

    /// The screen at `index` of the sheet's stack.
    func screen(_ index: Int = 0) -> Screen { sheet.navigation.stack[index] }

    /// Sets a screen's scrollable content height between frames (no animation flag: a plain
    /// content change).
    func setContent(_ height: Double, of screen: Screen? = nil) {
        let s = screen ?? sheet.navigation.topScreen!
        s.content = .scroll(ScrollContent(contentHeight: height))
    }

    /// Schedules a finger without stepping: down at (`x`, `y`) on the next frame, then at each
    /// of `ys` one frame apart, lifting `holdFrames` frames after the last sample (unless
    /// `lift` is false). Returns the touch and how many frames ahead it lifts.
    @discardableResult
    func schedule(x: Double = 196, y: Double, through ys: [Double] = [], holdFrames: Int64 = 0,
                  lift: Bool = true) throws -> (touch: Touch, liftAhead: Int64) {
        let touch = world.touches.begin(at: Point(x: x, y: y), time: frameTime(ahead: 1))
        for (i, next) in ys.enumerated() {
            try world.touches.move(touch, to: Point(x: x, y: next), at: frameTime(ahead: 2 + Int64(i)))
        }
        let liftAhead = 1 + Int64(ys.count) + holdFrames
        if lift { try world.touches.end(touch, at: frameTime(ahead: liftAhead)) }
        return (touch, liftAhead)
    }

    /// A tap at (`x`, `y`): down on the next frame, up on the one after. Steps both frames.
    func tap(x: Double = 196, y: Double) throws {
        try schedule(x: x, y: y, holdFrames: 1)
        step(2)
    }
}

/// Positions from `start` (exclusive) by `step` per sample, `count` samples.
func path(from start: Double, by step: Double, count: Int) -> [Double] {
    (1...count).map { start + step * Double($0) }
}
