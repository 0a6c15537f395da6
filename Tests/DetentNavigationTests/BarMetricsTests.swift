import Testing
import DetentTestSupport
import DetentWorld
@testable import DetentNavigation

/// Where a navigation engine lives, for the bar metrics of SPEC §3.
enum BarContainer: String, CaseIterable, CustomTestStringConvertible {
    case phonePortrait, phoneLandscape, pad, sheet

    var testDescription: String { rawValue }

    func harness() -> NavigationHarness {
        switch self {
        case .phonePortrait: return NavigationHarness()
        case .phoneLandscape: return NavigationHarness(orientation: .landscape)
        case .pad: return NavigationHarness(device: TestDevices.pad())
        case .sheet: return NavigationHarness(inSheet: true)
        }
    }

    /// The plain bar's height: 44 phone portrait, 32 phone landscape, 50 iPad, 56 in a sheet.
    var plainHeight: Double {
        switch self {
        case .phonePortrait: return 44
        case .phoneLandscape: return 32
        case .pad: return 50
        case .sheet: return 56
        }
    }

    /// The container's own top safe inset: the device's when full screen, 0 in a sheet.
    var containerTop: Double {
        switch self {
        case .phonePortrait: return 59
        case .phoneLandscape: return 0
        case .pad: return 24
        case .sheet: return 0
        }
    }
}

/// SPEC §3 bar metrics: barHeight(for:) by idiom, orientation, large title, prompt and sheet,
/// and the top inset max(bar height, 44) a visible bar adds.
@Suite("Bar metrics")
struct BarMetricsTests {
    @Test(arguments: BarContainer.allCases)
    func aPlainBarHasTheContainersHeight(container: BarContainer) {
        let h = container.harness()
        #expect(h.engine.barHeight(for: makeScreen("a")) == container.plainHeight)
    }

    @Test(arguments: BarContainer.allCases)
    func aLargeTitleAdds52(container: BarContainer) {
        let h = container.harness()
        #expect(h.engine.barHeight(for: makeScreen("a", largeTitle: true)) == container.plainHeight + 52)
    }

    @Test(arguments: BarContainer.allCases)
    func aPromptAdds30(container: BarContainer) {
        let h = container.harness()
        #expect(h.engine.barHeight(for: makeScreen("a", prompt: "Pick one")) == container.plainHeight + 30)
    }

    @Test(arguments: BarContainer.allCases)
    func aLargeTitleAndAPromptAddUp(container: BarContainer) {
        let h = container.harness()
        #expect(h.engine.barHeight(for: makeScreen("a", largeTitle: true, prompt: "Pick one")) == container.plainHeight + 82)
    }

    @Test func aLargeTitleOnAPhoneInPortraitIs96() {
        #expect(NavigationHarness().engine.barHeight(for: makeScreen("a", largeTitle: true)) == 96)
    }

    @Test(arguments: BarContainer.allCases)
    func aVisibleBarAddsAtLeast44OfTopInset(container: BarContainer) throws {
        let h = container.harness()
        let a = try h.start(with: "a")[0]
        let inset = max(container.plainHeight, 44)
        #expect(h.engine.currentBarInset == inset)
        #expect(a.safeAreaInsets.top == container.containerTop + inset)
        #expect(a.contentTop == container.containerTop + inset)
    }

    @Test func aPhoneInLandscapeKeepsItsSideInsets() throws {
        let h = NavigationHarness(orientation: .landscape)
        let a = try h.start(with: "a")[0]
        #expect(a.frame.width == 852)
        #expect(a.safeAreaInsets.left == 59)
        #expect(a.safeAreaInsets.right == 59)
        #expect(a.safeAreaInsets.bottom == 21)
    }

    @Test func theBarHeightAtRestIsTheTopScreens() throws {
        let h = NavigationHarness()
        try h.start(with: [makeScreen("a"), makeScreen("b", largeTitle: true)])
        #expect(h.engine.currentBarHeight == 96)
    }
}
