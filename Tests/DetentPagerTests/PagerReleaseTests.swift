import Testing
import DetentMotion
@testable import DetentPager

/// `PagerRelease` alone (SPEC §15): 5 pages 320 pt apart, UIScrollView's normal rate 0.998.
/// Each expectation computes the projection with the SPEC's formula, (v/1000)·r/(1−r).
@Suite("Pager release: target selection")
struct PagerReleaseSelectionTests {
    static let five = try! PagerGeometry(pages: 5, pageWidth: 300, spacing: 20)

    static func release(_ offset: Double, _ velocity: Double, geometry: PagerGeometry = five, rate: DecelerationRate = .normal) -> PagerRelease {
        PagerRelease(offset: offset, velocity: velocity, geometry: geometry, rate: rate)
    }

    @Test func withoutVelocityPastHalfwayItGoesToTheNextPage() {
        let r = Self.release(170, 0)
        #expect(r.projection == 170)
        #expect((r.nearestPage, r.page, r.target) == (2, 2, 320))
    }

    @Test func withoutVelocityBeforeHalfwayItComesBack() {
        #expect(Self.release(150, 0).page == 1)
        #expect(Self.release(470, 0).page == 2, "halfway from page 2 to 3 is 480")
    }

    @Test func exactlyHalfwayGoesToTheLaterPage() {
        #expect(Self.release(160, 0).page == 2)
    }

    @Test func theProjectionUsesTheRate() {
        expectClose(Self.release(60, 600).projection, 60 + projectedTravel(600, rate: 0.998))
        expectClose(Self.release(60, 600, rate: .fast).projection, 60 + projectedTravel(600, rate: 0.99))
    }

    @Test func aHardFlickProjectsSeveralPages() throws {
        let ten = try PagerGeometry(pages: 10, pageWidth: 300, spacing: 20)
        let r = Self.release(0, 5000, geometry: ten)
        let projection = projectedTravel(5000, rate: 0.998)     // 2,495 pt
        let expected = nearestPage(to: projection, pages: 10)
        #expect(expected == 9)
        #expect(r.page == expected)
        #expect(r.target == 8 * 320)
    }

    @Test func whenTheNearestPageLiesAgainstTheVelocityItMovesOnePageOnBackward() {
        // 300 − 59.88 = 240.1: nearest page 2 (320), which lies ahead of 300 while v < 0.
        let r = Self.release(300, -120)
        #expect(nearestPage(to: 300 + projectedTravel(-120, rate: 0.998), pages: 5) == 2)
        #expect(r.nearestPage == 2)
        #expect((r.page, r.target) == (1, 0))
    }

    @Test func whenTheNearestPageLiesAgainstTheVelocityItMovesOnePageOnForward() {
        // 340 + 59.88 = 399.9: nearest page 2 (320), behind 340 while v > 0 — so page 3.
        let r = Self.release(340, 120)
        #expect(r.nearestPage == 2)
        #expect((r.page, r.target) == (3, 640))
    }

    @Test func aSmallVelocityExactlyOnAPageStaysThere() {
        // (320 − 320) · v = 0 is no disagreement.
        #expect(Self.release(320, 50).page == 2)
        #expect(Self.release(320, -50).page == 2)
    }

    @Test func theChoiceIsClampedToTheLastPage() {
        #expect(Self.release(1200, 5000).nearestPage == 5)
        #expect(Self.release(1200, 5000).page == 5)
    }

    @Test func theChoiceIsClampedToTheFirstPage() {
        #expect(Self.release(100, -5000).page == 1)
    }

    @Test func pastTheLastPageMovingOnThereIsNoPageBeyondSoItKeepsTheLast() {
        // Rubber-banded to 1,330 with v > 0: the last page lies against v and none is beyond.
        let r = Self.release(1330, 600)
        #expect((r.page, r.target) == (5, 1280))
    }

    @Test func beforeTheFirstPageMovingBackThereIsNoPageBeyondSoItKeepsTheFirst() {
        #expect(Self.release(-40, -600).page == 1)
    }

    @Test func aOnePageGeometryAlwaysChoosesIt() throws {
        let one = try PagerGeometry(pages: 1, pageWidth: 300, spacing: 0)
        #expect(Self.release(120, 3000, geometry: one).page == 1)
        #expect(Self.release(-50, -3000, geometry: one).page == 1)
    }

    @Test func thePagesBeyondAnOffsetAreStrictlyBeyondEvenWhenTheStrideDoesNotDivideExactly() throws {
        // 0.1 + 0.2 is not 0.3 in binary: offset / stride at a page need not be a whole number.
        for (width, spacing) in [(0.1, 0.2), (0.7, 0.1), (100.3, 3.3)] {
            let g = try PagerGeometry(pages: 60, pageWidth: width, spacing: spacing)
            for page in 1...60 {
                let offset = g.offset(ofPage: page)
                #expect(g.page(after: offset) == (page < 60 ? page + 1 : nil), "after page \(page) of stride \(g.stride)")
                #expect(g.page(before: offset) == (page > 1 ? page - 1 : nil), "before page \(page) of stride \(g.stride)")
                #expect(g.nearestPage(to: offset) == page)
            }
        }
    }
}
