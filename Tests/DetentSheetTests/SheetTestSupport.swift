import Testing
import DetentTestSupport
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

/// Expects `actual` to be within `tolerance` of `expected`.
func expectClose(_ actual: Double?, _ expected: Double, tolerance: Double = 1e-9,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    guard let actual else {
        Issue.record("expected \(expected), got nil", sourceLocation: sourceLocation)
        return
    }
    #expect(abs(actual - expected) <= tolerance, "expected \(expected), got \(actual)", sourceLocation: sourceLocation)
}
