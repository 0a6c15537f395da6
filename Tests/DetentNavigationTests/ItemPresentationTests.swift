import Testing
import DetentWorld
@testable import DetentNavigation

/// SPEC §4: each bar item's x offset and alpha per frame, in the `system` style (titles slide
/// and cross-fade, back buttons cross-fade in place) and the `attached` style (items move with
/// their screen at full alpha). Checked on frame 10 of a 393 pt wide transition.
@Suite("Bar item presentation")
struct ItemPresentationTests {
    static let frame = 10

    @Test func atRestOnlyTheTopScreensItemsShow() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        #expect(h.engine.itemPresentation(of: s[1]) == .init(titleX: 0, titleAlpha: 1, backX: 0, backAlpha: 1))
        #expect(h.engine.itemPresentation(of: s[0]) == nil)
    }

    @Test func theRootHasNoBackButton() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        #expect(h.engine.itemPresentation(of: a) == .init(titleX: 0, titleAlpha: 1, backX: 0, backAlpha: 0))
    }

    @Test func systemStyleMidPushSlidesTheIncomingTitleInFromHalfTheWidth() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(Self.frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        let item = try #require(h.engine.itemPresentation(of: b))
        expectClose(item.titleX, 393.0 / 2 * (1 - e))
        expectClose(item.titleAlpha, e)
        #expect(item.backX == 0)
        expectClose(item.backAlpha, e)
    }

    @Test func systemStyleMidPushSlidesTheOutgoingTitleAThirdOfTheWidthAway() throws {
        let h = NavigationHarness()
        let a = try h.start(with: "a")[0]
        try h.engine.push(makeScreen("b"), animated: true, in: h.world)
        h.step(Self.frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        let item = try #require(h.engine.itemPresentation(of: a))
        expectClose(item.titleX, -393.0 / 3 * e)
        expectClose(item.titleAlpha, 1 - e)
        #expect(item.backX == 0)
        #expect(item.backAlpha == 0, "the root has no back button")
    }

    @Test func systemStyleMidPopMirrorsThePush() throws {
        let h = NavigationHarness()
        let s = try h.start(with: "a", "b")
        h.engine.pop(animated: true, in: h.world)
        h.step(Self.frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        let incoming = try #require(h.engine.itemPresentation(of: s[0]))
        expectClose(incoming.titleX, -393.0 / 2 * (1 - e))
        expectClose(incoming.titleAlpha, e)
        #expect(incoming.backAlpha == 0)
        let outgoing = try #require(h.engine.itemPresentation(of: s[1]))
        expectClose(outgoing.titleX, 393.0 / 3 * e)
        expectClose(outgoing.titleAlpha, 1 - e)
        expectClose(outgoing.backAlpha, 1 - e)
    }

    @Test func attachedStyleMidPushMovesItemsWithTheirScreens() throws {
        let h = NavigationHarness()
        h.engine.barStyle = .attached
        let a = try h.start(with: "a")[0]
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(Self.frame)
        let e = sheetProgress(at: h.world.time, start: 0)
        let incoming = try #require(h.engine.itemPresentation(of: b))
        expectClose(incoming.titleX, 393 * (1 - e))
        expectClose(incoming.backX, 393 * (1 - e))
        #expect(incoming.titleAlpha == 1)
        #expect(incoming.backAlpha == 1)
        let outgoing = try #require(h.engine.itemPresentation(of: a))
        expectClose(outgoing.titleX, -0.3 * 393 * e)
        #expect(outgoing.titleAlpha == 1)
        #expect(outgoing.backAlpha == 0)
    }

    @Test func attachedStyleShowsTheBarWithTheSecondScreenWhenTheRootHidesIt() throws {
        let h = NavigationHarness()
        h.engine.barStyle = .attached
        try h.start(with: "a")
        // The root prefers no bar (seed article 004: it hides it in viewWillAppear).
        h.engine.stack[0].navigationItem.prefersBarHidden = true
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(Self.frame)
        #expect(h.engine.itemPresentation(of: h.engine.stack[0])?.titleAlpha == 0)
        let incoming = try #require(h.engine.itemPresentation(of: b))
        expectClose(incoming.titleX, b.frame.x)
        #expect(incoming.titleAlpha == 1)
        #expect(incoming.backAlpha == 1)
    }

    @Test func itemPropertiesReadThePresentation() throws {
        let h = NavigationHarness()
        try h.start(with: "a")
        let b = makeScreen("b")
        try h.engine.push(b, animated: true, in: h.world)
        h.step(Self.frame)
        let item = try #require(h.engine.itemPresentation(of: b))
        #expect(h.world.property("navigation.item.b.title_x") == item.titleX)
        #expect(h.world.property("navigation.item.b.title_alpha") == item.titleAlpha)
        #expect(h.world.property("navigation.item.b.back_x") == item.backX)
        #expect(h.world.property("navigation.item.b.back_alpha") == item.backAlpha)
    }
}
