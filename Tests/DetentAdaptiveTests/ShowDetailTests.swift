import Testing
import DetentTestSupport
import DetentNavigation
import DetentWorld
@testable import DetentAdaptive

/// SPEC §7 show_detail(screen, sender): collapsed pushes onto the primary stack; expanded
/// follows the sender and placeholder rules of the seed article.
@Suite("show_detail")
struct ShowDetailTests {
    @Test func collapsedPushesOntoThePrimaryStackAnimatedAndCountsDepth() throws {
        let h = try SplitHarness(device: TestDevices.phone())
        #expect(h.split.state == .collapsed)
        let d = Screen(id: "d")
        try h.split.showDetail(d, sender: .primary, in: h.world)
        #expect(h.primaryIDs == ["a", "d"])
        #expect(h.split.primary.isTransitioning)
        #expect(h.tabs.depth == 2)
        #expect(h.secondaryIDs == ["placeholder"])
    }

    @Test func expandedFromPrimaryOverThePlaceholderPushesAnimated() throws {
        let h = try SplitHarness()
        #expect(h.split.state == .expanded)
        try h.split.showDetail(Screen(id: "d"), sender: .primary, in: h.world)
        #expect(h.secondaryIDs == ["placeholder", "d"])
        #expect(h.split.secondary.isTransitioning)
        #expect(h.primaryIDs == ["a"])
        #expect(h.tabs.depth == 1)
    }

    @Test func expandedFromPrimaryOverADetailPopsToRootThenPushesWithoutAnimation() throws {
        let h = try SplitHarness()
        try h.split.showDetail(Screen(id: "d1"), sender: .primary, in: h.world)
        h.settle()
        try h.split.secondary.push(Screen(id: "d2"), animated: false, in: h.world)
        try h.split.showDetail(Screen(id: "d3"), sender: .screen(h.roots[0]), in: h.world)
        #expect(h.secondaryIDs == ["placeholder", "d3"])
        #expect(!h.split.secondary.isTransitioning)
    }

    @Test func expandedFromElsewhereKeepsTheStackAndPushesAnimated() throws {
        let h = try SplitHarness()
        try h.split.showDetail(Screen(id: "d1"), sender: .primary, in: h.world)
        h.settle()
        try h.split.showDetail(Screen(id: "d2"), sender: .other, in: h.world)
        #expect(h.secondaryIDs == ["placeholder", "d1", "d2"])
        #expect(h.split.secondary.isTransitioning)
    }

    @Test func aScreenThatIsNotTheSelectedRootIsNotThePrimary() throws {
        let h = try SplitHarness()
        try h.split.showDetail(Screen(id: "d1"), sender: .primary, in: h.world)
        h.settle()
        // roots[1] is a tab root, but not the selected one.
        try h.split.showDetail(Screen(id: "d2"), sender: .screen(h.roots[1]), in: h.world)
        #expect(h.secondaryIDs == ["placeholder", "d1", "d2"])
    }

    @Test func embeddedPushGoesThroughShowDetailWithThePrimaryAsSender() throws {
        let h = try SplitHarness()
        try h.push("d1", "d2")
        #expect(h.secondaryIDs == ["placeholder", "d2"])
        #expect(h.primaryIDs == ["a"])
    }

    @Test func aScreenAlreadyInAStackIsRefused() throws {
        let h = try SplitHarness()
        #expect(throws: AdaptiveError.screenInUse("a")) {
            try h.split.showDetail(h.roots[0], sender: .other, in: h.world)
        }
        #expect(throws: AdaptiveError.screenInUse("placeholder")) {
            try h.split.showDetail(h.split.placeholder, sender: .other, in: h.world)
        }
    }
}
