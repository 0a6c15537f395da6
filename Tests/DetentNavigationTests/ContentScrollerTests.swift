import Testing
import DetentLayout
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentNavigation

/// A full-screen stack's top screen scrolls by touch like a UIScrollView (`ContentScroller`):
/// one point per point, rubber-banding over the viewport past an edge and springing back,
/// momentum at 0.998 per ms after a flick. On the test phone in portrait the viewport is
/// 852 − (59 + 44) − 34 = 715 pt, so 3,000 pt of content end at 2,285.
@Suite("Full-screen content scrolling")
struct ContentScrollerTests {
    static let viewport = 715.0
    static let end = 3000 - viewport

    /// A harness whose stack holds one screen of 3,000 pt of scrollable content, laid out.
    static func feed(inSheet: Bool = false) throws -> (NavigationHarness, Screen) {
        let h = NavigationHarness(inSheet: inSheet)
        let screen = Screen(id: "feed", title: "Feed", content: .scroll(ScrollContent(contentHeight: 3000)))
        try h.start(with: [screen])
        h.step()
        return (h, screen)
    }

    static func offset(_ screen: Screen) -> Double? {
        if case let .scroll(scroll) = screen.content { return scroll.offset }
        return nil
    }

    /// Moves `touch` to each of `ys`, one frame apart, stepping those frames.
    static func move(_ h: NavigationHarness, _ touch: Touch, through ys: [Double]) throws {
        for y in ys {
            try h.world.touches.move(touch, to: Point(x: touch.location.x, y: y), at: frameTime(h.world.frame + 1))
            h.step()
        }
    }

    @Test func theContentClaimsTouchesBelowTheBarOnly() throws {
        let (h, _) = try Self.feed()
        #expect(h.world.touches.hitTest(Point(x: 196, y: 500), in: h.world)?.1 == TouchClaim(part: "content"))
        #expect(h.world.touches.hitTest(Point(x: 196, y: 103), in: h.world)?.1 == TouchClaim(part: "content"), "the bar ends at 59 + 44")
        #expect(h.world.touches.hitTest(Point(x: 196, y: 80), in: h.world) == nil, "the bar's area is not the content's")
    }

    @Test func aStackInASheetHasNoScrollerTheSheetMovesItsContent() throws {
        let (h, _) = try Self.feed(inSheet: true)
        #expect(h.world.engine(ContentScroller.self) == nil)
        #expect(h.world.touches.hitTest(Point(x: 196, y: 500), in: h.world) == nil)
    }

    @Test func theOffsetFollowsTheFingerOnePointPerPoint() throws {
        let (h, screen) = try Self.feed()
        let touch = h.touchDown(x: 196, y: 600)
        try Self.move(h, touch, through: [580, 520, 450])
        #expect(Self.offset(screen) == 150)
        #expect(h.world.property("navigation.content_offset") == 150)
    }

    @Test func pastTheTopTheOffsetRubberBandsOverTheViewport() throws {
        let (h, screen) = try Self.feed()
        let touch = h.touchDown(x: 196, y: 300)
        try Self.move(h, touch, through: [350, 400])
        #expect(Self.offset(screen) == -RubberBand.offset(100, dimension: Self.viewport))
    }

    @Test func releasedPastTheTopItSpringsBackExactlyToIt() throws {
        let (h, screen) = try Self.feed()
        let touch = h.touchDown(x: 196, y: 300)
        try Self.move(h, touch, through: [350, 400])
        try h.world.touches.end(touch, at: frameTime(h.world.frame + 4))
        h.step(4)
        let scroller = try #require(h.world.engine(ContentScroller.self))
        guard case let .bouncing(spring, _) = scroller.motion else { Issue.record("not bouncing: \(scroller.motion)"); return }
        #expect(spring.target == 0)
        #expect(spring.parameters == SpringParameters(mass: 1, stiffness: 200, damping: 2 * (200.0).squareRoot()), "the world's default spring")
        for _ in 0..<600 where scroller.isBusy { h.step() }
        #expect(Self.offset(screen) == 0)
    }

    @Test func aFlickDeceleratesAtUIScrollViewsNormalRateWithinTheContent() throws {
        let (h, screen) = try Self.feed()
        let touch = h.touchDown(x: 196, y: 600)
        try Self.move(h, touch, through: [580, 560, 540, 520, 500, 480])
        try h.world.touches.end(touch, at: frameTime(h.world.frame + 1))
        let release = touch.velocity.y
        h.step()
        let scroller = try #require(h.world.engine(ContentScroller.self))
        guard case let .decelerating(momentum, _) = scroller.motion else { Issue.record("not decelerating: \(scroller.motion)"); return }
        #expect(momentum.rate == 0.998)
        #expect(momentum.initialVelocity == -release)
        #expect(momentum.bounds == 0...Self.end)
        for _ in 0..<600 where scroller.isBusy { h.step() }
        expectClose(Self.offset(screen), 120 + (-release / 1000) * 0.998 / (1 - 0.998), tolerance: 1e-6)
    }

    @Test func aTouchStopsTheMomentumWhereItIs() throws {
        let (h, screen) = try Self.feed()
        let flick = h.touchDown(x: 196, y: 600)
        try Self.move(h, flick, through: [560, 520, 480, 440])
        try h.world.touches.end(flick, at: frameTime(h.world.frame + 1))
        h.step(6)
        let caught = try #require(Self.offset(screen))
        _ = h.touchDown(x: 196, y: 600)
        #expect(Self.offset(screen) == caught)
        h.step(10)
        #expect(Self.offset(screen) == caught)
        #expect(h.world.property("navigation.content_velocity") == 0)
    }
}

extension ContentScrollerTests {
    @Test func contentThatFitsItsViewportClaimsNothing() throws {
        let h = NavigationHarness()
        try h.start(with: [Screen(id: "short", content: .scroll(ScrollContent(contentHeight: Self.viewport)))])
        h.step()
        #expect(h.world.touches.hitTest(Point(x: 196, y: 500), in: h.world) == nil)
    }
}
