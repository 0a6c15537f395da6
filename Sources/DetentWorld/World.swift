import DetentLayout
import Dispatch
import DetentMotion
import DetentTime

/// A simulated device screen and the engines on it, stepped one display-link tick at a time.
///
/// `step()` runs phases 1–6 of SPEC §1 in their fixed order (phase 7, resuming Lua waiters,
/// belongs to the run loop, which knows Lua). Time only enters through `step()` and
/// `fastForward(toward:)`: the world reads no clock.
///
/// A world belongs to one serial queue; when `owner` is set every entry point checks it.
public final class World {
    /// The events the world itself, its touches and its animators emit; engines declare
    /// theirs (`DrawerEngine.eventNames`, ...).
    public static let eventNames = ["world.window_changed", "touch.began", "touch.ended",
                                    "animator.started", "animator.finished", "animator.stopped"]

    /// The device, orientation and window. Changes only through `rotate(to:)` and
    /// `resize(toWidth:)` (SPEC §8), which tell every engine (`WorldEngine.windowDidChange`).
    public private(set) var configuration: WorldConfiguration
    public private(set) var displayLink: DisplayLink
    /// The virtual time the world's state is computed for: the target timestamp of the last
    /// tick (0 before the first), in ns.
    public private(set) var time: Nanoseconds = 0
    /// The world's time before the current tick began, ns: when changes that scripts made
    /// between the last frame and this one happened (an animation they start begins there,
    /// whatever frames were dropped since).
    public private(set) var previousTime: Nanoseconds = 0
    /// The last tick delivered.
    public private(set) var lastTick: Tick?
    public private(set) var engines: [WorldEngine] = []
    /// The engines' per-tick entry points, in `engines` order, held unretained: `engines` and
    /// `engineCalls` keep them alive.
    private var phases = EnginePhaseList()
    private var engineCalls: [EngineCalls] = []
    /// Events of the current tick (cleared when the next tick starts).
    public private(set) var events: [WorldEvent] = []
    private var pending: [WorldEvent] = []
    /// Events delivered to `events` since the world began (for `eventMark`).
    private var deliveredEventCount: Int64 = 0
    private var observers: [(id: Int, body: (WorldEvent) -> Void)] = []
    private var nextObserverID = 0
    private var traces: [TraceRecorder] = []
    /// The serial queue that owns this world, if any.
    public let owner: DispatchQueue?
    /// This world for those it holds that must not hold it (`WorldLink`).
    public let link = WorldLink()

    public init(configuration: WorldConfiguration, owner: DispatchQueue? = nil) {
        self.configuration = configuration
        self.displayLink = DisplayLink(rate: configuration.device.refreshRate)
        self.owner = owner
        // Touches first: their samples are phase 1 of every tick.
        addEngine(TouchEngine(strategy: VelocityTrackingStrategy(name: configuration.motion.velocityTracker) ?? .lsq2))
        addEngine(AnimatorEngine())
        link.world = self
    }

    deinit {
        link.world = nil
        phases.deallocate()
    }

    private func checkOwner() {
        if let owner { dispatchPrecondition(condition: .onQueue(owner)) }
    }

    /// Frames delivered so far (fast-forwarded frames included).
    public var frame: Int64 { displayLink.frame }
    /// Timing curves plugins registered, by name (see `timingCurve(named:)`).
    public var pluginCurves: [String: TimingCurve] = [:]
    public var seconds: Double { VirtualTime.seconds(time) }

    // MARK: Engines

    /// Adds an engine, stepped after those added before it.
    public func addEngine<E: WorldEngine>(_ engine: E) {
        checkOwner()
        precondition(!engines.contains { $0.name == engine.name }, "engine '\(engine.name)' added twice")
        let calls = EngineCallsOf<E>()
        let gestureCalls = (engine as? any RecognizesGestures).map { World.gestureCalls(of: $0) }
        let layoutCalls = (engine as? any LaysOut).map { World.layoutCalls(of: $0) }
        engines.append(engine)
        engineCalls += [calls, gestureCalls, layoutCalls].compactMap { $0 }
        phases.append(EnginePhases(engine: engine, calls: calls, gestureCalls: gestureCalls, layoutCalls: layoutCalls))
    }

    private static func gestureCalls<E: RecognizesGestures>(of engine: E) -> EngineCalls { GestureCallsOf<E>() }
    private static func layoutCalls<E: LaysOut>(of engine: E) -> EngineCalls { LayoutCallsOf<E>() }

