import Dispatch
import FoundationEssentials
import Logging
import NIOConcurrencyHelpers
import DetentJSON
import DetentLua
import DetentScripting
import DetentTime
import DetentTrace
import DetentWorld

/// A session on the real-time display link (SPEC §1 real-time mode): the live world of the
/// daemon and of the console. Code is evaluated as jobs of the shared `TaskScheduler`, so it
/// may wait (`wait(1)` lets a wall second pass at speed 1); ticks fire from a
/// `DispatchSourceTimer` on the session's queue at the display rate × speed, and no timer
/// fires while the world is idle, nothing waits and nobody samples.
///
/// Other threads hold it as a `QueueOwned<LiveSession>` (`LiveSession.make`) and reach it on
/// its session's queue only; its methods check they run there.
public final class LiveSession {
    public let session: Session
    public let driver: RealTimeDriver
    public var logger = Logger(label: "detent.live")
    /// Called with errors raised by `world:on` handlers during a tick (nothing else owns them).
    public var onHandlerError: (LuaError) -> Void = { _ in }
    /// The clock as of the last frame, for readers on other threads (the daemon's `status`).
    public let published = PublishedClock()

    private var evaluate: LuaRef!
    /// A table whose `present` field turns an eval's values into (text, json, count).
    private var presentation: LuaRef!
    /// The console's Lua half (`ConsoleLua`), loaded by `installConsole()` on first use.
    var consoleHelpers: LuaRef?
    private var subscriptions: [Int: Subscription] = [:]
    /// Each subscription's properties as a sample reads them (by index, not by name),
    /// forgotten when the session follows another world (`observe`).
    private var sampleReaders: [Int: PropertyReaders] = [:]
    /// Each drawing subscription's geometry and what it last sent (its JSON text).
    private var drawings: [Int: (geometry: TraceGeometry, sent: String)] = [:]
    /// The finger a pointer holds down (`pointer(_:at:time:)`), if any.
    var pointerTouch: PointerTouch?
    /// A pointer's finger that was lifted, until its lift is delivered.
    var liftingPointer: Touch?
    /// Called on the tick that delivers a pointer's lift (or cancel), with the timeline
    /// frame: a recording's `touch_path` returns there.
    public var onPointerLifted: ((Int64) -> Void)?
    private var nextSubscription = 0
    private var observedWorld: (world: World, token: Int)?
    /// Bytes the Lua state held after its last full collection (`reclaimMemory`).
    private var settledMemory = 0
    /// Why the session is closed (`close`), once it is: evals are refused with it.
    private var closedReason: String?
    /// Why the evals were last interrupted (`QueueOwned.interrupt`), set from any thread
    /// before the cancellation is requested: what an eval stopped while computing ends with.
    let interruption = NIOLockedValueBox(LiveSession.interruptReason)

    /// What one `eval` produced.
    public struct EvalResult: Sendable {
        /// The values as the console prints them (tab-separated).
        public var text: String
        /// The values as one JSON text (an array when there are several).
        public var json: String
        public var count: Int
        /// What the code printed.
        public var output: [String]
        /// The session's timeline frame (`RealTimeDriver.timelineFrame`: the world's frame,
        /// counted on across worlds a script makes) when the code began and when it ended
        /// (after its waits): a recording turns the frames between chunks into `wait_frames`.
        public var startFrame: Int64 = 0
        public var endFrame: Int64 = 0
    }

    /// A per-frame sample of properties (`sample` notifications), and — for a subscription
    /// that draws the world — its geometry, when it changed since the last one sent.
    public struct Sample {
        public var frame: Int64
        public var time: Double
        public var values: [(String, Double?)]
        /// What a replay draws of the frame (`TraceGeometry`), every element; nil when it is as
        /// in the subscription's previous sample.
        public var geometry: [TraceGeometry.Element]?
        /// Each engine's state in a few words (`EngineSummary`), with the geometry.
        public var engines: [String]?
    }

    /// Someone listening to events by name and/or to properties every `every` frames.
    public struct Subscription {
        public var events: Set<String>?      // nil = none; contains "*" = all
        public var properties: [String]
        public var every: Int
        /// Whether samples carry the world's geometry (Detent Studio draws it). Unlike
        /// properties, it makes no frames of its own: an idle world stays asleep, and a change
        /// made between frames (an eval, a reset) is sent by `sendGeometry()`.
        public var geometry: Bool
        public var onEvent: (WorldEvent) -> Void
        public var onSample: (Sample) -> Void
        public init(events: Set<String>?, properties: [String], every: Int, geometry: Bool = false,
                    onEvent: @escaping (WorldEvent) -> Void, onSample: @escaping (Sample) -> Void) {
            self.events = events
            self.properties = properties
            self.every = max(1, every)
            self.geometry = geometry
            self.onEvent = onEvent
            self.onSample = onSample
        }
    }

