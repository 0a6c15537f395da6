import Testing
import DetentWorld
@testable import DetentPager

/// Rotation and iPad multitasking resizes: pages without a given width are as wide as the
/// window and follow it, the offset staying on the same page; a given width stays. The test
/// phone is 393 wide in portrait, 852 in landscape (safe insets 0 top, 21 bottom).
@Suite("Pager window changes")
struct PagerWindowTests {
    @Test func withoutAGivenWidthThePagesAreTheWindowsWidth() throws {
        let h = try PagerHarness(pageWidth: nil, spacing: 10, at: 3)
        #expect(h.engine.geometry.pageWidth == 393)
        #expect(h.engine.offset == 2 * 403)
    }

    @Test func aPagerRestingOnAPageStaysOnItAtTheNewWidth() throws {
        let h = try PagerHarness(pageWidth: nil, spacing: 10, at: 3)
        h.world.rotate(to: .landscape)
        #expect(h.engine.geometry.pageWidth == 852)
        #expect(h.engine.offset == 2 * 862)
        #expect(h.engine.state == .resting(page: 3))
        #expect(h.engine.page == 3)
        #expect(!h.engine.isBusy, "no animation: UIKit relayouts on rotation")
        h.world.flushEvents()
        #expect(h.eventNames == ["world.window_changed", "pager.changed"])
        #expect(h.events("pager.changed") == [h.changed(offset: 1724)])
        h.world.rotate(to: .portrait)
        #expect(h.engine.offset == 806)
    }

    @Test func aGivenWidthStaysAndSoDoesTheOffset() throws {
        let h = try PagerHarness(at: 3)
        h.world.rotate(to: .landscape)
        #expect(h.engine.geometry.pageWidth == 300)
        #expect(h.engine.offset == 640)
        h.world.flushEvents()
        #expect(h.eventNames == ["world.window_changed"])
    }

    @Test func theDefaultFrameFollowsTheWindow() throws {
        let h = try PagerHarness(at: 1)
        #expect((h.engine.top, h.engine.height) == (Pages.top, Pages.height))
        h.world.rotate(to: .landscape)
        #expect((h.engine.top, h.engine.height) == (0, 393 - 21))
        #expect(h.world.locate("pager.page") == Point(x: 426, y: 186))
    }

    @Test func aGivenFrameStays() throws {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let engine = try PagerEngine(world: world, defaults: PagerDefaults(), pages: 3, top: 100, height: 200)
        engine.attach(to: world)
        world.rotate(to: .landscape)
        #expect((engine.top, engine.height) == (100, 200))
    }

    @Test func aSettlingPagerArrivesAtItsPagesNewOffset() throws {
        let h = try PagerHarness(pageWidth: nil, spacing: 0, at: 1)
        try h.engine.scroll(toPage: 3, animated: true, in: h.world)
        h.step(5)
        let position = h.engine.position
        h.world.rotate(to: .landscape)
        expectClose(h.engine.position, position, tolerance: 1e-12)
        #expect(h.engine.state == .settling(page: 3))
        h.stepUntilResting()
        #expect(h.engine.offset == 2 * 852)
        #expect(h.engine.state == .resting(page: 3))
    }

    @Test func aDraggedPagerStaysUnderTheFinger() throws {
        let h = try PagerHarness(pageWidth: nil, spacing: 0, at: 2)
        let (touch, _, _) = try h.finger(through: [100], lift: false)
        h.step(2)
        #expect(h.engine.offset == 393 + 100)
        h.world.rotate(to: .landscape)
        let offset = h.engine.offset
        expectClose(offset, (393.0 + 100) / 393 * 852)
        try h.world.touches.move(touch, to: Point(x: 90, y: Pages.centreY), at: h.frameTime(ahead: 1))
        h.step()
        expectClose(h.engine.offset, offset + 10)
    }

    @Test func anIPadResizeKeepsThePage() throws {
        let h = try PagerHarness(pageWidth: nil, spacing: 0, at: 2, device: TestDevices.pad())
        #expect(h.engine.offset == 834)
        try h.world.resize(toWidth: 320)
        #expect(h.engine.offset == 320)
        #expect(h.engine.page == 2)
    }
}
