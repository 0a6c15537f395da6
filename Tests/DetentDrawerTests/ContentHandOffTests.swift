import Testing
import DetentLayout
import DetentWorld
@testable import DetentDrawer

/// SPEC §6 content hand-off, one finger movement of dy points at a time (positive: down). The
/// content would scroll to offset − dy; with diff = previous − new offset:
/// - diff < 0, new offset > −inset.top, origin > lower limit → the drawer moves up by the drag,
///   the offset is kept;
/// - diff > 0, new offset < −inset.top, origin < upper limit → the drawer moves down, the offset
///   resets to −inset.top;
/// - otherwise the content scrolls.
/// Content drags clamp the drawer at the limits (59 / 774), never rubber-band it.
@Suite("Drawer content hand-off: the rules")
struct ContentHandOffTests {
    /// One finger movement on the content, its events delivered.
    static func drag(_ h: DrawerHarness, _ dy: Double) {
        h.engine.contentDragged(by: dy, in: h.world)
        h.world.flushEvents()
    }

    /// A drawer at the middle whose content has a top inset of 20 (so −inset.top = −20).
    static func insetHarness(offset: Double) throws -> DrawerHarness {
        let h = DrawerHarness()
        try h.start(at: "middle")
        h.engine.content.insets = Insets(top: 20)
        h.engine.content.offset = offset
        return h
    }

    // MARK: The drawer moves up

    @Test func scrollingOnMovesTheDrawerUpAndKeepsTheOffset() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        Self.drag(h, -30)
        #expect(h.engine.origin == 396)
        #expect(h.engine.content.offset == 0)
        #expect(h.log.events == [h.changed(origin: 396)])
    }

    @Test func scrollingOnKeepsAScrolledOffset() throws {
        let h = try Self.insetHarness(offset: 50)
        Self.drag(h, -30)
        #expect(h.engine.origin == 396)
        #expect(h.engine.content.offset == 50)
        #expect(h.log.events == [h.changed(origin: 396)])
    }

    @Test func scrollingOnClampsTheDrawerAtTheLowerLimit() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        h.engine.origin = 70
        Self.drag(h, -30)
        #expect(h.engine.origin == 59, "clamped, not rubber-banded")
        #expect(h.engine.content.offset == 0, "the rest of the drag is absorbed")
        #expect(h.log.events == [h.changed(origin: 59)])
    }

    @Test func aLongDragUpNeverRubberBandsTheDrawer() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        Self.drag(h, -500)
        #expect(h.engine.origin == 59)
        #expect(h.engine.content.offset == 0)
    }

    // MARK: The drawer moves down

    @Test func pullingBackAtTheTopMovesTheDrawerDown() throws {
        let h = try Self.insetHarness(offset: -20)
        Self.drag(h, 30)
        #expect(h.engine.origin == 456)
        #expect(h.engine.content.offset == -20)
        #expect(h.log.events == [h.changed(origin: 456)])
    }

    @Test func pullingBackResetsTheOffsetToMinusTheTopInset() throws {
        // Offset −26 (left past the top): a 4 pt pull proposes −30 < −20. The offset resets to
        // −inset.top (SPEC §6) and, so that one movement never moves both, the drawer follows
        // from the next pull.
        let h = try Self.insetHarness(offset: -26)
        Self.drag(h, 4)
        #expect(h.engine.origin == 426)
        #expect(h.engine.content.offset == -20)
        #expect(h.log.events.isEmpty)
        Self.drag(h, 4)
        #expect(h.engine.origin == 430)
        #expect(h.engine.content.offset == -20)
        #expect(h.log.events == [h.changed(origin: 430)])
    }

    @Test func pullingBackClampsTheDrawerAtTheUpperLimit() throws {
        let h = try Self.insetHarness(offset: -20)
        h.engine.origin = 760
        Self.drag(h, 30)
        #expect(h.engine.origin == 774, "clamped, not rubber-banded")
        #expect(h.engine.content.offset == -20)
        #expect(h.log.events == [h.changed(origin: 774)])
    }

    @Test func aLongDragDownNeverRubberBandsTheDrawer() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        Self.drag(h, 900)
        #expect(h.engine.origin == 774)
        #expect(h.engine.content.offset == 0)
    }

    // MARK: Otherwise the content scrolls

    @Test func atTheLowerLimitScrollingOnScrollsTheContent() throws {
        let h = DrawerHarness()
        try h.start(at: "top")
        Self.drag(h, -30)
        #expect(h.engine.origin == 59)
        #expect(h.engine.content.offset == 30)
        #expect(h.log.events.isEmpty)
    }

    @Test func pullingBackAScrolledContentScrollsItFirst() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        h.engine.content.offset = 100
        Self.drag(h, 30)
        #expect(h.engine.origin == 426)
        #expect(h.engine.content.offset == 70)
        #expect(h.log.events.isEmpty)
    }

    @Test func atTheUpperLimitPullingBackDoesNotScrollTheContentPastItsTop() throws {
        let h = DrawerHarness()
        try h.start(at: "bottom")
        Self.drag(h, 30)
        #expect(h.engine.origin == 774, "the drawer does not rubber-band")
        #expect(h.engine.content.offset == 0)
        #expect(h.log.events.isEmpty)
    }

    @Test func scrollingOnFromPastTheTopScrollsTheContentBack() throws {
        // Offset −30 with inset 20: a 5 pt push proposes −25, still not past −20.
        let h = try Self.insetHarness(offset: -30)
        Self.drag(h, -5)
        #expect(h.engine.origin == 426)
        #expect(h.engine.content.offset == -25)
        #expect(h.log.events.isEmpty)
    }

    @Test func noMovementChangesNothing() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        Self.drag(h, 0)
        #expect(h.engine.origin == 426)
        #expect(h.engine.content.offset == 0)
        #expect(h.log.events.isEmpty)
    }

    // MARK: Crossing the content's top

    @Test func aPullBackCrossingTheContentTopOnlyBringsTheContentToItsTop() throws {
        // Offset 5, a 10 pt pull: the movement that crosses the content's top stops the content
        // there and leaves the drawer (never both for one movement); the next pull moves it.
        let h = DrawerHarness()
        try h.start(at: "middle")
        h.engine.content.offset = 5
        Self.drag(h, 10)
        #expect(h.engine.content.offset == 0)
        #expect(h.engine.origin == 426)
        Self.drag(h, 10)
        #expect(h.engine.origin == 436)
        #expect(h.engine.content.offset == 0)
    }

    @Test func theResetOffsetIsPositiveZero() throws {
        let h = DrawerHarness()
        try h.start(at: "middle")
        h.engine.content.offset = 5
        Self.drag(h, 10)
        #expect(h.engine.content.offset.sign == .plus)
    }
}
