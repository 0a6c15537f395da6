import Testing
import DetentTestSupport
import DetentMotion
import DetentTime
@testable import DetentWorld

/// An engine that records the phases it sees, to check SPEC §1's order.
final class RecordingEngine: WorldEngine, RecognizesGestures, LaysOut {
    let name: String
    var log: [String]
    var busy = false
    var deadline: Nanoseconds?
    init(name: String, log: [String] = []) {
        self.name = name
        self.log = log
    }
    func updateGestures(for tick: Tick, in world: World) { log.append("\(name).gestures@\(tick.frame)") }
    func advance(to tick: Tick, in world: World) {
        log.append("\(name).advance@\(tick.frame)")
        world.emit("\(name).advanced", [("tick", .integer(tick.frame))])
    }
    func layout(for tick: Tick, in world: World) { log.append("\(name).layout@\(tick.frame)") }
    var isBusy: Bool { busy }
    var nextDeadline: Nanoseconds? { deadline }
    var propertyNames: [String] { ["\(name).frames"] }
    func property(_ name: String) -> Double? { name == "\(self.name).frames" ? Double(log.count) : nil }
}

/// An engine with neither gesture recognizers nor layout: it only advances.
final class AdvancingEngine: WorldEngine {
    let name: String
    var log: [String] = []
    init(name: String) { self.name = name }
    func advance(to tick: Tick, in world: World) { log.append("\(name).advance@\(tick.frame)") }
    var isBusy: Bool { false }
    var propertyNames: [String] { [] }
    func property(_ name: String) -> Double? { nil }
}

@Suite("The world steps engines in SPEC §1's fixed order")
struct WorldTests {
    @Test func enginesWithoutGesturesOrLayoutOnlyAdvanceBetweenThoseWithThem() {
        // Phases 2 and 4 skip an engine that declares neither; the others still see every
        // phase, in order, engine by engine.
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let a = RecordingEngine(name: "a"), plain = AdvancingEngine(name: "p"), b = RecordingEngine(name: "b")
        world.addEngine(a)
        world.addEngine(plain)
        world.addEngine(b)
        world.step()
        world.step()
        #expect(plain.log == ["p.advance@1", "p.advance@2"])
        #expect(a.log == ["a.gestures@1", "a.advance@1", "a.layout@1", "a.gestures@2", "a.advance@2", "a.layout@2"])
        #expect(b.log == ["b.gestures@1", "b.advance@1", "b.layout@1", "b.gestures@2", "b.advance@2", "b.layout@2"])
    }

