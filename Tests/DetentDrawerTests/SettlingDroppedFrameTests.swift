import Testing
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentDrawer

/// SPEC §1: animations are functions of time, not of frame count — a dropped frame shows up
/// as a timestamp gap and the settling drawer is where the spring's closed form puts it at the
/// frame's target time. The release is `DrawerHarness.flickUp()` (600 pt/s up from 366).
@Suite("Drawer settling across dropped frames")
struct SettlingDroppedFrameTests {
    /// Origins by target time (ns) from the release frame until the drawer rests, dropping
    /// `drops[k]` frames before the k-th frame after the release.
    static func run(drops: [Int: Int]) throws -> (origins: [Nanoseconds: Double], h: DrawerHarness, velocity: Double, start: Nanoseconds) {
        let h = DrawerHarness()
        try h.start(at: "middle")
        let (_, ended) = try h.flickUp()
        let velocity = try #require(number(ended, "vy"))
        let start = h.world.time
        var origins: [Nanoseconds: Double] = [start: h.engine.origin]
        var k = 1
        while h.engine.isBusy {
            if let count = drops[k] { h.world.dropFrames(count) }
            let tick = h.world.step()
            #expect(tick.droppedFrames == drops[k] ?? 0)
            origins[tick.targetTimestamp] = h.engine.origin
            k += 1
        }
        return (origins, h, velocity, start)
    }

    @Test func eachFrameShowsTheClosedFormAtItsTargetTimeDespiteDrops() throws {
        let (origins, _, velocity, start) = try Self.run(drops: [2: 3, 5: 1, 9: 4])
        let spring = Spring(parameters: settlingSpring, displacement: 366 - 59, velocity: velocity)
        for (time, origin) in origins {
            let elapsed = VirtualTime.seconds(time) - VirtualTime.seconds(start)
            let expected = elapsed >= spring.settleTime ? 59 : 59 + spring.displacement(at: elapsed)
            expectClose(origin, expected, tolerance: 1e-9)
        }
    }

    @Test func aJankyRunShowsTheSameOriginsAsASmoothOneAtTheSameTimes() throws {
        let smooth = try Self.run(drops: [:])
        let janky = try Self.run(drops: [2: 3, 5: 1, 9: 4])
        #expect(janky.origins.count < smooth.origins.count)
        for (time, origin) in janky.origins {
            #expect(smooth.origins[time] == origin, "at \(time) ns")
        }
    }

    @Test func aDropOverTheSettleTimeSettlesOnTheNextFrame() throws {
        let smooth = try Self.run(drops: [:])
        let settledAt = try #require(smooth.origins.keys.max())
        // Drop enough frames after the release to jump past the settle time in one tick.
        let frames = Int((settledAt - smooth.start) / smooth.h.world.displayLink.gridPeriod) + 2
        let janky = try Self.run(drops: [1: frames])
        #expect(janky.origins.count == 2, "the release frame and the one after the drop")
        #expect(janky.h.engine.origin == 59)
        #expect(janky.h.engine.state == .resting(anchor: "top"))
        #expect(janky.h.events("drawer.settled").count == 1)
    }
}