    /// A live session on a serial queue of its own, built there, its display link started.
    /// `makeScheduler` supplies the tick timer for that queue (a virtual one in tests).
    public static func make(settings: SessionSettings, label: String, clock: WallClock = SystemWallClock(),
                            scheduler makeScheduler: ((DispatchQueue) -> TickScheduler)? = nil) throws -> QueueOwned<LiveSession> {
        let queue = DispatchQueue(label: label)
        return try QueueOwned(queue: queue) {
            try LiveSession(session: Session(settings: settings, queue: queue), clock: clock,
                            scheduler: makeScheduler?(queue) ?? DispatchTickScheduler(queue: queue))
        }
    }

    private init(session: Session, clock: WallClock, scheduler tickScheduler: TickScheduler) throws {
        self.session = session
        let setup = try session.makeWorld()
        session.host.setWorld(setup)
        driver = RealTimeDriver(world: setup.world, clock: clock, scheduler: tickScheduler)
        try install()
    }

    private var scheduler: TaskScheduler { session.scheduler }
    private var host: ScriptHost { session.host }

    private func install() throws {
        let lua = host.lua
        try lua.load(LiveValues.source, chunkName: "=(detent values)")
        try lua.call(argumentCount: 0, resultCount: 2)
        lua.setGlobal("__detent_present_limit")
        lua.setGlobal("__detent_present")
        try lua.load(String(decoding: PackageResources.live_eval_lua, as: UTF8.self), chunkName: "=(detent eval)")
        try lua.call(argumentCount: 0, resultCount: 2)
        presentation = lua.ref()
        evaluate = lua.ref()
        host.output = { [weak self] text in
            guard let self else { return }
            if let job = scheduler.currentJob { job.output.append(text) } else { logger.info("\(text)") }
        }
        driver.needsFrames = { [weak self] in
            guard let self else { return false }
            return scheduler.needsEveryFrame || subscriptions.values.contains { !$0.properties.isEmpty }
        }
        driver.externalDeadline = { [weak self] in
            guard let self, let world = host.world else { return nil }
            return scheduler.nextDeadline(world: world)
        }
        driver.onTick = { [weak self] tick in self?.afterTick(tick) }
        observe(driver.world)
        driver.start()
        publishClock()
    }

    // MARK: Ticks

    private func afterTick(_ tick: Tick) {
        if !host.handlerErrors.isEmpty {
            let errors = host.handlerErrors
            host.handlerErrors.removeAll()
            for error in errors { onHandlerError(error) }
        }
        let world = driver.world
        if let lifting = liftingPointer, lifting.isFinished {
            liftingPointer = nil
            onPointerLifted?(driver.timelineFrame)
        }
        scheduler.collectDue(in: world)
        runJobs()
        publishClock()
        guard !subscriptions.isEmpty else { return }
        for (id, subscription) in subscriptions where (!subscription.properties.isEmpty || subscription.geometry)
            && tick.frame % Int64(subscription.every) == 0 {
            let values = Array(zip(subscription.properties, sampleReaders[id, default: PropertyReaders(subscription.properties)].values(in: world)))
            var sample = Sample(frame: tick.frame, time: VirtualTime.seconds(tick.targetTimestamp), values: values)
            if subscription.geometry { (sample.geometry, sample.engines) = changedGeometry(id, world) }
            if !values.isEmpty || sample.geometry != nil { subscription.onSample(sample) }
        }
    }

    /// The world's geometry and engines for drawing subscription `id`, or nils when they are
    /// what it sent last.
    private func changedGeometry(_ id: Int, _ world: World) -> ([TraceGeometry.Element]?, [String]?) {
        var drawing = drawings[id] ?? (TraceGeometry(), "")
        let elements = drawing.geometry.elements(of: world)
        let engines = world.engines.map { EngineSummary.describe($0) }
        let text = JSONValue.array(elements.map { .object([("id", .string($0.id))] + $0.fields) } + engines.map { .string($0) }).text
        let changed = text != drawing.sent
        drawing.sent = text
        drawings[id] = drawing
        return changed ? (elements, engines) : (nil, nil)
    }

