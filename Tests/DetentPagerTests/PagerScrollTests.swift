import Testing
import DetentWorld
@testable import DetentPager

/// `scroll(toPage:animated:)`: animated by the settling spring from rest, or at once.
@Suite("Pager: programmatic scrolling")
struct PagerScrollTests {
    @Test func animatedItSettlesFromRestToThePage() throws {
        let h = try PagerHarness(at: 1)
        try h.engine.scroll(toPage: 3, animated: true, in: h.world)
        #expect(h.engine.state == .settling(page: 3))
        let spring = try #require(h.engine.spring)
        #expect(spring.spring.initialVelocity == 0)
        #expect(spring.target == 640)
        h.world.flushEvents()
        #expect(h.log.events == [h.stateChanged("settling")])
        h.clearEvents()
        h.stepUntilResting()
        #expect(h.engine.offset == 640)
        #expect(h.log.events == [h.stateChanged("resting", page: 3), h.pageChanged(3, previous: 1), h.settled(3, offset: 640)])
    }

    @Test func notAnimatedItMovesAtOnce() throws {
        let h = try PagerHarness(at: 1)
        try h.engine.scroll(toPage: 3, animated: false, in: h.world)
        #expect(h.engine.offset == 640)
        #expect(h.engine.state == .resting(page: 3))
        #expect(!h.engine.isBusy)
        h.world.flushEvents()
        #expect(h.log.events == [h.changed(offset: 640), h.stateChanged("resting", page: 3), h.pageChanged(3, previous: 1)])
    }

    @Test func notAnimatedItStopsARunningSpring() throws {
        let h = try PagerHarness(at: 1)
        try h.engine.scroll(toPage: 4, animated: true, in: h.world)
        h.step(5)
        try h.engine.scroll(toPage: 2, animated: false, in: h.world)
        #expect(h.engine.spring == nil)
        #expect(h.engine.offset == 320)
        #expect(h.engine.state == .resting(page: 2))
        h.step(10)
        #expect(h.engine.offset == 320)
    }

    @Test func animatedToThePageItRestsOnNothingHappens() throws {
        let h = try PagerHarness(at: 2)
        try h.engine.scroll(toPage: 2, animated: true, in: h.world)
        #expect(h.engine.state == .resting(page: 2))
        h.world.flushEvents()
        #expect(h.log.events.isEmpty)
    }

    @Test func itTakesThePagesFromAFinger() throws {
        let h = try PagerHarness(at: 1)
        let (touch, _, _) = try h.finger(through: [150], lift: false)
        h.step(2)
        #expect(h.engine.offset == 50)
        try h.engine.scroll(toPage: 3, animated: true, in: h.world)
        h.clearEvents()
        try h.world.touches.move(touch, to: Point(x: 100, y: Pages.centreY), at: h.frameTime(ahead: 1))
        try h.world.touches.end(touch, at: h.frameTime(ahead: 1))
        h.step()
        #expect(h.events("pager.changed").isEmpty, "the finger no longer moves the pages")
        #expect(h.events("pager.ended").isEmpty)
        h.stepUntilResting()
        #expect(h.engine.offset == 640)
    }

    @Test func anUnknownPageThrowsAndChangesNothing() throws {
        let h = try PagerHarness(at: 2)
        #expect(throws: PagerError.unknownPage(6, pages: 5)) { try h.engine.scroll(toPage: 6, animated: true, in: h.world) }
        #expect(throws: PagerError.unknownPage(0, pages: 5)) { try h.engine.scroll(toPage: 0, animated: false, in: h.world) }
        #expect(h.engine.state == .resting(page: 2))
        #expect(h.engine.offset == 320)
    }
}
