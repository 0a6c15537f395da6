import Testing
import DetentWorld
@testable import DetentPager

/// SPEC §15 drag, through real touches one frame (1/60 s) apart: began takes the pages;
/// changed puts the offset at start − the finger's x translation (a finger moving left shows
/// later pages).
@Suite("Pager drag: began and changed")
struct PagerDragTests {
    @Test func beganAtRestEntersDraggingAndReportsNoInterruptedVelocity() throws {
        let h = try PagerHarness(at: 2)
        let (touch, _, _) = try h.finger(lift: false)
        h.step()
        #expect(h.engine.state == .dragging)
        #expect(h.engine.isBusy)
        #expect(h.engine.interruptedVelocity == 0)
        #expect(h.engine.offset == Pages.offset(2))
        #expect(h.log.events == [
            h.touchBegan(touch, part: "page"),
            h.stateChanged("dragging"),
            h.now("pager.began", [("pager", .string("pager")), ("offset", .number(320)), ("interrupted_velocity", .number(0))]),
        ])
    }

    @Test func changedFollowsTheFingerOnePointPerPoint() throws {
        let h = try PagerHarness(at: 2)
        let xs = PagerHarness.path(from: 200, by: -10, count: 5)
        try h.finger(through: xs, lift: false)
        h.step()
        for i in 1...xs.count {
            h.clearEvents()
            h.step()
            let expected = 320 + 10 * Double(i)
            #expect(h.engine.offset == expected)
            #expect(h.log.events == [h.changed(offset: expected)])
            #expect(h.engine.state == .dragging)
        }
    }

    @Test func aFingerMovingRightShowsEarlierPages() throws {
        let h = try PagerHarness(at: 3)
        try h.finger(through: [230], lift: false)
        h.step(2)
        #expect(h.engine.offset == 640 - 30)
    }

    @Test func verticalMovementIsIgnored() throws {
        let h = try PagerHarness(at: 2)
        let (touch, _, _) = try h.finger(lift: false)
        try h.world.touches.move(touch, to: Point(x: 180, y: 600), at: h.frameTime(ahead: 2))
        h.step(2)
        #expect(h.engine.offset == 340)
    }

    @Test func whileDraggingThePageIsTheOneNearestTheOffset() throws {
        let h = try PagerHarness(at: 1)
        try h.finger(through: [100, 30], lift: false)
        h.step(2)
        #expect(h.engine.offset == 100)
        #expect(h.engine.page == 1)
        h.step()
        #expect(h.engine.offset == 170)
        #expect(h.engine.page == 2, "170 is nearer 320 than 0")
        #expect(h.world.property("pager.page") == 2)
    }
}

/// SPEC §15 and §2: past the first and the last page the offset rubber-bands,
/// b(x) = (1 − 1/(x·c/d + 1))·d with c = 0.55 and d the page width (300).
@Suite("Pager drag: rubber band")
struct PagerRubberBandTests {
    /// Drags from page `page` by `step` points per frame for `count` frames, checking after each
    /// frame that the offset is `expected(distance the finger moved)`.
    static func drag(_ h: PagerHarness, by step: Double, count: Int, expected: (Double) -> Double,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        try h.finger(through: PagerHarness.path(from: 200, by: step, count: count), lift: false)
        h.step()
        for i in 1...count {
            h.clearEvents()
            h.step()
            expectClose(h.engine.offset, expected(abs(step) * Double(i)), sourceLocation: sourceLocation)
            #expect(h.log.events == [h.changed(offset: h.engine.offset)], sourceLocation: sourceLocation)
        }
    }

    @Test func beforeTheFirstPageTheOffsetRubberBandsOverThePageWidth() throws {
        let h = try PagerHarness(at: 1)
        try Self.drag(h, by: 20, count: 5) { -rubberBand($0, dimension: 300) }
        expectClose(h.engine.offset, -(1 - 1 / (100 * 0.55 / 300 + 1)) * 300)
        #expect(h.engine.offset > -100 * 0.55, "the band is stiffer than its initial slope c")
    }

    @Test func pastTheLastPageTheOffsetRubberBandsOverThePageWidth() throws {
        let h = try PagerHarness(at: 5)
        try Self.drag(h, by: -20, count: 5) { 1280 + rubberBand($0, dimension: 300) }
        expectClose(h.engine.offset, 1280 + (1 - 1 / (100 * 0.55 / 300 + 1)) * 300)
    }

    @Test func theCoefficientComesFromTheDefaults() throws {
        var defaults = PagerDefaults()
        defaults.rubberBandCoefficient = 0.3
        let h = try PagerHarness(at: 1, defaults: defaults)
        try Self.drag(h, by: 20, count: 3) { x in -(1 - 1 / (x * 0.3 / 300 + 1)) * 300 }
    }

    @Test func aWideDragPastTheEndNeverReachesAPageWidth() throws {
        let h = try PagerHarness(at: 1)
        try h.finger(x: 0, through: [390], lift: false)
        h.step(2)
        expectClose(h.engine.offset, -rubberBand(390, dimension: 300))
        #expect(h.engine.offset > -300)
    }
}