    @Test func phasesRunInOrderEngineByEngine() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let a = RecordingEngine(name: "a"), b = RecordingEngine(name: "b")
        world.addEngine(a)
        world.addEngine(b)
        var seen: [String] = []
        world.observe { event in seen.append("event \(event.name) (a has \(a.log.count), b has \(b.log.count))") }
        world.step()
        #expect(a.log == ["a.gestures@1", "a.advance@1", "a.layout@1"])
        #expect(b.log == ["b.gestures@1", "b.advance@1", "b.layout@1"])
        // Events are delivered after every engine's layout (phase 5 after phase 4).
        #expect(seen == ["event a.advanced (a has 3, b has 3)", "event b.advanced (a has 3, b has 3)"])
    }

    @Test func eventsAreBufferedPerTickAndClearedAtTheNext() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        world.addEngine(RecordingEngine(name: "a"))
        world.step()
        #expect(world.events.map(\.name) == ["a.advanced"])
        #expect(world.events.first?["tick"] == .integer(1))
        world.step()
        #expect(world.events.count == 1)
        #expect(world.events.first?.frame == 2)
    }

    /// Adds `late` to the world during its own advance phase, once.
    final class SpawningEngine: WorldEngine {
        let name = "spawner"
        let late: RecordingEngine
        init(late: RecordingEngine) { self.late = late }
        func advance(to tick: Tick, in world: World) {
            if !world.engines.contains(where: { $0 === late }) { world.addEngine(late) }
        }
        var isBusy: Bool { false }
        var propertyNames: [String] { [] }
        func property(_ name: String) -> Double? { nil }
    }

    @Test func anEngineAddedDuringAPhaseJoinsFromTheNextPhase() {
        // Eight engines (the touches and the animators, then six) fill the phase list's first
        // block: the one added during the advance phase moves it while that phase walks it.
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let before = (1...2).map { RecordingEngine(name: "before\($0)") }
        let after = (1...3).map { RecordingEngine(name: "after\($0)") }
        let late = RecordingEngine(name: "late")
        before.forEach { world.addEngine($0) }
        world.addEngine(SpawningEngine(late: late))
        after.forEach { world.addEngine($0) }
        #expect(world.engineCount == 8)
        world.step()
        #expect(world.engineCount == 9)
        for engine in before + after {
            #expect(engine.log == ["\(engine.name).gestures@1", "\(engine.name).advance@1", "\(engine.name).layout@1"])
        }
        #expect(late.log == ["late.layout@1"])
        #expect(world.events.map(\.name) == ["before1.advanced", "before2.advanced", "after1.advanced", "after2.advanced", "after3.advanced"])
        world.step()
        #expect(late.log == ["late.layout@1", "late.gestures@2", "late.advance@2", "late.layout@2"])
        #expect(world.events.map(\.name).last == "late.advanced")
    }

    @Test func eachEventReachesObserversOnceAndEventsEmittedWhileDeliveringWaitForTheNextFlush() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        world.addEngine(RecordingEngine(name: "a"))
        var seen: [String] = []
        world.observe { event in
            seen.append("\(event.name)@\(event.frame)")
            if event.name == "a.advanced" { world.emit("reply") }
        }
        world.step()
        #expect(seen == ["a.advanced@1"])
        #expect(world.events.map(\.name) == ["a.advanced"])
        // Between frames a flush delivers at once, after the tick's events.
        let mark = world.eventMark
        world.emit("between")
        world.flushEvents()
        #expect(seen == ["a.advanced@1", "reply@1", "between@1"])
        #expect(world.events.map(\.name) == ["a.advanced", "reply", "between"])
        #expect(world.events(emittedSince: mark).map(\.name) == ["between"])
        // The reply to the second tick's event waits for the next flush.
        world.step()
        #expect(seen == ["a.advanced@1", "reply@1", "between@1", "a.advanced@2"])
        #expect(world.events.map(\.name) == ["a.advanced"])
        world.step()
        #expect(seen.suffix(2) == ["reply@2", "a.advanced@3"])
        #expect(world.eventMark == 6 + 1)   // 6 delivered, the third tick's reply pending
    }

    @Test func timeIsTheTargetTimestampOfTheLastTick() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        #expect(world.time == 0)
        let tick = world.step()
        #expect(world.time == tick.targetTimestamp)
        #expect(world.frame == 1)
    }

    @Test func fastForwardOnlyWhenIdleAndNeverPastAnEngineDeadline() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let engine = RecordingEngine(name: "a")
        world.addEngine(engine)
        engine.busy = true
        #expect(world.fastForward(toward: VirtualTime.nanosecondsPerSecond) == 0)
        engine.busy = false
        engine.deadline = 500_000_000
        let skipped = world.fastForward(toward: VirtualTime.nanosecondsPerSecond)
        #expect(skipped == 29)
        world.step()
        #expect(world.time == 500_000_000)
        #expect(world.frame == 30)
    }

    @Test func tracesSampleWhenAddedAndEveryFrameAfterEvents() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let slot = world.animators.animate(name: "x", from: 0, to: 60, duration: 1, curve: .linear, in: world)
        let trace = TraceRecorder(names: ["x.value", "missing.value"])
        world.addTrace(trace)
        for _ in 0..<3 { world.step() }
        // The first sample is the state when the trace was added (frame 0), so a series sees
        // the first frame's step.
        #expect(trace.frames == [0, 1, 2, 3])
        #expect(trace.times == [0, 16_666_666, 33_333_333, 50_000_000])
        #expect(trace.series("x.value")!.values.map { ($0! * 1e6).rounded() / 1e6 } == [0, 1, 2, 3])
        #expect(trace.series("missing.value")!.values == [nil, nil, nil, nil])
        #expect(slot.state == .running)
    }

    @Test func animatorsAreFunctionsOfTimeAcrossDroppedFrames() {
        let smooth = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let janky = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let a = smooth.animators.animate(name: "x", from: 0, to: 100, duration: 0.5, curve: .sheet, in: smooth)
        let b = janky.animators.animate(name: "x", from: 0, to: 100, duration: 0.5, curve: .sheet, in: janky)
        for _ in 0..<12 { smooth.step() }
        janky.dropFrames(5)
        for _ in 0..<7 { janky.step() }   // 5 dropped + 7 delivered = 12 frame periods
        #expect(smooth.time == janky.time)
        #expect(a.value == b.value)
    }

    @Test func animatorFinishesExactlyAndEmitsAnEvent() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        world.animators.animate(name: "fade", from: 1, to: 0, duration: 0.25, curve: .easeInEaseOut, in: world)
        var finished: [WorldEvent] = []
        world.observe { if $0.name == "animator.finished" { finished.append($0) } }
        while world.isBusy { world.step() }
        #expect(world.property("fade.value") == 0)
        #expect(finished.count == 1)
        #expect(finished.first?["animator"] == .string("fade"))
        // 0.25 s at 60 Hz: frame 15 is the first whose target reaches it.
        #expect(finished.first?.frame == 15)
    }

    @Test func springRetargetKeepsPositionAndVelocityContinuous() {
        let world = World(configuration: WorldConfiguration(device: TestDevices.phone()))
        let slot = world.animators.spring(name: "s", from: 0, to: 300, velocity: 0,
                                          parameters: SpringParameters(mass: 1, stiffness: 200, damping: 2 * 200.0.squareRoot()), in: world)
        for _ in 0..<10 { world.step() }
        let (value, velocity) = (slot.value, slot.velocity)
        #expect(world.animators.retarget(slot, to: 100, in: world))
        #expect(slot.value == value)
        #expect(abs(slot.velocity - velocity) < 1e-9)
        while world.isBusy { world.step() }
        #expect(slot.value == 100)
    }

    @Test func sameInputsGiveTheSameWorldBitForBit() {
        func run() -> [Double?] {
            let world = World(configuration: WorldConfiguration(device: TestDevices.phone(refresh: .variable(minimumHz: 10, maximumHz: 120))))
            world.animators.spring(name: "s", from: 0, to: 500, velocity: 2400,
                                   parameters: SpringParameters(dampingRatio: 0.6, response: 0.4), in: world)
            world.animators.animate(name: "t", from: 10, to: -10, duration: 0.3, curve: .default, in: world)
            world.setJank(JankPattern(every: 7, drop: 2))
            var samples: [Double?] = []
            for _ in 0..<200 { world.step(); samples += world.stateFingerprint() + [Double(world.time)] }
            return samples
        }
        #expect(run() == run())
    }
}
