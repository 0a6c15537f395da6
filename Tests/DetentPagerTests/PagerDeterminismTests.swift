import Testing
import DetentWorld
@testable import DetentPager

/// Two worlds given the same gestures produce the same offsets, tick for tick, and the same
/// events: the engine reads no clock and keeps no hidden state between runs.
@Suite("Pager determinism")
struct PagerDeterminismTests {
    /// A hard flick, a catch mid-flight, a slow drag back and a release; every tick's offset
    /// and every event.
    static func run() throws -> (offsets: [Double], events: [WorldEvent]) {
        let h = try PagerHarness(pages: 8, at: 2)
        var offsets: [Double] = []
        let (_, _, lift) = try h.finger(through: PagerHarness.path(from: 250, by: -40, count: 6))
        while h.world.frame < lift + 12 { h.step(); offsets.append(h.engine.offset) }
        let (_, _, second) = try h.finger(through: PagerHarness.path(from: 200, by: 7, count: 9), holdFrames: 1)
        while h.world.frame < second { h.step(); offsets.append(h.engine.offset) }
        while h.engine.isBusy { h.step(); offsets.append(h.engine.offset) }
        return (offsets, h.log.events)
    }

    @Test func identicalRunsGiveIdenticalOffsetsPerTick() throws {
        let first = try Self.run(), second = try Self.run()
        #expect(first.offsets.count > 40)
        #expect(first.offsets == second.offsets)
        #expect(first.events == second.events)
        #expect(Set(first.offsets).count > 20, "the pages moved")
    }
}