    /// Sends the drawing subscriptions a sample of the world as it is now when its geometry
    /// changed since their last one: after work done between frames (an eval that did not
    /// wait, a reset, a step, a subscription made), which an idle world draws no frame for.
    public func sendGeometry() {
        session.checkQueue()
        let world = driver.world
        for (id, subscription) in subscriptions where subscription.geometry {
            let (geometry, engines) = changedGeometry(id, world)
            guard let geometry else { continue }
            subscription.onSample(Sample(frame: world.frame, time: world.seconds, values: [], geometry: geometry, engines: engines))
        }
    }

    /// Resumes ready jobs under a fresh instruction budget (a runaway eval is stopped, the
    /// world stays), then follows a world a script replaced.
    private func runJobs() {
        reclaimMemory()
        host.lua.resetLimits()
        scheduler.runReady()
        reclaimMemory()
        followScriptWorld()
    }

    /// Steps the world a script made (`detent.world{}`) from now on, its frames counted on in
    /// the session's timeline.
    private func followScriptWorld() {
        if let world = host.world, world !== driver.world {
            driver.replaceWorld(world, continuing: true)
            observe(world)
        }
    }

    /// After a memory bomb — or an eval that made a 100 MB string and let it go — the state
    /// still holds its garbage, and an idle world allocates nothing that would make the
    /// collector run: a full collection gives the next eval its memory back (as `endTest`
    /// does between tests), and the process gives the pages back to the system. Run when the
    /// state holds half its cap, or 16 MiB more than after the last collection.
    private func reclaimMemory() {
        let lua = host.lua
        guard lua.memoryCap > 0, lua.memoryInUse > min(lua.memoryCap / 2, settledMemory + LiveSession.reclaimStepBytes) else { return }
        lua.reclaimMemory()
        settledMemory = lua.memoryInUse
    }

    private static let reclaimStepBytes = 16 << 20

    private func observe(_ world: World) {
        if let observed = observedWorld { observed.world.removeObserver(observed.token) }
        for id in sampleReaders.keys { sampleReaders[id]!.forget() }
        let token = world.observe { [weak self] event in
            guard let self else { return }
            for subscription in subscriptions.values {
                guard let names = subscription.events, names.contains("*") || names.contains(event.name) else { continue }
                subscription.onEvent(event)
            }
        }
        observedWorld = (world, token)
    }

    // MARK: Requests

    /// Evaluates `code` in the live world as a job (it may wait); `completion` runs on the
    /// session's queue when it ends: the values, or the Lua error with its location.
    /// `chunkName` names the code in error locations (`eval:1:`, or a file's name);
    /// `presenter` "console" prints values as the console does (see `installConsole()`).
    /// `valueBytes`: how much of each value is printed and encoded (longer ones are cut,
    /// with a count of the rest).
    public func eval(_ code: String, chunkName: String = "eval", presenter: String = "present", valueBytes: Int = 65_536,
                     completion: @escaping (Result<EvalResult, LuaError>) -> Void) {
        session.checkQueue()
        if let closedReason { return completion(.failure(.ended(reason: closedReason, traceback: ""))) }
        driver.perform {
            let startFrame = driver.timelineFrame
            evaluate.push()
            let thread = LuaThread(state: host.lua)
            thread.push(.string(code))
            thread.push(.string(chunkName))
            thread.push(.string(presenter))
            thread.push(.integer(Int64(valueBytes)))
            scheduler.start(thread, argumentCount: 4) { job, ending in
                switch ending {
                case let .finished(count):
                    var result = thread.withResults(count) { values in
                        EvalResult(text: values.string(1) ?? "", json: values.string(2) ?? "null",
                                   count: Int(values.number(3) ?? 0), output: job.output)
                    }
                    result.startFrame = startFrame
                    self.followScriptWorld()   // the chunk may have made one
                    result.endFrame = self.driver.timelineFrame
                    completion(.success(result))
                case let .failed(.interrupted(traceback)):
                    completion(.failure(.ended(reason: self.interruption.withLockedValue { $0 }, traceback: traceback)))
                case let .failed(error): completion(.failure(error))
                case let .aborted(message): completion(.failure(.ended(reason: message, traceback: "")))
                }
            }
            runJobs()
        }
    }

    /// Registers `present` as the presenter `eval` uses when asked for `name`; it is
    /// called with the current default presenter and returns the new one, which must return
    /// text, json and count as the default does.
    func addPresenter(_ name: String, wrapping wrap: LuaRef) throws {
        session.checkQueue()
        let lua = host.lua
        presentation.push()
        wrap.push()
        _ = lua.rawGet(field: "present", inTableAt: -2)
        try lua.call(argumentCount: 1, resultCount: 1)
        lua.rawSet(field: name, inTableAt: -2)
        lua.pop()
    }

