import Testing
import DetentTestSupport
import DetentNavigation
import DetentTime
import DetentWorld
@testable import DetentAdaptive

/// SPEC §7 collapse and expand, driven by size-class changes from rotation and iPad
/// multitasking resizes.
@Suite("Collapse and expand")
struct CollapseExpandTests {
    /// An iPad 11" in landscape with details d1, d2 on the secondary stack.
    static func expandedWithDetails() throws -> SplitHarness {
        let h = try SplitHarness(orientation: .landscape)
        try h.push("d1")
        try h.split.showDetail(Screen(id: "d2"), sender: .other, in: h.world)
        h.settle()
        h.events.removeAll()
        return h
    }

    @Test func collapseMovesTheSecondaryScreensOntoThePrimaryStackInOrder() throws {
        let h = try Self.expandedWithDetails()
        try h.world.resize(toWidth: 592)          // 1/2 on the 11": compact
        #expect(h.split.state.isCollapsed)
        #expect(h.primaryIDs == ["a", "d1", "d2"])
        #expect(h.secondaryIDs == ["placeholder"])
        #expect(h.tabs.depth == 3)
        #expect(!h.split.primary.isTransitioning)   // without animation
    }

    @Test func collapseEventsComeInOrderAndDidCollapseAfterTheSizeChange() throws {
        let h = try Self.expandedWithDetails()
        try h.world.resize(toWidth: 375)
        h.world.flushEvents()
        #expect(h.eventNames(prefix: "split.") == ["split.will_collapse"])
        let start = h.world.time
        h.settle()
        #expect(h.eventNames(prefix: "split.") == ["split.will_collapse", "split.did_collapse"])
        let did = try #require(h.events.first { $0.name == "split.did_collapse" })
        #expect(did.time - start >= VirtualTime.nanoseconds(fromSeconds: 0.4))
        #expect(did.time - start < VirtualTime.nanoseconds(fromSeconds: 0.4 + 1.0 / 60 + 1e-9))
        #expect(h.split.state == .collapsed)
    }

    @Test func expandPopsThePrimaryToRootAndPushesOntoTheSecondaryOnceExpanded() throws {
        let h = try SplitHarness(device: TestDevices.pad(), orientation: .landscape)
        try h.world.resize(toWidth: 375)
        h.settle()
        try h.push("d1", "d2")
        #expect(h.primaryIDs == ["a", "d1", "d2"])
        h.events.removeAll()
        try h.world.resize(toWidth: 1194)
        #expect(h.primaryIDs == ["a"])
        #expect(h.secondaryIDs == ["placeholder"])     // not yet: the expansion runs
        #expect(h.tabs.depth == 1)
        h.step(23)                                     // 0.383 s
        #expect(h.secondaryIDs == ["placeholder"])
        h.step(1)                                      // 0.4 s: expansion complete
        #expect(h.secondaryIDs == ["placeholder", "d1", "d2"])
        #expect(!h.split.secondary.isTransitioning)
        h.settle()
        #expect(h.eventNames(prefix: "split.") == ["split.will_expand", "split.did_expand"])
    }

    @Test func collapseThenExpandRestoresTheStacks() throws {
        let h = try Self.expandedWithDetails()
        let before = (h.primaryIDs, h.secondaryIDs)
        try h.world.resize(toWidth: 592)
        h.settle()
        try h.world.resize(toWidth: 1194)
        h.settle()
        #expect(h.primaryIDs == before.0)
        #expect(h.secondaryIDs == before.1)
    }

    @Test func aCollapseDuringAnExpansionFinishesTheExpansionFirst() throws {
        let h = try SplitHarness(orientation: .landscape)
        try h.world.resize(toWidth: 375)
        h.settle()
        try h.push("d1")
        h.events.removeAll()
        try h.world.resize(toWidth: 1194)
        h.step(3)
        try h.world.resize(toWidth: 375)
        h.world.flushEvents()
        #expect(h.eventNames(prefix: "split.") == ["split.will_expand", "split.did_expand", "split.will_collapse"])
        #expect(h.primaryIDs == ["a", "d1"])
        #expect(h.secondaryIDs == ["placeholder"])
    }

    @Test func aSecondaryTransitionInFlightEndsBeforeTheCollapse() throws {
        let h = try SplitHarness(orientation: .landscape)
        try h.tabs.push(Screen(id: "d1"), animated: true, in: h.world)
        h.step(5)
        #expect(h.split.secondary.isTransitioning)
        try h.world.resize(toWidth: 592)
        #expect(h.primaryIDs == ["a", "d1"])
        #expect(h.secondaryIDs == ["placeholder"])
        #expect(h.split.secondary.topScreen?.parentName == "secondary")
        #expect(h.split.primary.stack[1].parentName == "primary")
    }

    @Test func rotationChangesTheSizeClassOnlyWhereTheTableSaysSo() throws {
        // 11" in 2/3 landscape (809, regular) → portrait 2/3 (504, compact): collapse.
        let h = try SplitHarness(orientation: .landscape)
        try h.world.resize(toWidth: 809)
        #expect(h.split.state == .expanded)
        h.world.rotate(to: .portrait)
        #expect(h.world.configuration.windowWidth == 504)
        #expect(h.split.state.isCollapsed)
        // Full screen rotation keeps an iPad regular.
        let full = try SplitHarness(orientation: .portrait)
        full.world.rotate(to: .landscape)
        #expect(full.split.state == .expanded)
    }

    @Test func aLargePhoneExpandsInLandscape() throws {
        let h = try SplitHarness(device: TestDevices.largePhone())
        #expect(h.split.state == .collapsed)
        try h.push("d1")
        h.world.rotate(to: .landscape)
        #expect(h.split.state.name == "expanding")
        #expect(h.primaryIDs == ["a"])
        h.settle()
        #expect(h.secondaryIDs == ["placeholder", "d1"])
        #expect(h.split.primary.container.width == 320)
        #expect(h.split.secondary.container.x == 320)
        #expect(h.split.secondary.container.width == 932 - 320)
    }

    @Test func halfWidthOnTheLargePadStaysRegular() throws {
        let h = try SplitHarness(device: TestDevices.largePad(), orientation: .landscape)
        try h.world.resize(toWidth: 678)
        #expect(h.split.state == .expanded)
        #expect(h.split.secondary.container.width == 678 - 320)
    }

    @Test func collapsedColumnsFillTheWindowAndHideTheSecondary() throws {
        let h = try SplitHarness(orientation: .landscape)
        try h.world.resize(toWidth: 375)
        #expect(h.split.primary.container.width == 375)
        #expect(h.split.secondary.container.x >= 375)
        #expect(h.split.property("split.collapsed") == 1)
        #expect(h.split.property("split.secondary_width") == 0)
    }
}
