import Testing
import DetentLayout
import DetentNavigation
import DetentWorld
@testable import DetentSheet

/// SPEC §5 scroll hand-off with §6's rules, on a scrollable top screen's content (below the
/// bar): the content scrolls only at the largest detent; pulled down at its top, the sheet
/// moves instead; one finger movement never changes both the top and the offset; released
/// strictly between detents the sheet is released with the finger's velocity, released at
/// the largest detent it rests there.
/// Screen of 2,000 pt content; detents medium (top 426) and large (top 59).
@Suite("Sheet: scroll hand-off")
struct ScrollHandOffTests {
    static func harness(at detent: String, offset: Double = 0) throws -> SheetHarness {
        let h = try SheetHarness(contentHeights: [2000]).withDetents([("medium", .medium), ("large", .large)]).presented(detent: detent)
        h.screen().content = .scroll(ScrollContent(contentHeight: 2000, offset: offset))
        return h
    }

    static func offset(_ h: SheetHarness) -> Double {
        guard case let .scroll(scroll) = h.screen().content else { return .nan }
        return scroll.offset
    }

    /// A finger on the content, 100 pt below the bar, moving `step` per frame for `count`
    /// frames (not lifted). Calls `check` after each delivered move with (top, offset).
    static func contentFinger(_ h: SheetHarness, step: Double, count: Int, lift: Bool = false,
                              check: (Int, Double, Double) -> Void = { _, _, _ in }) throws -> Touch {
        let y = h.sheet.top + 56 + 100
        let (touch, _) = try h.schedule(y: y, through: path(from: y, by: step, count: count), lift: lift)
        h.step()
        #expect(string(h.events("touch.began").last, "part") == "content")
        for i in 1...count {
            h.step()
            check(i, h.sheet.top, offset(h))
        }
        return touch
    }

    @Test func belowTheLargestDetentPushingUpMovesTheSheetNotTheContent() throws {
        let h = try Self.harness(at: "medium")
        _ = try Self.contentFinger(h, step: -10, count: 20) { i, top, offset in
            #expect(top == 426 - 10 * Double(i))
            #expect(offset == 0)
        }
    }

    @Test func theContentScrollsOnlyOnceTheSheetReachesTheLargestDetent() throws {
        let h = try Self.harness(at: "medium")
        var scrolledAt: [Double] = []
        _ = try Self.contentFinger(h, step: -10, count: 45) { _, top, offset in
            #expect(top >= 59)
            if offset != 0 { scrolledAt.append(top) }
        }
        #expect(!scrolledAt.isEmpty)
        #expect(scrolledAt.allSatisfy { $0 == 59 }, "scrolled only at the largest detent")
        #expect(h.sheet.top == 59)
    }

    @Test func atTheLargestDetentPushingUpScrollsTheContent() throws {
        let h = try Self.harness(at: "large")
        _ = try Self.contentFinger(h, step: -10, count: 5) { i, top, offset in
            #expect(top == 59)
            #expect(offset == 10 * Double(i))
        }
    }

    @Test func atTheContentsTopPullingDownMovesTheSheet() throws {
        let h = try Self.harness(at: "large")
        _ = try Self.contentFinger(h, step: 10, count: 5) { i, top, offset in
            #expect(top == 59 + 10 * Double(i))
            #expect(offset == 0)
        }
    }

    @Test func scrolledContentComesBackToItsTopBeforeTheSheetMoves() throws {
        let h = try Self.harness(at: "large", offset: 25)
        var tops: [Double] = [], offsets: [Double] = []
        _ = try Self.contentFinger(h, step: 10, count: 6) { _, top, offset in tops.append(top); offsets.append(offset) }
        #expect(offsets == [15, 5, 0, 0, 0, 0])
        #expect(tops == [59, 59, 59, 69, 79, 89])
    }

    @Test func releasedBetweenDetentsTheSheetIsReleasedWithTheFingersVelocity() throws {
        let h = try Self.harness(at: "medium")
        _ = try Self.contentFinger(h, step: -10, count: 6, lift: true)
        #expect(h.sheet.top == 366)
        let vy = try #require(number(h.events("touch.ended").first, "vy"))
        expectClose(vy, -600, tolerance: 1e-3)
        #expect(number(h.events("sheet.drag_ended").first, "velocity") == vy)
        #expect(h.sheet.releaseVelocity == vy)
        expectClose(h.sheet.velocity, vy, tolerance: 1e-9)
        // ultradrawer: 366 − 59.4 = 306.6 is nearest medium (426), against the velocity: large.
        #expect(h.sheet.state == .settling(detent: "large"))
    }

