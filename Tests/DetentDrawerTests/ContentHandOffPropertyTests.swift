import Testing
import DetentWorld
@testable import DetentDrawer

/// SPEC §6: either the drawer moves or the content scrolls — a single finger movement never
/// changes both (the engine does not feed its own offset correction back into the rule).
/// Checked on 1,000 movements from a fixed LCG, from the middle, dy in −40…40 pt.
@Suite("Drawer content hand-off: property")
struct ContentHandOffPropertyTests {
    struct Step {
        var index: Int
        var dy: Double
        var origin: Double, offset: Double            // before
        var newOrigin: Double, newOffset: Double      // after
        var changesBoth: Bool { newOrigin != origin && newOffset != offset }
        /// A pull (rule 2) that starts from an offset other than the content's top (0 here):
        /// the reset to the top is then itself a change of the offset.
    }

    static func walk(seed: UInt64 = 0x5EED, count: Int = 1000) throws -> [Step] {
        let h = DrawerHarness()
        try h.start(at: "middle")
        var random = LCG(seed: seed)
        var steps: [Step] = []
        for index in 0..<count {
            let dy = Double(random.next(in: -40...40))
            let origin = h.engine.origin, offset = h.engine.content.offset
            h.engine.contentDragged(by: dy, in: h.world)
            steps.append(Step(index: index, dy: dy, origin: origin, offset: offset,
                              newOrigin: h.engine.origin, newOffset: h.engine.content.offset))
        }
        return steps
    }

    @Test func theWalkExercisesEveryRule() throws {
        let steps = try Self.walk()
        #expect(steps.contains { $0.newOrigin < $0.origin }, "the drawer moved up")
        #expect(steps.contains { $0.newOrigin > $0.origin }, "the drawer moved down")
        #expect(steps.contains { $0.newOffset != $0.offset && $0.newOrigin == $0.origin }, "the content scrolled")
    }

    @Test func theDrawerStaysWithinItsLimits() throws {
        for step in try Self.walk() {
            #expect((59...774).contains(step.newOrigin), "step \(step.index)")
        }
    }

    @Test func noSingleMovementChangesBothOriginAndOffset() throws {
        let steps = try Self.walk()
        let both = steps.filter(\.changesBoth)
        #expect(both.isEmpty, "\(both.count) of \(steps.count) movements changed both, first: \(both.first.map { "\($0)" } ?? "-")")
    }
}