    public func engine<E: WorldEngine>(_ type: E.Type) -> E? {
        engines.lazy.compactMap { $0 as? E }.first
    }

    public var animators: AnimatorEngine { engine(AnimatorEngine.self)! }
    public var touches: TouchEngine { engine(TouchEngine.self)! }

    /// Where a named part is on screen (`"navigation.back_button"`, `"drawer.header"`), asking
    /// each engine that knows its parts.
    public func locate(_ part: String) -> Point? {
        locatePart(part)?.point
    }

    /// Where a named part is, and the axis it follows a finger along.
    public func locatePart(_ part: String) -> (point: Point, axis: GestureAxis)? {
        for engine in engines {
            if let locator = engine as? PartLocating, let point = locator.location(ofPart: part, in: self) {
                return (point, locator.gestureAxis(ofPart: part))
            }
        }
        return nil
    }

    /// Every part name some engine can locate now, for error messages.
    public var partNames: [String] {
        engines.compactMap { ($0 as? PartLocating)?.partNames(in: self) }.flatMap { $0 }
    }

    /// Every part a touch can aim at now, in the engines' order, with its frame and the point
    /// a gesture aimed at it by name touches; parts with no area now are left out.
    public var touchTargets: [TouchTarget] {
        engines.compactMap { $0 as? PartLocating }.flatMap { locator in
            locator.partNames(in: self).compactMap { part -> TouchTarget? in
                guard let frame = locator.frame(ofPart: part, in: self), !frame.isEmpty,
                      let point = locator.location(ofPart: part, in: self) else { return nil }
                return TouchTarget(part: part, frame: frame, point: point)
            }
        }
    }

    /// True while any engine animates, tracks a gesture or has queued work.
    public var isBusy: Bool {
        // Newest first: the touches and the animators, which every world starts with, are the
        // engines least often busy, and the run loop asks this every frame.
        var i = phases.count
        while i > 0 {
            i -= 1
            if phases.base[i].isBusy { return true }
        }
        return false
    }

    /// The engines busy now (animating, tracking a touch, with work queued), each with what
    /// keeps it busy when it says, for messages such as a `wait_idle` that timed out.
    public var busyEngineNames: [String] {
        engines.filter(\.isBusy).map { engine in engine.busyDetail.map { "\(engine.name) (\($0))" } ?? engine.name }
    }

    /// The earliest engine deadline after now, if any.
    public var nextDeadline: Nanoseconds? { engines.compactMap(\.nextDeadline).min() }

    // MARK: Properties

    /// All readable property names, engine by engine, in a stable order.
    public var propertyNames: [String] { engines.flatMap(\.propertyNames) }

    /// Reads a property such as `drawer.origin`; nil when no engine has it.
    public func property(_ name: String) -> Double? {
        if let dot = name.firstIndex(of: ".") {
            let prefix = name[..<dot]
            for engine in engines where engine.name == prefix {
                if let value = engine.property(name) { return value }
            }
        }
        for engine in engines {
            if let value = engine.property(name) { return value }
        }
        return nil
    }

    /// How to read property `name` every frame: by index from the engine that numbers it
    /// (`WorldEngine.propertyIndex(ofName:)`), else by name. Valid while the world's engines
    /// stay those of `engineCount`.
    ///
    /// Only the engine `property(_:)` would read gets to number the name, so that both read
    /// the same: when engines' names start it ("drawer" of "drawer.origin"; "sheet" and
    /// "sheet.navigation" of "sheet.navigation.progress"), one of those; otherwise the first
    /// engine that numbers it — the animators for "slide.value", where `property(_:)` finds it
    /// too (only the touches, which have no properties, come before them).
    public func reader(for name: String) -> PropertyReader {
        let owners = engines.indices.filter { World.key(of: name, in: engines[$0].name) != nil }
        for i in owners.isEmpty ? Array(engines.indices) : owners {
            if let index = engines[i].propertyIndex(ofName: name) {
                return PropertyReader(name: name, engine: engines[i], calls: phases.base[i].calls.takeUnretainedValue(), index: index)
            }
        }
        return PropertyReader(name: name, engine: nil, calls: nil, index: -1)
    }

    /// "origin" of "drawer.origin" for the engine called "drawer"; nil when the name does not
    /// start with the engine's name and a dot.
    public static func key(of fullName: String, in engineName: String) -> Substring? {
        guard fullName.count > engineName.count, fullName.hasPrefix(engineName),
              fullName[fullName.index(fullName.startIndex, offsetBy: engineName.count)] == "." else { return nil }
        return fullName.dropFirst(engineName.count + 1)
    }

