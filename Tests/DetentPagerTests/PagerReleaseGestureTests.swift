import Testing
import DetentMotion
import DetentWorld
@testable import DetentPager

/// SPEC §15 release through real touches: the offset-space velocity is the tracker's x
/// velocity negated; `pager.ended` reports it with the projection, the page and its offset;
/// the pager starts settling on the lift frame. 5 pages 320 pt apart unless said.
@Suite("Pager release: gestures")
struct PagerReleaseGestureTests {
    /// The `pager.ended` of the current log.
    static func ended(_ h: PagerHarness, sourceLocation: SourceLocation = #_sourceLocation) throws -> WorldEvent {
        try #require(h.events("pager.ended").first, sourceLocation: sourceLocation)
    }

    @Test func aSlowReleasePastHalfwayGoesToTheNextPage() throws {
        let h = try PagerHarness(at: 1)
        // 10 × 17 pt to the left: offset 170, held 3 frames (50 ms > 40 ms), so v = 0.
        let touchEnded = try h.swipe(by: -17, count: 10, holdFrames: 3)
        #expect(touchEnded["vx"] == .number(0))
        #expect(h.engine.offset == 170)
        #expect(h.log.events.filter { $0.name.hasPrefix("pager.") } == [
            h.now("pager.ended", [("pager", .string("pager")), ("velocity", .number(0)), ("projection", .number(170)),
                                  ("page", .integer(2)), ("target", .number(320))]),
            h.stateChanged("settling"),
        ])
        #expect(h.engine.state == .settling(page: 2))
        h.stepUntilResting()
        #expect(h.engine.offset == 320)
        #expect(h.engine.state == .resting(page: 2))
    }

    @Test func aSlowReleaseBeforeHalfwayComesBackWithoutAPageChange() throws {
        let h = try PagerHarness(at: 1)
        try h.swipe(by: -15, count: 10, holdFrames: 3)
        #expect(h.engine.offset == 150)
        #expect(integer(try Self.ended(h), "page") == 1)
        h.stepUntilResting()
        #expect(h.engine.offset == 0)
        #expect(h.engine.state == .resting(page: 1))
        #expect(h.events("pager.page_changed").isEmpty, "it came back to the page it rested on")
        #expect(h.events("pager.settled") == [h.settled(1, offset: 0)])
    }

    @Test func aFlickMovesOnePage() throws {
        let h = try PagerHarness(at: 1)
        // 10 pt per frame to the left: 600 pt/s, released at offset 60.
        let touchEnded = try h.swipe(by: -10, count: 6)
        let vx = try #require(number(touchEnded, "vx"))
        expectClose(vx, -600, tolerance: 1e-3)
        let ended = try Self.ended(h)
        #expect(number(ended, "velocity") == -vx)
        expectClose(number(ended, "projection"), 60 + projectedTravel(-vx, rate: 0.998))
        #expect(integer(ended, "page") == 2)
        #expect(number(ended, "target") == 320)
        #expect(h.engine.releaseVelocity == -vx)
        #expect(h.engine.projection == number(ended, "projection"))
    }

    @Test func aFlickBackwardMovesOnePageBack() throws {
        let h = try PagerHarness(at: 3)
        try h.swipe(by: 10, count: 6)
        #expect(integer(try Self.ended(h), "page") == 2)
    }

    @Test func aHardFlickProjectsSeveralPages() throws {
        let h = try PagerHarness(pages: 8, at: 1)
        // 45 pt per frame: about 2,700 pt/s, released at offset 270.
        let touchEnded = try h.swipe(by: -45, count: 6)
        let velocity = -(try #require(number(touchEnded, "vx")))
        #expect(h.engine.offset == 270)
        let expected = nearestPage(to: 270 + projectedTravel(velocity, rate: 0.998), pages: 8)
        #expect(expected >= 5, "several pages on, not one")
        let ended = try Self.ended(h)
        #expect(integer(ended, "page") == expected)
        #expect(h.engine.targetPage == expected)
        h.stepUntilResting()
        #expect(h.engine.offset == Pages.offset(expected))
    }

    @Test func theProjectionRateComesFromTheDefaults() throws {
        var defaults = PagerDefaults()
        defaults.decelerationRate = 0.99
        let h = try PagerHarness(pages: 8, at: 1, defaults: defaults)
        let touchEnded = try h.swipe(by: -45, count: 6)
        let velocity = -(try #require(number(touchEnded, "vx")))
        let projection = 270 + projectedTravel(velocity, rate: 0.99)
        expectClose(number(try Self.ended(h), "projection"), projection)
        #expect(nearestPage(to: projection, pages: 8) == 3, "the fast rate projects about 5× less far than normal (page 6)")
        #expect(h.engine.targetPage == 3)
    }

    @Test func whenTheNearestPageLiesAgainstTheGestureItMovesOnePageOnWithTheGesture() throws {
        let h = try PagerHarness(at: 2)
        // 10 × 2 pt to the right: offset 300, about 120 pt/s toward earlier pages.
        let touchEnded = try h.swipe(by: 2, count: 10)
        #expect(h.engine.offset == 300)
        let velocity = -(try #require(number(touchEnded, "vx")))
        #expect(velocity < 0)
        let projection = 300 + projectedTravel(velocity, rate: 0.998)
        try #require(nearestPage(to: projection, pages: 5) == 2, "the nearest page, 320, lies against the velocity")
        #expect(integer(try Self.ended(h), "page") == 1)
        #expect(h.engine.state == .settling(page: 1))
    }

    @Test func aFlickPastTheLastPageStaysOnTheLastPage() throws {
        let h = try PagerHarness(at: 5)
        try h.swipe(by: -10, count: 6)
        #expect(h.engine.offset > 1280, "rubber-banded past the last page")
        #expect(integer(try Self.ended(h), "page") == 5)
        h.stepUntilResting()
        #expect(h.engine.offset == 1280)
        #expect(h.engine.state == .resting(page: 5))
    }

    @Test func aFlickBeforeTheFirstPageStaysOnTheFirstPage() throws {
        let h = try PagerHarness(at: 1)
        try h.swipe(by: 10, count: 6)
        #expect(h.engine.offset < 0)
        #expect(integer(try Self.ended(h), "page") == 1)
        h.stepUntilResting()
        #expect(h.engine.offset == 0)
    }

    @Test func theSpringStartsWithTheReleaseVelocityOnTheLiftFrame() throws {
        let h = try PagerHarness(at: 1)
        let touchEnded = try h.swipe(by: -10, count: 6)
        let velocity = -(try #require(number(touchEnded, "vx")))
        let spring = try #require(h.engine.spring)
        #expect(spring.startTime == h.world.seconds, "the spring starts on the release frame")
        #expect(spring.spring.initialVelocity == velocity, "velocity continuous at the release")
        #expect(spring.target == 320)
        #expect(h.engine.offset == 60, "position continuous at the release")
        expectClose(h.engine.velocity, velocity, tolerance: 1e-9)
        expectClose(h.world.property("pager.velocity"), velocity, tolerance: 1e-9)
        #expect(h.engine.velocity > 500, "pt/s: a pt/ms mix-up would start near 0.6")
    }

    @Test func theSpringIsTheReleaseSpringOfSpec6() throws {
        let h = try PagerHarness(at: 1)
        try h.swipe(by: -10, count: 6)
        let spring = try #require(h.engine.spring)
        #expect(spring.parameters == settlingSpring)
    }

    @Test func aCancelledTouchSettlesAsAStillRelease() throws {
        let h = try PagerHarness(at: 1)
        let (touch, _, _) = try h.finger(through: [30], lift: false)
        h.step(2)
        h.clearEvents()
        PagerResponder(engine: h.engine).touchCancelled(touch, in: h.world)
        #expect(h.engine.releaseVelocity == 0)
        #expect(h.engine.state == .settling(page: 2))
    }
}