    /// Ends every running eval and gives scripts a fresh default world (the global `world`),
    /// stepped from now on; the Lua state and its globals stay (the console's `:reset`).
    public func resetWorld() throws {
        session.checkQueue()
        scheduler.endAll(.aborted("the world was reset"))
        liftingPointer = nil
        let setup = try session.makeWorld()
        host.setWorld(setup)
        driver.replaceWorld(setup.world, continuing: false)
        observe(setup.world)
        publishClock()
    }

    /// The reason the evals `interrupt()` stops end with (the console's Ctrl-C, a client's cancel).
    public static let interruptReason = "interrupted"
    /// The reason of a daemon's session worker, whose host is shutting down.
    public static let shutdownReason = "the daemon is shutting down"

    /// Stops every running eval (Ctrl-C, a daemon shutting down).
    public func interruptJobs(_ message: String = LiveSession.interruptReason) {
        session.checkQueue()
        scheduler.endAll(.aborted(message))
    }

    /// Virtual time (s), frame, and the named properties (every property when `paths` is nil).
    public func state(_ paths: [String]?) -> (time: Double, frame: Int64, properties: [(String, Double?)]) {
        session.checkQueue()
        let world = driver.perform { driver.world }
        let names = paths ?? world.propertyNames
        return (world.seconds, world.frame, names.map { ($0, world.property($0)) })
    }

    /// Brings an idle world's clock up to the wall clock (a world that is idle is not stepped
    /// frame by frame, so its time and frame stand still until something reads or changes it).
    public func catchUp() {
        session.checkQueue()
        driver.perform {}
    }

    public var isPaused: Bool { driver.isPaused }
    public var speed: Double { driver.speed }
    public var world: World { driver.world }

    /// Pauses at the wall clock's present: an idle world's clock is brought up to it first.
    public func pause() { catchUp(); driver.pause(); publishClock() }
    public func resume() { session.checkQueue(); driver.resume(); publishClock() }

    /// Pauses, then delivers exactly `frames` frames.
    public func step(_ frames: Int) {
        session.checkQueue()
        driver.pause()
        driver.step(frames)
        publishClock()
    }

    /// Virtual seconds per wall second; the caller checks the range.
    public func setSpeed(_ factor: Double) {
        session.checkQueue()
        driver.speed = factor
        publishClock()
    }

    /// The names of a subscription that nothing in this world has or emits, with a sentence
    /// each naming the nearest real names (as `trace{}` and `world:on` refuse them).
    public func unknownNames(properties: [String], events: [String]) -> (properties: [String], events: [String], messages: [String]) {
        session.checkQueue()
        return host.unknownSubscriptionNames(properties: properties, events: events, verb: "subscribe")
    }

    @discardableResult
    public func subscribe(_ subscription: Subscription) -> Int {
        session.checkQueue()
        nextSubscription += 1
        subscriptions[nextSubscription] = subscription
        driver.wake()
        return nextSubscription
    }

    public func unsubscribe(_ id: Int) {
        session.checkQueue()
        subscriptions[id] = nil
        sampleReaders[id] = nil
        drawings[id] = nil
        driver.wake()
    }

    /// Stops the display link and every job; the session can be dropped afterwards. Evals that
    /// reach it later (queued before it closed) are answered at once with `closedReason`, so
    /// none waits for ever on a session no one will close again, holding its world.
    public func close(_ reason: String = "session closed") {
        session.checkQueue()
        closedReason = reason
        subscriptions.removeAll()
        sampleReaders.removeAll()
        drawings.removeAll()
        scheduler.endAll(.aborted(reason))
        driver.pause()
    }
}

extension QueueOwned where Value == LiveSession {
    /// Stops the evaluations running in the session (the console's Ctrl-C), from any thread;
    /// the world stays. Code that computes is stopped by the cancellation's check at once (it
    /// is a constant of a thread-safe type); code that waits is ended on the session's queue,
    /// after which the flag is cleared for the next evaluation.
    /// The session's published clock, readable from any thread (it is `Sendable`).
    public var publishedClock: PublishedClock { value.published }

    public func interrupt(_ reason: String = LiveSession.interruptReason) {
        value.interruption.withLockedValue { $0 = reason }
        value.session.cancellation.request()
        async { live in
            live.interruptJobs(reason)
            live.session.cancellation.clear()
        }
    }
}
