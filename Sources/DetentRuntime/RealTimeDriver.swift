import Dispatch
import DetentTime
import DetentWorld

/// Steps a world on the wall clock at its display rate (SPEC §1, real-time mode), for the
/// console and the daemon.
///
/// Virtual time follows wall time scaled by `speed` (0.25 = slow motion). The driver keeps
/// one timer for the next frame; when the world is idle and nobody needs frames it schedules
/// nothing at all — an idle daemon uses no CPU — and `wake()` (new input, a new waiter)
/// catches virtual time up with the wall clock, counting the frames that passed. A frame
/// that fires late shows up as dropped frames, as on a real display link.
public final class RealTimeDriver {
    /// The world being stepped; a session that replaces its world hands the new one over
    /// with `replaceWorld`.
    public private(set) var world: World
    let clock: WallClock
    let scheduler: TickScheduler
    /// Wall time and virtual time at the last (re)anchoring.
    private var anchorWall: UInt64 = 0
    private var anchorVirtual: Nanoseconds = 0
    public private(set) var isRunning = false
    public private(set) var isPaused = false
    private var isScheduled = false

    /// Virtual seconds per wall second (> 0).
    public var speed: Double = 1 {
        didSet {
            precondition(speed > 0 && speed.isFinite, "speed must be a positive finite factor")
            reanchor()
            if isScheduled { scheduleNextFrame() }
        }
    }

    /// Called after every delivered tick (phase 7: resume waiters, stream samples).
    public var onTick: (Tick) -> Void = { _ in }
    /// Whether something outside the world needs a frame every tick (a per-frame waiter, a
    /// sample subscriber).
    public var needsFrames: () -> Bool = { false }
    /// The earliest virtual time something outside the world waits for (a `wait(s)`), so an
    /// idle world still wakes for it.
    public var externalDeadline: () -> Nanoseconds? = { nil }
    /// Frames delivered, and frames delivered late enough that whole frames were dropped.
    public private(set) var framesDelivered: Int64 = 0
    public private(set) var lateFrames: Int64 = 0

    /// Frames a late callback dropped: after the timeline's frame `frame` was delivered,
    /// `count` frames went by unseen (a recording drops them again in the spec it writes).
    public struct FrameDrop: Equatable, Sendable {
        public var frame: Int64
        public var count: Int64
    }
    /// The drops since the timeline began, the latest `maxDropsKept` of them.
    public private(set) var drops: [FrameDrop] = []
    static let maxDropsKept = 10_000

    /// The frames the worlds before this one delivered since the timeline began.
    private var framesOfEarlierWorlds: Int64 = 0
    /// The session's timeline: frames delivered since it began (`replaceWorld(_:continuing:)`
    /// with `continuing: false`), counted on across the worlds a script makes with
    /// `detent.world{}` — each starts at frame 0, and a spec that makes one mid-test counts its
    /// waits the same way. Equal to `world.frame` until a script makes a world. Recordings
    /// place their chunks and the frames dropped on it.
    public var timelineFrame: Int64 { framesOfEarlierWorlds + world.frame }

    public init(world: World, clock: WallClock, scheduler: TickScheduler) {
        self.world = world
        self.clock = clock
        self.scheduler = scheduler
    }

    /// Steps `newWorld` from now on, its time following the wall clock from where it stands.
    /// `continuing`: the world is a script's (`detent.world{}`), and the session's timeline
    /// counts on through it; otherwise (a reset, a recording's start) the timeline begins
    /// again at the new world's frame, and the drops of the old one are forgotten.
    public func replaceWorld(_ newWorld: World, continuing: Bool) {
        guard newWorld !== world else { return }
        if continuing {
            framesOfEarlierWorlds += world.frame
        } else {
            framesOfEarlierWorlds = 0
            drops = []
        }
        world = newWorld
        anchorVirtual = world.time
        anchorWall = clock.now()
        wake()
    }

    /// Virtual time that corresponds to the wall clock now.
    public var virtualNow: Nanoseconds {
        anchorVirtual + Nanoseconds((Double(clock.now() &- anchorWall) * speed).rounded(.down))
    }

    private func reanchor() {
        anchorVirtual = virtualNowIfRunning ?? world.time
        anchorWall = clock.now()
    }