    /// How many engines the world has (they are only ever added): readers made for one count
    /// stay valid until it changes.
    public var engineCount: Int { engines.count }

    /// A hash of every property, to tell whether state changed between two frames.
    public func stateFingerprint() -> [Double?] {
        var values: [Double?] = []
        for engine in engines { engine.appendStateValues(to: &values) }
        return values
    }

    // MARK: Events

    /// Keys every event carries itself; a payload must not reuse them (scripts would see one
    /// overwrite the other).
    public static let reservedEventKeys: Set<String> = ["name", "frame", "time"]

    /// A mark in the order of every event this world has emitted (delivered or pending): the
    /// events emitted from now on are `events(emittedSince: mark)`. `wait_event` takes one when
    /// it starts, so an event emitted before the wait never satisfies it.
    public var eventMark: Int64 { deliveredEventCount + Int64(pending.count) }

    /// The events of this tick emitted at or after `mark` (events are delivered in the order
    /// they were emitted, so this is a suffix of `events`).
    public func events(emittedSince mark: Int64) -> ArraySlice<WorldEvent> {
        let firstOfTick = deliveredEventCount - Int64(events.count)
        let skip = max(0, min(Int64(events.count), mark - firstOfTick))
        return events[Int(skip)...]
    }

    /// Whether the last tick delivered any event (what a `wait_event` could see).
    public var hasEventsThisTick: Bool { !events.isEmpty }

    /// Whether an event emitted between frames (by a script, a console or a client) waits for
    /// the next tick to deliver it. A run loop steps that tick before it skips idle time, so
    /// the event's handlers and a `wait_event` for it see it on the next frame.
    public var hasPendingEvents: Bool { !pending.isEmpty }

    /// Whether an event called `name` belongs to this tick (delivered or still pending) —
    /// emitted just before whatever asks.
    public func hasRecentEvent(named name: String) -> Bool {
        events.contains { $0.name == name } || pending.contains { $0.name == name }
    }

    /// Buffers an event of the current tick; observers see it in phase 5.
    public func emit(_ name: String, _ payload: [(String, EventValue)] = []) {
        assert(payload.allSatisfy { !World.reservedEventKeys.contains($0.0) },
               "event '\(name)' uses a reserved payload key (\(World.reservedEventKeys.sorted().joined(separator: ", ")))")
        pending.append(WorldEvent(name: name, frame: lastTick?.frame ?? frame, time: time, payload: payload))
    }

    /// Calls `body` for every event from now on (in phase 5). Returns a token for `removeObserver`.
    @discardableResult
    public func observe(_ body: @escaping (WorldEvent) -> Void) -> Int {
        nextObserverID += 1
        observers.append((nextObserverID, body))
        return nextObserverID
    }

