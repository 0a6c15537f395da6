import Testing
import DetentLayout
import DetentRelease

/// SPEC §6 content scroll hand-off: for one finger movement either the container or the
/// content moves, never both; content drags never rubber-band the container.
@Suite("Scroll hand-off")
struct ScrollHandOffTests {
    let limits = 59.0...774.0

    @Test func pushingContentUpMovesTheContainerUpUntilTheLowerLimit() {
        #expect(ScrollHandOff.move(dy: -30, offset: 0, contentTop: 0, origin: 426, limits: limits) == .container(origin: 396))
        #expect(ScrollHandOff.move(dy: -30, offset: 0, contentTop: 0, origin: 70, limits: limits) == .container(origin: 59))
    }

    @Test func atTheLowerLimitTheContentScrolls() {
        #expect(ScrollHandOff.move(dy: -30, offset: 0, contentTop: 0, origin: 59, limits: limits) == .content(offset: 30))
    }

    @Test func pullingContentDownAtItsTopMovesTheContainerDown() {
        #expect(ScrollHandOff.move(dy: 25, offset: 0, contentTop: 0, origin: 59, limits: limits) == .container(origin: 84))
        #expect(ScrollHandOff.move(dy: 25, offset: 0, contentTop: 0, origin: 760, limits: limits) == .container(origin: 774))
    }

    @Test func pullingScrolledContentDownScrollsItBackFirst() {
        #expect(ScrollHandOff.move(dy: 25, offset: 100, contentTop: 0, origin: 59, limits: limits) == .content(offset: 75))
        // Past its top, it comes back to the top and the rest of the movement is absorbed.
        #expect(ScrollHandOff.move(dy: 25, offset: 10, contentTop: 0, origin: 59, limits: limits) == .content(offset: 0))
    }

    @Test func atTheUpperLimitContentPulledDownStaysAtItsTop() {
        #expect(ScrollHandOff.move(dy: 25, offset: 0, contentTop: 0, origin: 774, limits: limits) == .content(offset: 0))
    }

    @Test func theContentKeepsTheGestureOnlyAtARestingOrigin() {
        #expect(ScrollHandOff.contentKeepsGesture(origin: 59, restingOrigins: [59, 774]))
        #expect(ScrollHandOff.contentKeepsGesture(origin: 774, restingOrigins: [59, 774]))
        #expect(!ScrollHandOff.contentKeepsGesture(origin: 400, restingOrigins: [59, 774]))
        #expect(!ScrollHandOff.contentKeepsGesture(origin: 58, restingOrigins: [59, 774]), "beyond a limit it settles")
        #expect(ScrollHandOff.contentKeepsGesture(origin: 59 + 1e-10, restingOrigins: [59], tolerance: 1e-9))
    }

    @Test func theScrollRangeRunsFromTheTopToWhereTheEndMeetsTheViewport() {
        let content = ScrollContent(contentHeight: 1000, offset: -20, insets: Insets(top: 20, bottom: 10))
        #expect(content.scrollRange(viewport: 400) == -20...610)
        #expect(content.scrollRange(viewport: 2000) == -20...(-20), "content shorter than the viewport does not scroll")
    }

    @Test func aFlickStartsMomentumWithinTheScrollRange() throws {
        let content = ScrollContent(contentHeight: 1000)
        #expect(content.momentum(velocity: 0, rate: 0.998, startTime: 1, viewport: 400) == nil)
        var momentum = try #require(content.momentum(velocity: 3000, rate: 0.998, startTime: 1, viewport: 400))
        #expect(momentum.bounds == 0...600)
        #expect(momentum.rate == 0.998)
        momentum.advance(to: 10)
        #expect(momentum.isFinished)
        #expect(momentum.value == 600)
    }
}
