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

    /// One running or finished animator.
    public final class Slot {
        public enum Motion {
            case timing(TimingAnimator)
            case spring(SpringAnimator)
        }
        public let name: String
        public private(set) var motion: Motion
        public private(set) var state: State
        public enum State: String { case running, finished, stopped }

        init(name: String, motion: Motion) {
            self.name = name
            self.motion = motion
            self.state = .running
        }

        public var value: Double {
            switch motion {
            case let .timing(a): return a.value
            case let .spring(a): return a.value
            }
        }

        public var velocity: Double {
            switch motion {
            case let .timing(a): return a.velocity
            case let .spring(a): return a.velocity
            }
        }

        /// The value it is heading for.
        public var target: Double {
            switch motion {
            case let .timing(a): return a.to
            case let .spring(a): return a.target
            }
        }

        func advance(to seconds: Double) -> Bool {
            guard state == .running else { return false }
            let finished: Bool
            switch motion {
            case var .timing(a):
                a.advance(to: seconds); finished = a.isFinished; motion = .timing(a)
            case var .spring(a):
                a.advance(to: seconds); finished = a.isFinished; motion = .spring(a)
            }
            if finished { state = .finished }
            return finished
        }

        /// Stops where it is; returns the velocity at the stop (pt/s).
        func stop() -> Double {
            guard state == .running else { return 0 }
            state = .stopped
            switch motion {
            case var .timing(a):
                let v = a.stop(); motion = .timing(a); return v
            case var .spring(a):
                let v = a.stop(); motion = .spring(a); return v
            }
        }

        /// Moves a running spring's target keeping position and velocity continuous.
        func retarget(to target: Double, at seconds: Double) -> Bool {
            guard case var .spring(a) = motion else { return false }
            a.retarget(to: target, at: seconds)
            motion = .spring(a)
            state = .running
            return true
        }
    }

    public private(set) var slots: [Slot] = []
    private var counter = 0

    public init() {}

    public var isBusy: Bool { slots.contains { $0.state == .running } }

    public var propertyNames: [String] {
        slots.flatMap { ["\($0.name).value", "\($0.name).velocity"] }
    }

    public func property(_ name: String) -> Double? {
        for slot in slots {
            if name == slot.name + ".value" { return slot.value }
            if name == slot.name + ".velocity" { return slot.velocity }
        }
        return nil
    }

    public func slot(named name: String) -> Slot? { slots.first { $0.name == name } }

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
        let start = VirtualTime.seconds(world.time)
        let animator = TimingAnimator(from: from, to: to, duration: duration, curve: curve, startTime: start)
        return add(Slot(name: name, motion: .timing(animator)), in: world)
    }

    /// Starts a spring now from `from` with `velocity` (pt/s) towards `to`.
    @discardableResult
    public func spring(name: String, from: Double, to: Double, velocity: Double, parameters: SpringParameters, in world: World) -> Slot {
        let start = VirtualTime.seconds(world.time)
        let animator = SpringAnimator(from: from, to: to, parameters: parameters, initialVelocity: velocity, startTime: start)
        return add(Slot(name: name, motion: .spring(animator)), in: world)
    }

    private func add(_ slot: Slot, in world: World) -> Slot {
        if let index = slots.firstIndex(where: { $0.name == slot.name }) {
            _ = slots[index].stop()
            slots.remove(at: index)
        }
        slots.append(slot)
        world.emit("animator.started", [("animator", .string(slot.name)), ("value", .number(slot.value))])
        return slot
    }

    public func stop(_ slot: Slot, in world: World) -> Double {
        let wasRunning = slot.state == .running
        let velocity = slot.stop()
        if wasRunning {
            world.emit("animator.stopped", [("animator", .string(slot.name)), ("value", .number(slot.value)), ("velocity", .number(velocity))])
        }
        return velocity
    }

    public func retarget(_ slot: Slot, to target: Double, in world: World) -> Bool {
        slot.retarget(to: target, at: VirtualTime.seconds(world.time))
    }

    public func advance(to tick: Tick, in world: World) {
        let seconds = VirtualTime.seconds(tick.targetTimestamp)
        for slot in slots where slot.advance(to: seconds) {
            world.emit("animator.finished", [("animator", .string(slot.name)), ("value", .number(slot.value))])
        }
    }
}
