import DetentTime

/// One engine's per-tick entry points, called without retaining anything (the world steps
/// every engine four times a tick; see `World.step()`).
///
/// Why: calling a protocol method on an engine read from an array retains and releases it
/// around the call, and an engine that anything references weakly (a Lua handle, a container
/// back-reference) keeps its counts in a side table, where every retain takes the slow path.
/// Here the engine and its calls are held unretained — the world keeps both alive for its
/// life (`World.engines`, `World.engineCalls`), and engines are never removed — and passed at
/// +0, so a phase costs two indirect calls and no reference counting.
struct EnginePhases {
    let engine: Unmanaged<AnyObject>
    let calls: Unmanaged<EngineCalls>
    /// The engine's phase 2 and phase 4, nil for an engine without them (most): the world
    /// passes those by with a test instead of two indirect calls of a method that does nothing.
    let gestureCalls: Unmanaged<EngineCalls>?
    let layoutCalls: Unmanaged<EngineCalls>?

    /// `engine` and the calls (made for its type) must outlive the value.
    init(engine: AnyObject, calls: EngineCalls, gestureCalls: EngineCalls?, layoutCalls: EngineCalls?) {
        self.engine = .passUnretained(engine)
        self.calls = .passUnretained(calls)
        self.gestureCalls = gestureCalls.map { .passUnretained($0) }
        self.layoutCalls = layoutCalls.map { .passUnretained($0) }
    }

    var isBusy: Bool {
        calls._withUnsafeGuaranteedRef { calls in engine._withUnsafeGuaranteedRef { calls.isBusy($0) } }
    }

    func updateGestures(for tick: Tick, in world: World) {
        guard let gestureCalls else { return }
        gestureCalls._withUnsafeGuaranteedRef { calls in engine._withUnsafeGuaranteedRef { calls.updateGestures($0, tick, world) } }
    }

    func advance(to tick: Tick, in world: World) {
        calls._withUnsafeGuaranteedRef { calls in engine._withUnsafeGuaranteedRef { calls.advance($0, tick, world) } }
    }

    func layout(for tick: Tick, in world: World) {
        guard let layoutCalls else { return }
        layoutCalls._withUnsafeGuaranteedRef { calls in engine._withUnsafeGuaranteedRef { calls.layout($0, tick, world) } }
    }
}

/// The per-tick calls of one engine type, taking the engine as an unretained `AnyObject`.
/// The base's methods are never called: `EngineCallsOf` answers `isBusy`, `advance` and `property` for
/// every engine, `GestureCallsOf` and `LayoutCallsOf` phases 2 and 4 for engines that have them.
class EngineCalls {
    func isBusy(_ engine: AnyObject) -> Bool { preconditionFailure("EngineCalls is abstract") }
    func updateGestures(_ engine: AnyObject, _ tick: Tick, _ world: World) { preconditionFailure("EngineCalls is abstract") }
    func advance(_ engine: AnyObject, _ tick: Tick, _ world: World) { preconditionFailure("EngineCalls is abstract") }
    func layout(_ engine: AnyObject, _ tick: Tick, _ world: World) { preconditionFailure("EngineCalls is abstract") }
    func property(_ engine: AnyObject, at index: Int) -> Double? { preconditionFailure("EngineCalls is abstract") }
}

/// `isBusy`, phase 3 and the numbered property reads (phase 6's traces) of engines of type `E`.
final class EngineCallsOf<E: WorldEngine>: EngineCalls {
    override func isBusy(_ engine: AnyObject) -> Bool { unsafeDowncast(engine, to: E.self).isBusy }

    override func property(_ engine: AnyObject, at index: Int) -> Double? {
        unsafeDowncast(engine, to: E.self).property(at: index)
    }

    override func advance(_ engine: AnyObject, _ tick: Tick, _ world: World) {
        unsafeDowncast(engine, to: E.self).advance(to: tick, in: world)
    }
}

/// Phase 2 of engines of type `E`.
final class GestureCallsOf<E: RecognizesGestures>: EngineCalls {
    override func updateGestures(_ engine: AnyObject, _ tick: Tick, _ world: World) {
        unsafeDowncast(engine, to: E.self).updateGestures(for: tick, in: world)
    }
}

/// Phase 4 of engines of type `E`.
final class LayoutCallsOf<E: LaysOut>: EngineCalls {
    override func layout(_ engine: AnyObject, _ tick: Tick, _ world: World) {
        unsafeDowncast(engine, to: E.self).layout(for: tick, in: world)
    }
}

/// The world's `EnginePhases` in engine order, in memory of its own: walking a Swift array
/// retains and releases its buffer around each loop (four loops a tick), this does not.
///
/// Engines are only ever added. An engine added during a phase moves the entries to a larger
/// block; a loop that reads `base` again for each index (as `World.step()` does) still finds
/// every entry. The owner calls `deallocate()` once, when it goes.
struct EnginePhaseList {
    private(set) var base: UnsafeMutablePointer<EnginePhases>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
    }

    mutating func append(_ phases: EnginePhases) {
        if count == capacity {
            let larger = UnsafeMutablePointer<EnginePhases>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }
        (base + count).initialize(to: phases)
        count += 1
    }

    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