    @Test func releasedAtTheLargestDetentTheSheetRestsThere() throws {
        let h = try Self.harness(at: "large")
        _ = try Self.contentFinger(h, step: -10, count: 6, lift: true)
        #expect(h.sheet.state == .resting(detent: "large"))
        #expect(h.sheet.top == 59)
        // The content decelerates (rate 0.998 per ms) to its offset plus the projection of the
        // finger's release velocity; the sheet stays at large.
        #expect(h.sheet.isBusy)
        let offset = try #require(h.sheet.scrollContent?.offset)
        let velocity = h.sheet.releaseVelocity
        h.stepUntilIdle()
        expectClose(h.sheet.scrollContent?.offset, offset + projectedTravel(-velocity, rate: 0.998), tolerance: 1e-9)
        #expect(h.sheet.top == 59)
        #expect(!h.sheet.isBusy)
    }

    @Test func aContentDragReleasedAtTheLargestDetentStillEndsTheDrag() throws {
        // drag_began was emitted when the finger went down; scripts waiting for drag_ended
        // (or settled) must see the drag end.
        let h = try Self.harness(at: "large")
        _ = try Self.contentFinger(h, step: -10, count: 6, lift: true)
        #expect(h.events("sheet.drag_began").count == 1)
        let ended = try #require(h.events("sheet.drag_ended").first)
        #expect(string(ended, "detent") == "large")
        #expect(boolean(ended, "dismiss") == false)
    }

    @Test func aContentPullOfANonDismissibleSheetStopsAtTheSmallestDetent() throws {
        let h = try Self.harness(at: "medium")
        h.sheet.isDismissible = false
        _ = try Self.contentFinger(h, step: 20, count: 10) { _, top, offset in
            #expect(top == 426, "no rubber band on content drags")
            #expect(offset == 0)
        }
    }

    @Test func aContentPullOfADismissibleSheetFollowsItDown() throws {
        let h = try Self.harness(at: "medium")
        _ = try Self.contentFinger(h, step: 20, count: 10) { i, top, _ in
            #expect(top == 426 + 20 * Double(i))
        }
    }

    // MARK: Property

    struct Movement {
        var index: Int, dy: Double
        var top: Double, offset: Double, newTop: Double, newOffset: Double
        var changesBoth: Bool { newTop != top && newOffset != offset }
    }

    /// 2,000 movements of −40…40 pt, straight through the engine's hand-off, from medium.
    static func walk(seed: UInt64, dismissible: Bool) throws -> [Movement] {
        let h = try harness(at: "medium")
        h.sheet.isDismissible = dismissible
        var random = LCG(seed: seed)
        var movements: [Movement] = []
        for index in 0..<2000 {
            let dy = Double(random.next(in: -40...40))
            let top = h.sheet.top, offset = offset(h)
            h.sheet.contentDragged(by: dy, in: h.world)
            movements.append(Movement(index: index, dy: dy, top: top, offset: offset, newTop: h.sheet.top, newOffset: Self.offset(h)))
            if !dismissible || h.sheet.top < 800 { continue }
            // Keep a dismissible walk on screen: back up to medium.
            h.sheet.setTop(426)
        }
        return movements
    }

    @Test(arguments: [(UInt64(0x5EED), true), (0xC0FFEE, false), (42, true)])
    func noMovementChangesBothTheTopAndTheOffset(seed: UInt64, dismissible: Bool) throws {
        let movements = try Self.walk(seed: seed, dismissible: dismissible)
        #expect(movements.contains { $0.newTop < $0.top }, "the sheet moved up")
        #expect(movements.contains { $0.newTop > $0.top }, "the sheet moved down")
        #expect(movements.contains { $0.newOffset != $0.offset }, "the content scrolled")
        let both = movements.filter(\.changesBoth)
        #expect(both.isEmpty, "\(both.count) movements changed both; first \(both.first.map { "\($0)" } ?? "-")")
        for m in movements {
            #expect(m.newTop >= 59, "movement \(m.index) went above the largest detent")
            if !dismissible { #expect(m.newTop <= 426, "movement \(m.index) went below the smallest detent") }
            if m.newOffset > m.offset { #expect(m.top == 59, "movement \(m.index) scrolled the content up below the largest detent") }
        }
    }
}
