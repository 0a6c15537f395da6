import Testing
import DetentTestSupport
import DetentTime
import DetentWorld

/// The world's window changes at runtime (SPEC §8 rotate and resize): engines are told, an
/// event is emitted, bad widths are sentences listing the valid ones.
@Suite("Window changes")
struct WindowTests {
    final class Recorder: WorldEngine {
        let name = "recorder"
        var changes: [(Orientation, Double)] = []
        var isBusy: Bool { false }
        func advance(to tick: Tick, in world: World) {}
        var propertyNames: [String] { [] }
        func property(_ name: String) -> Double? { nil }
        func windowDidChange(from old: WorldConfiguration, in world: World) {
            changes.append((world.configuration.orientation, world.configuration.windowWidth))
        }
    }

    @Test func rotationTellsEnginesAndEmitsAnEvent() throws {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let recorder = Recorder()
        world.addEngine(recorder)
        var events: [WorldEvent] = []
        world.observe { events.append($0) }
        world.rotate(to: .landscape)
        #expect(recorder.changes.count == 1)
        #expect(recorder.changes.first?.0 == .landscape)
        #expect(recorder.changes.first?.1 == 852)
        world.flushEvents()
        let event = try #require(events.first)
        #expect(event.name == "world.window_changed")
        #expect(event["width"] == .number(852))
        #expect(event["size_class"] == .string("compact"))
        world.rotate(to: .landscape)
        #expect(recorder.changes.count == 1)        // no change, no call
    }

    @Test func resizeOnAPhoneNamesTheProblem() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        #expect(throws: WindowError.noMultitasking(device: "Test Phone")) { try world.resize(toWidth: 320) }
    }

    @Test func resizeToAnUnknownWidthListsTheValidOnes() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.pad()))
        do {
            try world.resize(toWidth: 500)
            Issue.record("no error")
        } catch {
            #expect(String(describing: error) == "500 pt is not a multitasking width of Test Pad in portrait (expected one of: 834 (full), 504 (2/3), 320 (1/3, slide_over))")
        }
    }

    @Test func rotationKeepsTheArrangementByNameOrFallsBackToFullScreen() throws {
        let world = World(configuration: WorldConfiguration(device: TestDevices.pad(), orientation: .landscape))
        try world.resize(toWidth: 375)
        #expect(world.configuration.multitasking?.mode == "1/3")
        world.rotate(to: .portrait)
        #expect(world.configuration.windowWidth == 320)
        #expect(world.configuration.horizontalSizeClass == .compact)
        world.rotate(to: .landscape)
        try world.resize(toWidth: 592)
        world.rotate(to: .portrait)                 // no 1/2 in portrait
        #expect(world.configuration.multitasking == nil)
        #expect(world.configuration.windowWidth == 834)
        #expect(world.configuration.horizontalSizeClass == .regular)
    }

    @Test func resizingToTheFullWidthLeavesMultitasking() throws {
        let world = World(configuration: WorldConfiguration(device: TestDevices.largePad()))
        try world.resize(toWidth: 639)
        #expect(world.configuration.horizontalSizeClass == .compact)
        try world.resize(toWidth: 1024)
        #expect(world.configuration.multitasking == nil)
        #expect(world.configuration.horizontalSizeClass == .regular)
    }
}
