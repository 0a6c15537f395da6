import Testing
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentPager

/// SPEC §15 settling: the release spring (mass 1, stiffness 200, damping ratio 1) carries the
/// offset to the chosen page; when it has settled (SPEC §2) the offset is written exactly as
/// the page's, the pager rests and `pager.page_changed` tells the new page once.
@Suite("Pager settling")
struct PagerSettlingTests {
    @Test func itEndsExactlyOnThePageWhenTheSpringHasSettled() throws {
        let h = try PagerHarness(at: 1)
        let touchEnded = try h.swipe(by: -10, count: 6)
        let velocity = -(try #require(number(touchEnded, "vx")))
        let start = h.world.time
        let settleTime = Spring(parameters: settlingSpring, displacement: 60 - 320, velocity: velocity).settleTime
        var ahead: Int64 = 1
        while VirtualTime.seconds(h.frameTime(ahead: ahead)) - VirtualTime.seconds(start) < settleTime { ahead += 1 }
        let settleFrame = h.world.frame + ahead
        h.clearEvents()
        h.step(through: settleFrame - 1)
        #expect(h.log.events.isEmpty, "nothing is emitted while the spring runs")
        #expect(h.engine.state == .settling(page: 2))
        #expect(h.engine.offset != 320)
        h.step()
        #expect(h.engine.offset == 320)
        #expect(h.engine.velocity == 0)
        #expect(h.engine.spring == nil)
        #expect(h.engine.state == .resting(page: 2))
        #expect(!h.engine.isBusy)
        #expect(h.log.events == [h.stateChanged("resting", page: 2), h.pageChanged(2, previous: 1), h.settled(2, offset: 320)])
    }

    @Test func pageChangedIsEmittedOnceForTheWholeGesture() throws {
        let h = try PagerHarness(pages: 8, at: 1)
        h.clearEvents()
        let (_, _, lift) = try h.finger(through: PagerHarness.path(from: 200, by: -45, count: 6))
        h.step(through: lift)
        #expect(h.engine.targetPage! >= 5, "the spring passes several pages")
        h.stepUntilResting()
        h.step(30)
        #expect(h.events("pager.page_changed").count == 1)
        #expect(integer(h.events("pager.page_changed").first, "previous") == 1)
        #expect(integer(h.events("pager.page_changed").first, "page") == h.engine.page)
        #expect(h.engine.restingPage == h.engine.page)
    }

    @Test func theSpringDoesNotOvershootAGentleRelease() throws {
        let h = try PagerHarness(at: 1)
        try h.swipe(by: -10, count: 6)
        var previous = h.engine.offset
        while h.engine.isBusy {
            h.step()
            #expect(h.engine.offset <= 320, "no overshoot past page 2")
            #expect(h.engine.offset >= previous, "monotonic toward the page")
            previous = h.engine.offset
        }
        #expect(h.engine.offset == 320)
    }

    @Test func afterwardsItRestsAndTheWorldMayFastForward() throws {
        let h = try PagerHarness(at: 1)
        try h.swipe(by: -10, count: 6)
        h.stepUntilResting()
        h.clearEvents()
        h.step(30)
        #expect(h.log.events.isEmpty)
        #expect(h.engine.state == .resting(page: 2))
        #expect(!h.world.isBusy)
    }
}

/// SPEC §15 interruptions, as the drawer's (§6): a finger on a settling pager stops the
/// spring where it is shown, keeps its velocity as `interrupted_velocity`, and the drag goes
/// on from there.
@Suite("Pager: catching a settling pager")
struct PagerCatchTests {
    @Test func aFingerStopsTheSpringAndReportsItsVelocity() throws {
        let h = try PagerHarness(at: 1)
        try h.engine.scroll(toPage: 4, animated: true, in: h.world)
        h.step(6)
        let caughtAt = h.engine.offset, velocity = h.engine.velocity
        #expect(velocity > 500, "the spring is moving fast toward page 4")
        h.clearEvents()
        let (touch, _, _) = try h.finger(lift: false)
        h.step()
        #expect(h.engine.state == .dragging)
        #expect(h.engine.spring == nil)
        #expect(h.engine.velocity == 0)
        #expect(h.engine.interruptedVelocity == velocity)
        #expect(h.engine.offset == caughtAt, "the spring stops where it was shown")
        #expect(h.log.events == [
            h.touchBegan(touch, part: "page"),
            h.stateChanged("dragging"),
            h.now("pager.began", [("pager", .string("pager")), ("offset", .number(caughtAt)), ("interrupted_velocity", .number(velocity))]),
        ])
    }

    @Test func theDragContinuesFromWhereTheSpringStopped() throws {
        let h = try PagerHarness(at: 1)
        try h.engine.scroll(toPage: 4, animated: true, in: h.world)
        h.step(6)
        let caughtAt = h.engine.offset
        let (touch, _, _) = try h.finger(lift: false)
        h.step(4)
        #expect(h.engine.offset == caughtAt, "a still finger holds the pages")
        try h.world.touches.move(touch, to: Point(x: 170, y: Pages.centreY), at: h.frameTime(ahead: 1))
        h.step()
        #expect(h.engine.offset == caughtAt + 30)
        try h.world.touches.end(touch, at: h.frameTime(ahead: 4))
        h.step(4)
        #expect(h.engine.state == .settling(page: h.engine.geometry.nearestPage(to: caughtAt + 30)), "a still release: the nearest page")
    }

    @Test func aFingerCatchingThePagesPastAnEndStartsFromWhereTheyAreShown() throws {
        let h = try PagerHarness(at: 5)
        try h.swipe(by: -20, count: 4)
        h.step()
        let shown = h.engine.offset
        #expect(shown > 1280, "still past the last page")
        try h.finger(through: [190], lift: false)
        h.step()
        #expect(h.engine.offset == shown)
        h.step()
        // The pan starts from the unbanded offset that shows `shown`: 10 more points of drag
        // show b(x + 10) for that x.
        let x = RubberBand.distance(forOffset: shown - 1280, dimension: 300)
        expectClose(h.engine.offset, 1280 + rubberBand(x + 10, dimension: 300), tolerance: 1e-6)
    }
}
