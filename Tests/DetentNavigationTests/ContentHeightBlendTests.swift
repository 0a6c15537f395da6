import Testing
import DetentLayout
import DetentWorld
@testable import DetentNavigation

/// Issue 11 §7: `content_height` during a push or pop blends the outgoing screen's content
/// height into the incoming one's with the progress; when either changes mid-transition it
/// bends through the height on show instead of jumping onto the new line.
@Suite("Content height during a transition")
struct ContentHeightBlendTests {
    // MARK: The blend

    @Test func withoutAChangeItIsTheLineBetweenTheEnds() {
        let blend = ContentHeightBlend(from: 100, to: 300)
        #expect(blend.height(at: 0) == 100)
        #expect(blend.height(at: 0.25) == 150)
        #expect(blend.height(at: 1) == 300)
    }

    @Test func aChangeKeepsTheHeightOnShowAndRunsToTheNewEndWithTheRestOfTheProgress() {
        var blend = ContentHeightBlend(from: 100, to: 300)
        blend.follow(from: 100, to: 600, at: 0.5)            // 200 on show
        #expect(blend.height(at: 0.5) == 200)
        #expect(blend.height(at: 0.75) == 400)               // 200 + 400 · 0.25/0.5
        #expect(blend.height(at: 1) == 600)
    }

    @Test func belowTheBendItRunsBackToTheOutgoingHeight() {
        var blend = ContentHeightBlend(from: 100, to: 300)
        blend.follow(from: 40, to: 300, at: 0.5)             // 200 on show; outgoing now 40
        #expect(blend.height(at: 0.25) == 120)               // 40 + 160 · 0.5
        #expect(blend.height(at: 0) == 40)
    }

    @Test func aSecondChangeBendsWhereTheFirstBendShows() {
        var blend = ContentHeightBlend(from: 100, to: 300)
        blend.follow(from: 100, to: 600, at: 0.5)
        blend.follow(from: 100, to: 200, at: 0.75)           // 400 on show
        #expect(blend.height(at: 0.75) == 400)
        #expect(blend.height(at: 1) == 200)
        #expect(blend.height(at: 0) == 100)
    }

    @Test(arguments: [0.0, 1.0])
    func atEitherEndThereIsNothingToBend(progress: Double) {
        var blend = ContentHeightBlend(from: 100, to: 300)
        blend.follow(from: 50, to: 500, at: progress)
        #expect(blend.height(at: 0) == 50)
        #expect(blend.height(at: 0.5) == 275)
        #expect(blend.height(at: 1) == 500)
    }

    // MARK: The engine

    /// [a] pushing b, stepped `frames` frames into the push.
    static func pushing(_ a: Double, _ b: Double, frames: Int) throws -> (NavigationHarness, Screen) {
        let h = NavigationHarness()
        try h.start(with: [Screen(id: "a", content: .scroll(ScrollContent(contentHeight: a)))])
        let pushed = Screen(id: "b", content: .scroll(ScrollContent(contentHeight: b)))
        try h.engine.push(pushed, animated: true, in: h.world)
        h.step(frames)
        return (h, pushed)
    }

    @Test func aChangeBetweenFramesLeavesTheHeightOnShowUntilTheProgressMoves() throws {
        let (h, b) = try Self.pushing(100, 300, frames: 6)
        let p = h.engine.progress, shown = h.engine.contentHeight
        expectClose(shown, 100 + 200 * p)
        b.content = .scroll(ScrollContent(contentHeight: 600))
        #expect(h.engine.contentHeight == shown)
        h.step()
        let q = h.engine.progress
        expectClose(h.engine.contentHeight, shown + (600 - shown) * (q - p) / (1 - p))
        // Before the fix the line jumped to 100 + 500 · q.
        #expect(h.engine.contentHeight < 100 + 500 * q - 100)
    }

    @Test func thePushEndsOnTheNewHeight() throws {
        let (h, b) = try Self.pushing(100, 300, frames: 6)
        b.content = .scroll(ScrollContent(contentHeight: 600))
        var previous = h.engine.contentHeight
        while h.engine.isTransitioning {
            h.step()
            #expect(h.engine.contentHeight >= previous)
            previous = h.engine.contentHeight
        }
        #expect(h.engine.contentHeight == 600)
    }

    @Test func aCancelledInteractivePopEndsExactlyOnTheScreenItReturnsTo() throws {
        let h = NavigationHarness()
        let a = Screen(id: "a", content: .scroll(ScrollContent(contentHeight: 200)))
        let b = Screen(id: "b", content: .scroll(ScrollContent(contentHeight: 400)))
        try h.start(with: [a, b])
        let touch = h.touchDown(x: 10)
        try h.move(touch, toX: 10 + 196.5)                   // progress 0.5: 300 on show
        expectClose(h.engine.contentHeight, 300)
        a.content = .scroll(ScrollContent(contentHeight: 100))
        try h.move(touch, toX: 10 + 98.25)                   // back to 0.25, below the bend
        expectClose(h.engine.contentHeight, 350)             // 400 + (300 − 400) · 0.5
        try h.world.touches.end(touch, at: frameTime(h.world.frame + 10))
        h.stepUntilSettled()
        #expect(h.stackIDs == ["a", "b"])
        #expect(h.engine.contentHeight == 400)
    }
}
