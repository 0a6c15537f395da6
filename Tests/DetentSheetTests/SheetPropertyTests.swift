import Testing
import DetentLayout
import DetentNavigation
import DetentWorld
@testable import DetentSheet

/// Invariants over random sequences of what scripts and fingers do (seeded LCG): every
/// frame the height is finite and within [0, 852], and so is the dimming within [0, 0.4];
/// a sheet at rest (nothing animating) is exactly at its detent's height.
@Suite("Sheet: invariants")
struct SheetPropertyTests {
    static let detentPool: [(name: String, spec: SheetDetentSpec)] = [
        ("content", .content), ("medium", .medium), ("large", .large), ("h200", .height(200)), ("h600", .height(600)),
    ]

    final class Run {
        let h: SheetHarness
        var random: LCG
        var failures: [String] = []
        var frames = 0
        var nextScreen = 0
        var statesSeen: Set<String> = []
        init(seed: UInt64) throws {
            h = try SheetHarness(contentHeights: [300])
            random = LCG(seed: seed)
        }

        func check(_ what: String) {
            let s = h.sheet
            statesSeen.insert(s.state.name)
            if !(s.height.isFinite && (0...852).contains(s.height)) { failures.append("frame \(h.world.frame) after \(what): height \(s.height)") }
            if !(s.dimmingAlpha.isFinite && (0...0.4).contains(s.dimmingAlpha)) { failures.append("frame \(h.world.frame) after \(what): dimming \(s.dimmingAlpha)") }
            if !s.velocity.isFinite { failures.append("frame \(h.world.frame) after \(what): velocity \(s.velocity)") }
            if case let .resting(d) = s.state, !s.isBusy, !s.navigation.isBusy, s.height != s.detentHeight(d) {
                failures.append("frame \(h.world.frame) after \(what): resting at \(d) (\(s.detentHeight(d) ?? .nan)) with height \(s.height)")
            }
            if s.state == .hidden, s.height != 0 { failures.append("frame \(h.world.frame) after \(what): hidden at height \(s.height)") }
        }

        func step(_ n: Int, after what: String) {
            for _ in 0..<n { h.step(); frames += 1; check(what) }
        }

        func bool() -> Bool { random.next(in: 0...1) == 1 }

        func act() throws {
            let s = h.sheet, w = h.world
            switch random.next(in: 0...11) {
            case 0: step(random.next(in: 1...20), after: "waiting")
            case 1: try s.present(animated: bool(), in: w)
            case 2: s.dismiss(animated: bool(), in: w)
            case 3, 4:
                // A finger on the grabber or the content, random path, lifted.
                let y = min(851, s.top + (bool() ? 5 : 150))
                let ys = (0..<random.next(in: 1...12)).map { _ in min(851, max(1, y + Double(random.next(in: -400...400)))) }
                let (_, lift) = try h.schedule(y: y, through: ys, holdFrames: Int64(random.next(in: 0...3)))
                step(Int(lift), after: "finger")
            case 5: h.setContent(Double(random.next(in: 0...1200)))
            case 6:
                if !s.navigation.isTransitioning, s.navigation.stack.count < 4 {
                    nextScreen += 1
                    let screen = Screen(id: "r\(nextScreen)", content: .scroll(ScrollContent(contentHeight: Double(random.next(in: 0...1200)))))
                    if bool() { screen.navigationItem.largeTitle = .always }
                    try s.navigation.push(screen, animated: bool(), in: w)
                }
            case 7: s.navigation.pop(animated: bool(), in: w)
            case 8:
                var picked = Self.pool.filter { _ in bool() }
                if picked.isEmpty { picked = [Self.pool[random.next(in: 0...4)]] }
                try s.setDetents(picked, in: w)
            case 9: s.navigation.setBarHidden(bool(), animated: bool(), in: w)
            case 10:
                if s.isPresented { try s.animate(toDetent: s.detentNames[random.next(in: 0...(s.detentNames.count - 1))], in: w) }
            default: step(1, after: "a frame")
            }
        }
        static let pool = SheetPropertyTests.detentPool
    }

    @Test(arguments: [UInt64(1), 2, 3, 0x5EED, 0xBADC0DE])
    func heightStaysFiniteOnScreenAndExactAtRest(seed: UInt64) throws {
        let run = try Run(seed: seed)
        for _ in 0..<300 { try run.act(); run.step(1, after: "act") }
        run.step(0, after: "end")
        // Let everything finish, then the rest invariant must hold.
        run.h.stepUntilIdle(limit: 2000)
        run.check("idle")
        #expect(run.statesSeen.isSuperset(of: ["hidden", "presenting", "resting", "dragging", "settling", "dismissing"]),
                "the walk visits every state: \(run.statesSeen.sorted())")
        #expect(run.failures.isEmpty, "\(run.failures.count) failures over \(run.frames) frames; first: \(run.failures.prefix(3))")
    }
}
