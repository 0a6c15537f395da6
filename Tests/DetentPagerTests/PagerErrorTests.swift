import Testing
import DetentWorld
@testable import DetentPager

/// Numbers a pager cannot take throw a `PagerError` whose description is a sentence naming
/// what was wrong and what was expected (the Lua binding raises it).
@Suite("Pager errors")
struct PagerErrorTests {
    static func make(pages: Int = 3, pageWidth: Double? = 300, spacing: Double = 0, at page: Int = 1,
                     top: Double? = nil, height: Double? = nil) throws {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        _ = try PagerEngine(world: world, defaults: PagerDefaults(), pages: pages, pageWidth: pageWidth, spacing: spacing, at: page,
                            top: top, height: height)
    }

    @Test func noPages() {
        #expect(throws: PagerError.invalidPageCount(0)) { try Self.make(pages: 0) }
        #expect(throws: PagerError.invalidPageCount(-2)) { try Self.make(pages: -2) }
        #expect(PagerError.invalidPageCount(0).description == "a pager needs at least one page (pages = 0; expected a whole number of 1 or more)")
    }

    @Test func aPageWidthThatIsNotAPositiveFiniteNumber() {
        for width in [0, -10, Double.nan, .infinity] {
            #expect(throws: PagerError.self) { try Self.make(pageWidth: width) }
        }
        #expect(throws: PagerError.invalidPageWidth(0)) { try Self.make(pageWidth: 0) }
        #expect(PagerError.invalidPageWidth(-10).description == "page_width must be a finite number of points greater than 0, got -10.0")
        #expect(PagerError.invalidPageWidth(.infinity).description == "page_width must be a finite number of points greater than 0, got inf")
    }

    @Test func aSpacingThatIsNegativeOrNotFinite() {
        #expect(throws: PagerError.invalidSpacing(-1)) { try Self.make(spacing: -1) }
        #expect(throws: PagerError.invalidSpacing(.infinity)) { try Self.make(spacing: .infinity) }
        #expect(PagerError.invalidSpacing(-1).description == "spacing must be a finite number of points, 0 or more, got -1.0")
    }

    @Test func aStartPageOutsideThePages() {
        #expect(throws: PagerError.startPageOutOfRange(0, pages: 3)) { try Self.make(at: 0) }
        #expect(throws: PagerError.startPageOutOfRange(4, pages: 3)) { try Self.make(at: 4) }
        #expect(PagerError.startPageOutOfRange(4, pages: 3).description == "at = 4 is not one of the pager's pages (expected 1…3)")
    }

    @Test func aFrameThatIsNotFinite() {
        #expect(throws: PagerError.invalidTop(.infinity)) { try Self.make(top: .infinity) }
        #expect(throws: PagerError.invalidHeight(0)) { try Self.make(height: 0) }
        #expect(PagerError.invalidTop(.infinity).description == "top must be a finite number of points, got inf")
        #expect(PagerError.invalidHeight(0).description == "height must be a finite number of points greater than 0, got 0.0")
    }

    @Test func anUnknownPage() {
        #expect(PagerError.unknownPage(6, pages: 5).description == "no page 6: the pager has pages 1…5")
    }

    @Test func theFirstWrongNumberIsTheOneReported() {
        #expect(throws: PagerError.invalidPageCount(0)) { try Self.make(pages: 0, pageWidth: -1, spacing: -1) }
    }

    @Test func validNumbersMakeAPager() throws {
        try Self.make(pages: 1, pageWidth: nil, spacing: 0, at: 1, top: 0, height: 100)
    }
}
