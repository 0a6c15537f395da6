import Testing
import DetentLayout
import DetentNavigation
import DetentWorld
@testable import DetentSheet

/// SPEC §5 dragging on the bar area (the grabber part): the sheet's top follows the finger;
/// above the largest detent it rubber-bands with d = that detent's top (c 0.55); below the
/// smallest it follows down to the screen's edge if dismissible, else rubber-bands with
/// d = the smallest detent's height.
/// Sheet of content 300: the `content` detent is 390, top 462; the finger goes down at 467.
@Suite("Sheet: drag")
struct DragTests {
    static let contentTop = 852.0 - 390

    /// Drags from the grabber (5 pt below the top) through `ys`, holding, and steps until the
    /// last move has been delivered. Returns the touch, not lifted.
    static func drag(_ h: SheetHarness, through ys: [Double]) throws -> Touch {
        let (touch, _) = try h.schedule(y: h.sheet.top + 5, through: ys, lift: false)
        h.step(1 + ys.count)
        return touch
    }

    @Test func theTopFollowsTheFingerBetweenDetents() throws {
        let h = try SheetHarness(contentHeights: [300]).withDetents([("content", .content), ("large", .large)]).presented()
        let (_, _) = try h.schedule(y: 467, through: path(from: 467, by: -20, count: 10), lift: false)
        h.step()
        #expect(h.sheet.state == .dragging)
        #expect(h.sheet.top == Self.contentTop)
        for i in 1...10 {
            h.step()
            #expect(h.sheet.top == Self.contentTop - 20 * Double(i))
        }
    }

    @Test func dragBeganReportsTheHeight() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        _ = try Self.drag(h, through: [])
        #expect(h.names() == ["sheet.state_changed", "sheet.drag_began"])
        #expect(number(h.events("sheet.drag_began").first, "height") == 390)
        #expect(number(h.events("sheet.drag_began").first, "interrupted_velocity") == 0)
    }

    @Test(arguments: [10.0, 100, 300, 1000])
    func aboveTheLargestDetentTheTopRubberBandsWithTheRoomAboveIt(pull: Double) throws {
        // Only the content detent: the largest is at 462, so d = 462.
        let h = try SheetHarness(contentHeights: [300]).presented()
        _ = try Self.drag(h, through: [467 - pull])
        expectClose(h.sheet.top, Self.contentTop - rubberBand(pull, dimension: Self.contentTop), tolerance: 1e-9)
    }

    @Test func aboveTheLargeDetentTheRoomIsTheTopSafeInset() throws {
        let h = try SheetHarness(contentHeights: [300]).withDetents([("large", .large)]).presented()
        #expect(h.sheet.top == 59)
        _ = try Self.drag(h, through: [64 - 40])
        expectClose(h.sheet.top, 59 - rubberBand(40, dimension: 59), tolerance: 1e-9)
    }

    @Test(arguments: [50.0, 200, 389])
    func belowTheSmallestADismissibleSheetFollowsTheFinger(pull: Double) throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        _ = try Self.drag(h, through: [467 + pull])
        #expect(h.sheet.top == Self.contentTop + pull)
        expectClose(h.sheet.dimmingAlpha, 0.4 * (390 - pull) / 390, tolerance: 1e-12)
    }

    @Test func aDismissibleSheetStopsAtTheScreensEdge() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        _ = try Self.drag(h, through: [467 + 385, 467 + 600])
        #expect(h.sheet.top == 852)
        #expect(h.sheet.height == 0)
        #expect(h.sheet.state == .dragging)
    }

    @Test(arguments: [10.0, 100, 300, 1000])
    func belowTheSmallestANonDismissibleSheetRubberBandsWithItsHeight(pull: Double) throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        h.sheet.isDismissible = false
        _ = try Self.drag(h, through: [467 + pull])
        expectClose(h.sheet.top, Self.contentTop + rubberBand(pull, dimension: 390), tolerance: 1e-9)
    }

    @Test func aTapWithoutMovementSettlesBackOnTheSameDetent() throws {
        let h = try SheetHarness(contentHeights: [300]).presented()
        try h.schedule(y: 467, holdFrames: 1)
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "content"))
        #expect(h.sheet.height == 390)
    }
}
