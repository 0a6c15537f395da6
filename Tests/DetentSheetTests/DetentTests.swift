import Testing
import DetentLayout
import DetentNavigation
import DetentWorld
@testable import DetentSheet

/// SPEC §5 detents on the test phone (393×852, insets 59/34, 56 pt bar in a sheet):
/// `content` = min(793, bar + content + 34), `medium` = 426, `large` = 793, custom heights
/// capped at 793; resolved smallest first, ties in declaration order.
@Suite("Sheet: detents")
struct DetentTests {
    @Test func theContentDetentIsBarPlusContentPlusTheBottomInset() throws {
        let h = try SheetHarness(contentHeights: [300])
        #expect(h.sheet.detents == [SheetDetent(name: "content", height: 56 + 300 + 34)])
    }

    @Test func theContentDetentIsCappedBelowTheTopSafeInset() throws {
        let h = try SheetHarness(contentHeights: [2000])
        #expect(h.sheet.detentHeight("content") == Double(852 - 59))
    }

    @Test func aHiddenBarDoesNotCountInTheContentDetent() throws {
        let h = try SheetHarness(contentHeights: [300])
        h.sheet.navigation.setBarHidden(true, animated: false, in: h.world)
        #expect(h.sheet.detentHeight("content") == Double(300 + 34))
    }

    @Test func mediumIsHalfTheScreenAndLargeIsTheCap() throws {
        let h = try SheetHarness().withDetents([("medium", .medium), ("large", .large)])
        #expect(h.sheet.detentHeight("medium") == 852 * 0.5)
        #expect(h.sheet.detentHeight("large") == 793)
    }

    @Test(arguments: [(100.0, 100.0), (793, 793), (794, 793), (5000, 793)])
    func customHeightsAreCapped(declared: Double, resolved: Double) throws {
        let h = try SheetHarness().withDetents([("custom", .height(declared))])
        #expect(h.sheet.detentHeight("custom") == resolved)
    }

    @Test func detentsAreSortedByHeightWithTiesInDeclarationOrder() throws {
        // content 390, medium 426, large 793; "tall" 900 is capped to 793 and ties with large.
        let h = try SheetHarness(contentHeights: [300])
            .withDetents([("tall", .height(900)), ("large", .large), ("medium", .medium), ("content", .content)])
        #expect(h.sheet.detents.map(\.name) == ["content", "medium", "tall", "large"])
        #expect(h.sheet.detentNames == ["tall", "large", "medium", "content"], "declaration order is kept")
    }

    @Test func presentingWithoutADetentGoesToTheSmallest() throws {
        let h = try SheetHarness(contentHeights: [600]).withDetents([("large", .large), ("medium", .medium), ("content", .content)])
        try h.sheet.present(animated: false, in: h.world)
        #expect(h.sheet.state == .resting(detent: "medium"))
        #expect(h.sheet.height == 426)
    }

    // MARK: setDetents errors

    @Test func setDetentsRefusesAnEmptyList() throws {
        let h = try SheetHarness()
        #expect(throws: SheetError.noDetents) { try h.sheet.setDetents([], in: h.world) }
        #expect(h.sheet.detentNames == ["content"], "the previous detents stay")
    }

    @Test func setDetentsRefusesDuplicateNames() throws {
        let h = try SheetHarness()
        #expect(throws: SheetError.duplicateDetent("a")) {
            try h.sheet.setDetents([("a", .medium), ("b", .large), ("a", .content)], in: h.world)
        }
        #expect(h.sheet.detentNames == ["content"])
    }

    @Test(arguments: [0.0, -10, .nan, .infinity, -.infinity])
    func setDetentsRefusesHeightsThatAreNotFiniteAndPositive(height: Double) throws {
        let h = try SheetHarness()
        #expect(throws: SheetError.invalidDetent("bad")) {
            try h.sheet.setDetents([("medium", .medium), ("bad", .height(height))], in: h.world)
        }
        #expect(h.sheet.detentNames == ["content"])
    }

    // MARK: setDetents on a presented sheet

    @Test func aRestingSheetWhoseDetentDisappearsSettlesToTheNearestRemaining() throws {
        // Resting at large (793); of 426 and 700 the nearer is 700.
        let h = try SheetHarness().withDetents([("medium", .medium), ("large", .large)]).presented(detent: "large")
        try h.sheet.setDetents([("medium", .medium), ("h700", .height(700))], in: h.world)
        #expect(h.sheet.state == .settling(detent: "h700"))
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "h700"))
        #expect(h.sheet.height == 700)
        #expect(h.events("sheet.settled").map { string($0, "detent") } == ["h700"])
    }

    @Test func aRestingSheetWhoseDetentRemainsStaysWhereItIs() throws {
        let h = try SheetHarness().withDetents([("medium", .medium), ("large", .large)]).presented(detent: "medium")
        try h.sheet.setDetents([("medium", .medium), ("h700", .height(700))], in: h.world)
        h.step(5)
        #expect(h.sheet.state == .resting(detent: "medium"))
        #expect(h.sheet.height == 426)
        #expect(h.names().isEmpty)
    }

    @Test func aSheetSettlingToADetentThatDisappearsHeadsForTheNearestRemaining() throws {
        let h = try SheetHarness().withDetents([("medium", .medium), ("large", .large)]).presented(detent: "medium")
        try h.sheet.animate(toDetent: "large", in: h.world)
        // Past 563, the sheet is nearer 700 than 426.
        while h.sheet.height < 600 { h.step() }
        #expect(h.sheet.state == .settling(detent: "large"))
        try h.sheet.setDetents([("medium", .medium), ("h700", .height(700))], in: h.world)
        h.stepUntilIdle()
        #expect(h.sheet.state == .resting(detent: "h700"))
        #expect(h.sheet.height == 700)
    }

    // MARK: Dimming

    @Test(arguments: [0.0, 100, 195, 389, 390, 600])
    func theDimmingIsFourTenthsScaledByTheHeightOverTheSmallestDetent(height: Double) throws {
        // Smallest detent: content 390.
        let h = try SheetHarness(contentHeights: [300]).withDetents([("content", .content), ("large", .large)]).presented()
        h.sheet.setTop(852 - height)
        expectClose(h.sheet.dimmingAlpha, 0.4 * min(1, height / 390), tolerance: 1e-12)
    }
}
