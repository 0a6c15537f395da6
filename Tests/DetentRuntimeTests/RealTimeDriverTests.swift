import Testing
import DetentTestSupport
import DetentMotion
import DetentTime
import DetentWorld
@testable import DetentRuntime

/// A wall clock the test moves by hand.
final class ManualWallClock: WallClock {
    var nanoseconds: UInt64 = 1_000_000_000
    func now() -> UInt64 { nanoseconds }
}

/// A scheduler that fires only when the test advances the clock past its deadline.
final class ManualScheduler: TickScheduler {
    private(set) var deadline: UInt64?
    private var body: (() -> Void)?
    func schedule(at deadline: UInt64, _ body: @escaping () -> Void) {
        self.deadline = deadline
        self.body = body
    }
    func cancel() {
        deadline = nil
        body = nil
    }
    /// Moves the clock forward by `nanoseconds`, firing every timer that falls due on the way
    /// (each at its own deadline, as the real queue would).
    func advance(_ clock: ManualWallClock, by nanoseconds: UInt64) {
        let end = clock.nanoseconds + nanoseconds
        while let deadline, deadline <= end, let body {
            clock.nanoseconds = max(clock.nanoseconds, deadline)
            self.deadline = nil
            self.body = nil
            body()
        }
        clock.nanoseconds = end
    }
}

private func makeWorld(_ rate: RefreshRate = .fixed(hz: 60)) -> World {
    World(configuration: WorldConfiguration(device: TestDevices.phone(refresh: rate)))
}

@Suite("Real-time mode: a display link on the wall clock (SPEC §1)")
struct RealTimeDriverTests {
    @Test func ticksAtTheDisplayRateWhileSomethingAnimates() {
        let world = makeWorld(), clock = ManualWallClock(), scheduler = ManualScheduler()
        let driver = RealTimeDriver(world: world, clock: clock, scheduler: scheduler)
        world.animators.animate(name: "a", from: 0, to: 1, duration: 10, curve: .linear, in: world)
        driver.start()
        scheduler.advance(clock, by: 500_000_000)   // half a second of wall time
        #expect(world.frame == 31)                  // the first frame fires at once, then every 1/60 s
        #expect(world.time == world.displayLink.time(ofGridIndex: 31))
    }

    @Test func slowMotionStretchesVirtualTime() {
        let world = makeWorld(), clock = ManualWallClock(), scheduler = ManualScheduler()
        let driver = RealTimeDriver(world: world, clock: clock, scheduler: scheduler)
        driver.speed = 0.25
        world.animators.animate(name: "a", from: 0, to: 1, duration: 10, curve: .linear, in: world)
        driver.start()
        scheduler.advance(clock, by: 1_000_000_000)
        // One wall second at 0.25× is a quarter of a virtual second: 15 frames, plus the first.
        #expect(world.frame == 16)
    }

    @Test func goesSilentWhenIdleAndCatchesUpOnWake() {
        let world = makeWorld(), clock = ManualWallClock(), scheduler = ManualScheduler()
        let driver = RealTimeDriver(world: world, clock: clock, scheduler: scheduler)
        world.animators.animate(name: "a", from: 0, to: 1, duration: 0.1, curve: .linear, in: world)
        driver.start()
        scheduler.advance(clock, by: 200_000_000)
        #expect(!world.isBusy)
        #expect(scheduler.deadline == nil)          // no timer at all: an idle world costs nothing
        let framesWhenIdle = world.frame
        scheduler.advance(clock, by: 10_000_000_000) // ten idle seconds
        #expect(world.frame == framesWhenIdle)
        driver.perform {
            world.animators.animate(name: "b", from: 0, to: 1, duration: 1, curve: .linear, in: world)
        }
        // Virtual time caught up with the wall clock (10.2 s), counting the idle frames.
        #expect(world.time > 10_100_000_000)
        #expect(world.frame >= 600)
        #expect(scheduler.deadline != nil)
    }

    @Test func anEventEmittedWhileIdleIsDeliveredByTheNextFrame() {
        let world = makeWorld(), clock = ManualWallClock(), scheduler = ManualScheduler()
        let driver = RealTimeDriver(world: world, clock: clock, scheduler: scheduler)
        var seen: [(name: String, frame: Int64)] = []
        world.observe { seen.append(($0.name, world.frame)) }
        driver.start()
        scheduler.advance(clock, by: 1_000_000_000)  // idle: no timer
        #expect(scheduler.deadline == nil)
        driver.perform { world.emit("custom.ping") }
        // A frame is due at once (the world caught up with the wall clock first), not never.
        #expect(scheduler.deadline.map { $0 <= clock.nanoseconds } == true)
        let caughtUp = world.frame
        scheduler.advance(clock, by: 20_000_000)
        #expect(seen.map(\.name) == ["custom.ping"])
        #expect(seen.first?.frame == caughtUp + 1)
        #expect(scheduler.deadline == nil)          // delivered: idle again
    }

    @Test func aLateCallbackDropsTheFramesItMissed() {
        let world = makeWorld(), clock = ManualWallClock(), scheduler = ManualScheduler()
        let driver = RealTimeDriver(world: world, clock: clock, scheduler: scheduler)
        world.animators.animate(name: "a", from: 0, to: 1, duration: 10, curve: .linear, in: world)
        var ticks: [Tick] = []
        driver.onTick = { ticks.append($0) }
        driver.start()
        let due = scheduler.deadline!
        #expect(due == clock.nanoseconds)
        scheduler.advance(clock, by: 0)             // frame 1 at once
        // The next callback is 100 ms late (the machine was busy): 6 whole frames were missed.
        clock.nanoseconds = scheduler.deadline! + 100_000_000
        scheduler.advance(clock, by: 0)
        #expect(ticks.last?.droppedFrames == 6)
        // Frame 1 targeted 1/60 s; the late tick shows the frame due 6 frames later, at 7/60 s.
        #expect(ticks.last!.timestamp == world.displayLink.time(ofGridIndex: 7))
    }

    @Test func pauseFreezesVirtualTimeAndStepAdvancesFrameByFrame() {
        let world = makeWorld(), clock = ManualWallClock(), scheduler = ManualScheduler()
        let driver = RealTimeDriver(world: world, clock: clock, scheduler: scheduler)
        world.animators.animate(name: "a", from: 0, to: 1, duration: 10, curve: .linear, in: world)
        driver.start()
        scheduler.advance(clock, by: 100_000_000)
        driver.pause()
        let frame = world.frame
        scheduler.advance(clock, by: 5_000_000_000)
        #expect(world.frame == frame)
        #expect(scheduler.deadline == nil)
        driver.step(3)
        #expect(world.frame == frame + 3)
        driver.resume()
        scheduler.advance(clock, by: 100_000_000)
        #expect(world.frame == frame + 3 + 7)       // resumes from where it stood, not from the wall clock
    }

    @Test func theDispatchSchedulerFiresOnItsQueue() async {
        let queue = DispatchQueue(label: "detent.test.world")
        // Owned by the queue, and kept alive by `owned` until the timer has fired.
        let owned = QueueOwned(queue: queue) { DispatchTickScheduler(queue: queue) }
        await withCheckedContinuation { continuation in
            owned.async { scheduler in
                scheduler.schedule(at: DispatchTime.now().uptimeNanoseconds + 1_000_000) {
                    dispatchPrecondition(condition: .onQueue(queue))
                    continuation.resume()
                }
            }
        }
        withExtendedLifetime(owned) {}
    }
}

import Dispatch