    public func removeObserver(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// Delivers events buffered outside a tick (by a script between frames) right away.
    public func flushEvents() {
        guard !pending.isEmpty else { return }
        // In a tick `events` is empty here (`step()` cleared it): the two arrays trade
        // buffers, and no event is copied (each copy retains its name and payload).
        let first = events.count
        if first == 0 {
            swap(&events, &pending)
        } else {
            events.append(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
        }
        let delivered = first..<events.count
        deliveredEventCount += Int64(delivered.count)
        // An observer may emit (into `pending`) or flush again (appending to `events`): the
        // range was fixed above, so each event reaches the observers once.
        for index in delivered {
            let event = events[index]
            for observer in observers { observer.body(event) }
        }
    }

    // MARK: Window (rotation and iPad multitasking, SPEC §3, §8)

    /// Rotates the device. An iPad in a multitasking arrangement keeps it by name ("1/3" stays
    /// "1/3" at the new orientation's width); an arrangement the new orientation lacks (1/2
    /// exists only in landscape) becomes full screen — a modelling choice, no public source.
    public func rotate(to orientation: Orientation) {
        checkOwner()
        guard orientation != configuration.orientation else { return }
        let mode = configuration.multitasking?.mode
        let kept = mode.flatMap { name in configuration.device.multitasking[orientation]?.first { $0.mode == name } }
        setWindow(orientation: orientation, multitasking: kept)
    }

    /// Resizes the app's window to an iPad multitasking width of the current orientation
    /// (the full screen width included). Throws a sentence listing the valid widths.
    public func resize(toWidth width: Double) throws {
        checkOwner()
        let device = configuration.device
        let orientation = configuration.orientation
        guard let table = device.multitasking[orientation], !table.isEmpty else {
            throw WindowError.noMultitasking(device: device.name)
        }
        guard let entry = table.first(where: { $0.width == width }) else {
            throw WindowError.unknownWidth(width, device: device.name, orientation: orientation, valid: table)
        }
        let full = entry.mode == MultitaskingWidth.fullScreenMode || entry.width == configuration.screenWidth
        setWindow(orientation: orientation, multitasking: full ? nil : entry)
    }

    /// Applies a new window: emits `world.window_changed` (orientation, width, height,
    /// size_class, mode) and tells every engine, in the order they were added.
    private func setWindow(orientation: Orientation, multitasking: MultitaskingWidth?) {
        let old = configuration
        configuration.orientation = orientation
        configuration.multitasking = multitasking
        guard configuration != old else { return }
        emit("world.window_changed", [("orientation", .string(orientation.rawValue)), ("width", .number(configuration.windowWidth)),
                                      ("height", .number(configuration.screenHeight)),
                                      ("size_class", .string(configuration.horizontalSizeClass.rawValue)),
                                      ("mode", .string(multitasking?.mode ?? MultitaskingWidth.fullScreenMode))])
        for engine in engines { engine.windowDidChange(from: old, in: self) }
    }

    // MARK: Traces

    /// Starts `recorder`: its first sample is the state now (the frame the script asked on),
    /// so a series judges the whole motion, the first frame's step included; then one sample
    /// a frame (phase 6).
    public func addTrace(_ recorder: TraceRecorder) {
        checkOwner()
        recorder.sample(frame: frame, time: time, in: self)
        traces.append(recorder)
    }

    /// The `trace{...}` recorders still recording: after `step()`, exactly those that took
    /// this frame's sample (their last one).
    public var activeTraces: [TraceRecorder] { traces }

    // MARK: Stepping

    /// Delivers one tick: phases 1–6 of SPEC §1. Returns the tick. `busy` is `isBusy` when
    /// the caller has just read it, with nothing run since (a run loop deciding whether to
    /// fast-forward), so that it is not worked out twice a frame; nil works it out.
    @discardableResult
    public func step(busy: Bool? = nil) -> Tick {
        checkOwner()
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        let tick = displayLink.nextTick(animating: busy ?? isBusy)
        lastTick = tick
        previousTime = time
        time = tick.targetTimestamp
        // Each phase walks the engines there were when it began (an engine added during a
        // phase — a container attaching its stack — joins from the next phase on). `base` is
        // read for each engine: an engine added may have moved the list.
        // 1) touch samples due by this tick and 2) gesture recognizers.
        var count = phases.count
        for i in 0..<count { phases.base[i].updateGestures(for: tick, in: self) }
        // 3) animations advance to the target timestamp.
        count = phases.count
        for i in 0..<count { phases.base[i].advance(to: tick, in: self) }
        // 4) layout.
        count = phases.count
        for i in 0..<count { phases.base[i].layout(for: tick, in: self) }
        // 5) events of this tick.
        flushEvents()
        // 6) trace samples.
        if !traces.isEmpty {
            // (removeAll rebuilds the array every frame, even when every trace still records)
            if traces.contains(where: { !$0.isRecording }) { traces.removeAll { !$0.isRecording } }
            // Each trace called through its buffer, unretained (`traces` keeps them).
            traces.withUnsafeBufferPointer { traces in
                for trace in traces {
                    Unmanaged.passUnretained(trace)._withUnsafeGuaranteedRef { $0.sample(frame: tick.frame, time: tick.targetTimestamp, in: self) }
                }
            }
        }
        return tick
    }

    /// Idle fast-forward: when nothing is busy, skips frames so the next `step()` lands on the
    /// first frame at or after `deadline` (or the next engine deadline, if sooner). Skipped
    /// frames are counted. Returns the number skipped (0 when busy).
    @discardableResult
    public func fastForward(toward deadline: Nanoseconds) -> Int64 {
        checkOwner()
        guard !isBusy, !displayLink.hasJank else { return 0 }
        let target = min(deadline, nextDeadline ?? deadline)
        let skipped = displayLink.fastForward(toward: target)
        if skipped > 0 {
            time = displayLink.timestamp
        }
        return skipped
    }

    /// Drops the next `count` frames (SPEC §1 `drop_frames`).
    public func dropFrames(_ count: Int) { displayLink.dropFrames(count) }

    /// Sets (or clears) a repeating jank pattern.
    public func setJank(_ pattern: JankPattern?) { displayLink.setJank(pattern) }
}