    private var virtualNowIfRunning: Nanoseconds? {
        isRunning && !isPaused ? max(world.time, virtualNow) : nil
    }

    /// A frame is wanted while anything animates, while an event emitted between frames waits
    /// for the tick that delivers it, and while the session asks for every frame.
    private var wantsFrames: Bool { world.isBusy || world.hasPendingEvents || needsFrames() }

    /// The next deadline of the world's engines or of something outside it.
    private var nextDeadline: Nanoseconds? {
        switch (world.nextDeadline, externalDeadline()) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b): return b
        }
    }

    /// Starts following the wall clock from the world's current time.
    public func start() {
        guard !isRunning else { return }
        anchorVirtual = world.time
        anchorWall = clock.now()
        isRunning = true
        wake()
    }

    /// Stops the timer; virtual time stands still until `resume()`.
    public func pause() {
        guard isRunning, !isPaused else { return }
        reanchor()
        isPaused = true
        scheduler.cancel()
        isScheduled = false
    }

    public func resume() {
        guard isRunning, isPaused else { return }
        isPaused = false
        anchorVirtual = world.time
        anchorWall = clock.now()
        wake()
    }

    /// Delivers `count` frames at once (while paused: frame-by-frame inspection).
    public func step(_ count: Int = 1) {
        for _ in 0..<max(0, count) { framesDelivered += 1; onTick(world.step()) }
        if !isPaused { reanchor() }
    }

    /// Applies a change from outside (console input, a daemon request): first brings an idle
    /// world's virtual time up to the wall clock, so the change starts *now* rather than at
    /// the last frame drawn, then schedules frames if the change needs them.
    @discardableResult
    public func perform<T>(_ change: () throws -> T) rethrows -> T {
        catchUp()
        let result = try change()
        wake()
        return result
    }

    /// Idle time passed in wall time; account for it without stepping each frame.
    private func catchUp() {
        guard isRunning, !isPaused, !world.isBusy else { return }
        let now = virtualNow
        if now > world.time { world.fastForward(toward: now) }
    }

    /// Something changed (a new waiter, new input already applied): catch up if idle and
    /// schedule the next frame if one is needed.
    public func wake() {
        guard isRunning, !isPaused else { return }
        catchUp()
        if wantsFrames || nextDeadline != nil {
            scheduleNextFrame()
        } else {
            scheduler.cancel()
            isScheduled = false
        }
    }

    /// The wall-clock instant (ns, the driver's clock) at which virtual `time` is due, at the
    /// current speed and anchoring: the display link's ideal timestamp for a frame.
    public func wallTime(ofVirtual time: Nanoseconds) -> UInt64 {
        let delta = Double(time - anchorVirtual) / speed
        return anchorWall &+ UInt64(max(0, delta.rounded(.up)))
    }

    /// As CADisplayLink: the callback that prepares the next frame runs when the frame
    /// prepared last (its target, `world.time`) reaches the screen. While idle with an engine
    /// deadline, the callback runs at that deadline instead.
    private func scheduleNextFrame() {
        let fireAt: Nanoseconds
        if wantsFrames {
            fireAt = world.time
        } else if let deadline = nextDeadline {
            fireAt = max(world.time, deadline)
        } else { return }
        isScheduled = true
        scheduler.schedule(at: wallTime(ofVirtual: fireAt)) { [weak self] in self?.fire() }
    }

    private func fire() {
        isScheduled = false
        guard isRunning, !isPaused else { return }
        let now = virtualNow
        if world.isBusy {
            // Whole frames that went by before this callback were missed: they are dropped,
            // as a late display-link callback drops them, and the timeline stays true.
            let missed = world.displayLink.framesBehind(at: now)
            if missed > 0 {
                drops.append(FrameDrop(frame: timelineFrame, count: missed))
                if drops.count > RealTimeDriver.maxDropsKept { drops.removeFirst(drops.count - RealTimeDriver.maxDropsKept) }
                world.dropFrames(Int(missed))
                lateFrames += 1
            }
        } else if now > world.time {
            world.fastForward(toward: now)
        }
        framesDelivered += 1
        onTick(world.step())
        if wantsFrames || nextDeadline != nil { scheduleNextFrame() } else { scheduler.cancel() }
    }
}
