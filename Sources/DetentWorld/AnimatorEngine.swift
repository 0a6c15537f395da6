import DetentMotion
import DetentTime

/// Generic value animators that scripts start with `world:animate{...}` and
/// `world:spring{...}` (before the container engines exist, they exercise the run loop for
/// real; later engines use the same motion types). Values in points, velocities in pt/s.
///
/// Properties: `<name>.value`, `<name>.velocity`. Events: `animator.started`,
/// `animator.finished`, `animator.stopped` with `animator` (its name) and `value`.
public final class AnimatorEngine: WorldEngine {
    public let name = "animators"

    /// A handle to one animator (what scripts hold). The motion itself lives in the
    /// engine's contiguous storage, so that the per-frame update touches plain arrays
    /// through one buffer access per tick instead of one checked access per animator.
    public final class Slot {
        public enum State: String { case running, finished, stopped }
        public let name: String
        unowned let engine: AnimatorEngine
        fileprivate let kind: Kind
        fileprivate let index: Int
        fileprivate enum Kind { case timing, spring }

        fileprivate init(name: String, engine: AnimatorEngine, kind: Kind, index: Int) {
            self.name = name
            self.engine = engine
            self.kind = kind
            self.index = index
        }

        public var state: State {
            kind == .timing ? engine.timings[index].state : engine.springs[index].state
        }
        public var value: Double { engine.value(of: self) }
        /// pt/s
        public var velocity: Double { engine.velocity(of: self) }
        /// The value it is heading for.
        public var target: Double {
            kind == .timing ? engine.timings[index].animator.to : engine.springs[index].animator.target
        }
        public var isSpring: Bool { kind == .spring }
        /// A spring animator's constants; nil for a timing animation.
        public var springParameters: SpringParameters? {
            kind == .spring ? engine.springs[index].animator.parameters : nil
        }
    }

    fileprivate struct Stored<Motion: Animator> {
        var animator: Motion
        var state: Slot.State = .running

        /// Advances a running animator; true when this call finished it.
        mutating func advance(to seconds: Double) -> Bool {
            guard state == .running else { return false }
            animator.advance(to: seconds)
            guard animator.isFinished else { return false }
            state = .finished
            return true
        }

        mutating func stop() -> Double {
            guard state == .running else { return 0 }
            state = .stopped
            return animator.stop()
        }
    }

    fileprivate var timings: ContiguousArray<Stored<TimingAnimator>> = []
    fileprivate var springs: ContiguousArray<Stored<SpringAnimator>> = []
    /// Every animator ever started, in start order (events keep this order).
    public private(set) var slots: [Slot] = []
    /// The animators still running, in start order: where their handle is in `slots` and
    /// where their motion is stored.
    private struct Running { var position: Int; var isSpring: Bool; var index: Int }
    private var running: [Running] = []
    /// Where each name's slot is in `slots`: finding a name must not cost a scan of every
    /// animator a script ever started (a loop of springs would grow quadratically).
    private var positions: [String: Int] = [:]
    private var counter = 0
    /// The names traces read by index (`propertyIndex(ofName:)`): name number n's value is
    /// property n·2, its velocity n·2+1, read from `numbered[n]`, the slot now called that
    /// (nil until one starts). Numbers are only added: an animator that replaces another of
    /// the same name takes over its number, so a trace resolves each name once.
    private var numbers: [String: Int] = [:]
    private var numbered: ContiguousArray<Slot?> = []

    public init() {}

    public var isBusy: Bool { !running.isEmpty }

    /// The running animators by name.
    public var busyDetail: String? { running.isEmpty ? nil : running.map { slots[$0.position].name }.joined(separator: ", ") }

    public var propertyNames: [String] {
        slots.flatMap { ["\($0.name).value", "\($0.name).velocity"] }
    }

    /// `<name>.value` or `<name>.velocity` of the animator called `<name>` (found through
    /// `positions`: a trace reads this every frame, and building two strings per animator to
    /// compare was a scan of every animator the script started).
    public func property(_ fullName: String) -> Double? {
        guard let (name, field) = Self.split(fullName), let slot = slot(named: name) else { return nil }
        return field == 0 ? value(of: slot) : velocity(of: slot)
    }

    public func propertyIndex(ofName fullName: String) -> Int? {
        guard let (name, field) = Self.split(fullName) else { return nil }
        let number: Int
        if let known = numbers[name] {
            number = known
        } else {
            number = numbered.count
            numbers[name] = number
            numbered.append(slot(named: name))
        }
        return number * 2 + field
    }

    /// "slide" and 0 of "slide.value", 1 of "slide.velocity"; nil for other names.
    private static func split(_ fullName: String) -> (name: String, field: Int)? {
        guard let dot = fullName.lastIndex(of: ".") else { return nil }
        switch fullName[fullName.index(after: dot)...] {
        case "value": return (String(fullName[..<dot]), 0)
        case "velocity": return (String(fullName[..<dot]), 1)
        default: return nil
        }
    }

    public func property(at index: Int) -> Double? {
        guard let slot = numbered[index >> 1] else { return nil }
        return index & 1 == 0 ? value(of: slot) : velocity(of: slot)
    }

