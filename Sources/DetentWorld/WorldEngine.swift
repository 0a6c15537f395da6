import DetentTime

/// An engine the world steps every tick: the generic animators now; the navigation, sheet,
/// drawer and split engines plug in the same way. Engines know nothing of Lua.
///
/// The world calls the phases in SPEC §1's fixed order; each engine gets each phase once
/// per tick, engines in the order they were added. Every engine advances (phase 3); phase 2
/// goes only to engines that declare `RecognizesGestures`, phase 4 only to those that declare
/// `LaysOut` — most have neither, and the world skips them there without a call.
public protocol WorldEngine: AnyObject {
    /// Prefix of the engine's properties and events ("drawer" → "drawer.origin").
    var name: String { get }
    /// Phase 3: advance animations to `tick.targetTimestamp`.
    func advance(to tick: Tick, in world: World)
    /// True while something animates, a gesture is in flight or work is queued: the world
    /// then ticks every frame instead of fast-forwarding.
    var isBusy: Bool { get }
    /// What keeps the engine busy, for messages ("slide, fade" for the animators); nil when
    /// the engine's name says enough (the default).
    var busyDetail: String? { get }
    /// The earliest future time at which the engine needs a tick even when idle (a timer).
    var nextDeadline: Nanoseconds? { get }
    /// Names of the numeric properties readable per frame (for traces and `wait_idle`).
    /// Engines with a `PropertyTable` (`TabulatedEngine`) get this, `property(_:)`,
    /// `propertyIndex(ofName:)`, `property(at:)` and `appendStateValues` from it.
    var propertyNames: [String] { get }
    /// The value of a property named by `propertyNames`.
    func property(_ name: String) -> Double?
    /// The index for `property(at:)` of the property named `fullName` ("drawer.origin",
    /// "slide.value"), which traces resolve once (`World.reader(for:)`) instead of reading by
    /// name every frame; nil (the default) for properties read only by name.
    func propertyIndex(ofName fullName: String) -> Int?
    /// The value of the property `propertyIndex(ofName:)` numbered `index`; nil when it has
    /// no value now.
    func property(at index: Int) -> Double?
    /// Appends the values of `propertyNames`, in that order (what `wait_idle` compares every
    /// frame). The default reads them by name; engines with many properties answer directly.
    func appendStateValues(to values: inout [Double?])
    /// The window changed (rotation, or an iPad multitasking resize): `world.configuration`
    /// already holds the new orientation and width; `old` is the previous configuration.
    /// Called at once, between ticks; engines that size themselves only at creation may
    /// ignore it (the default does nothing).
    func windowDidChange(from old: WorldConfiguration, in world: World)
}

/// An engine with gesture recognizers: phase 2 of SPEC §1.
public protocol RecognizesGestures: WorldEngine {
    /// Phase 2: gesture recognizers update from the touch samples delivered this tick.
    func updateGestures(for tick: Tick, in world: World)
}

/// An engine that lays out: phase 4 of SPEC §1.
public protocol LaysOut: WorldEngine {
    /// Phase 4: layout (stack layout, sheet height, safe areas).
    func layout(for tick: Tick, in world: World)
}

extension WorldEngine {
    public var nextDeadline: Nanoseconds? { nil }
    public var busyDetail: String? { nil }
    public func propertyIndex(ofName fullName: String) -> Int? { nil }
    public func property(at index: Int) -> Double? { nil }
    public func appendStateValues(to values: inout [Double?]) {
        for name in propertyNames { values.append(property(name)) }
    }
    public func windowDidChange(from old: WorldConfiguration, in world: World) {}
}