    // What a slot's `value` and `velocity` read; the engine reads them here directly rather
    // than through the slot's unowned reference to it (a strong load, two atomic operations).
    fileprivate func value(of slot: Slot) -> Double {
        slot.kind == .timing ? timings[slot.index].animator.value : springs[slot.index].animator.value
    }

    fileprivate func velocity(of slot: Slot) -> Double {
        slot.kind == .timing ? timings[slot.index].animator.velocity : springs[slot.index].animator.velocity
    }

    public func slot(named name: String) -> Slot? { positions[name].map { slots[$0] } }

    /// A fresh default name: animator1, animator2, ...
    public func makeName() -> String {
        var candidate: String
        repeat {
            counter += 1
            candidate = "animator\(counter)"
        } while slot(named: candidate) != nil
        return candidate
    }

    /// Starts a timing animation now (at `world.time`). A running animator with the same
    /// name is stopped and replaced.
    @discardableResult
    public func animate(name: String, from: Double, to: Double, duration: Double, curve: CubicBezier, in world: World) -> Slot {
        animate(name: name, from: from, to: to, duration: duration, timing: .bezier(curve), in: world)
    }

    /// As `animate(name:from:to:duration:curve:in:)`, along any timing curve.
    @discardableResult
    public func animate(name: String, from: Double, to: Double, duration: Double, timing curve: TimingCurve, in world: World) -> Slot {
        let start = VirtualTime.seconds(world.time)
        replace(name, in: world)
        timings.append(Stored(animator: TimingAnimator(from: from, to: to, duration: duration, timing: curve, startTime: start)))
        return add(Slot(name: name, engine: self, kind: .timing, index: timings.count - 1), in: world)
    }

    /// Starts a spring now from `from` with `velocity` (pt/s) towards `to`.
    @discardableResult
    public func spring(name: String, from: Double, to: Double, velocity: Double, parameters: SpringParameters, in world: World) -> Slot {
        let start = VirtualTime.seconds(world.time)
        replace(name, in: world)
        springs.append(Stored(animator: SpringAnimator(from: from, to: to, parameters: parameters, initialVelocity: velocity, startTime: start)))
        return add(Slot(name: name, engine: self, kind: .spring, index: springs.count - 1), in: world)
    }

    /// Stops a running animator of that name and forgets the name (its handle keeps reading
    /// the stopped values).
    private func replace(_ name: String, in world: World) {
        guard let index = positions[name] else { return }
        _ = stopStored(slots[index])
        slots.remove(at: index)
        positions[name] = nil
        for position in index..<slots.count { positions[slots[position].name] = position }
        running = running.compactMap { r in
            r.position == index ? nil : Running(position: r.position > index ? r.position - 1 : r.position, isSpring: r.isSpring, index: r.index)
        }
    }

    private func add(_ slot: Slot, in world: World) -> Slot {
        positions[slot.name] = slots.count
        if let number = numbers[slot.name] { numbered[number] = slot }
        slots.append(slot)
        if slot.state == .running { running.append(Running(position: slots.count - 1, isSpring: slot.kind == .spring, index: slot.index)) }
        world.emit("animator.started", [("animator", .string(slot.name)), ("value", .number(slot.value))])
        return slot
    }

    private func stopStored(_ slot: Slot) -> Double {
        switch slot.kind {
        case .timing: return timings[slot.index].stop()
        case .spring: return springs[slot.index].stop()
        }
    }

    /// Stops where it is and returns the velocity at the stop (pt/s).
    public func stop(_ slot: Slot, in world: World) -> Double {
        guard slot.state == .running else { return 0 }
        let velocity = stopStored(slot)
        running.removeAll { slots[$0.position] === slot }
        world.emit("animator.stopped", [("animator", .string(slot.name)), ("value", .number(slot.value)), ("velocity", .number(velocity))])
        return velocity
    }

    /// Moves a spring's target, keeping position and velocity continuous. False for timing animators.
    public func retarget(_ slot: Slot, to target: Double, in world: World) -> Bool {
        guard slot.kind == .spring else { return false }
        springs[slot.index].animator.retarget(to: target, at: VirtualTime.seconds(world.time))
        if springs[slot.index].state != .running, let position = slots.firstIndex(where: { $0 === slot }) {
            springs[slot.index].state = .running
            running.append(Running(position: position, isSpring: true, index: slot.index))
            running.sort { $0.position < $1.position }
        }
        return true
    }

    public func advance(to tick: Tick, in world: World) {
        guard !running.isEmpty else { return }
        let seconds = VirtualTime.seconds(tick.targetTimestamp)
        var finished: [Int] = []
        let active = running
        timings.withUnsafeMutableBufferPointer { timings in
            springs.withUnsafeMutableBufferPointer { springs in
                for r in active {
                    let done = r.isSpring ? springs[r.index].advance(to: seconds) : timings[r.index].advance(to: seconds)
                    if done { finished.append(r.position) }
                }
            }
        }
        guard !finished.isEmpty else { return }
        running.removeAll { finished.contains($0.position) }
        for position in finished {
            let slot = slots[position]
            world.emit("animator.finished", [("animator", .string(slot.name)), ("value", .number(slot.value))])
        }
    }
}
