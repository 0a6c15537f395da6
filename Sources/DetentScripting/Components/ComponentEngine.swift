import DetentLua
import DetentMotion
import DetentTime
import DetentWorld

/// One instance of a plugin's component in a world (`world:component(name, options)`, SPEC
/// §12): a rectangle with named touch regions and properties, stepped with the other engines
/// in SPEC §1's order. Its behaviour is the definition's Lua, called back as guest code (the
/// state's instruction budget and memory cap apply):
///
/// - phase 2: `began`/`moved`/`ended(self, touch)` for touches that landed in a region
///   (`ComponentEngine+Touches`);
/// - phase 3: properties driven by the world's animators take the animators' values, then
///   `step(self, dt, time)`;
/// - phase 4: `layout(self)`.
///
/// A callback that raises is reported through the host's `handlerErrors` (the run loop then
/// fails the test with the plugin's file:line) and the instance calls none of its callbacks
/// again. Numeric properties are world properties, `"<name>.<property>"`.
final class ComponentEngine: WorldEngine, LaysOut {
    /// The instance's name: the prefix of its properties, parts and events.
    let name: String
    let definition: ComponentDefinition
    /// Current values, in `definition.properties` order.
    private(set) var values: [ComponentValue]
    /// Where each property is in `values`.
    let indexByName: [String: Int]
    /// `"<name>.<property>"` of the numeric properties, in definition order, and where each is.
    let propertyNames: [String]
    private let numericIndices: [Int]
    private let indexByFullName: [String: Int]
    /// The frame as given (missing sides follow the window) and as it is now, window points.
    private var frameSpec: ComponentRect
    private(set) var frame: (x: Double, y: Double, width: Double, height: Double)
    /// Properties the world's animators drive now: (property index, animator), in start order.
    private var driven: [(index: Int, slot: AnimatorEngine.Slot)] = []
    /// Ids of the touches this instance claimed that are still down.
    var activeTouches: [Int] = []
    /// Set by the component (`self.busy = true`): keeps the world ticking every frame, e.g.
    /// while a `step` runs a timer of its own.
    var holdsBusy = false
    /// The first error one of its callbacks raised; none runs after it.
    private(set) var failure: LuaError?
    weak var host: ScriptHost?
    /// The handle callbacks receive as `self`, made at the first callback.
    private var handle: LuaRef?
    /// `self.data`: a Lua table of the instance's own, for what callbacks keep between calls
    /// that is no property (where a pull started, say); made when first read.
    var data: LuaRef?

    init(name: String, definition: ComponentDefinition, values: [ComponentValue], frame: ComponentRect,
         window: (width: Double, height: Double), host: ScriptHost) {
        self.name = name
        self.definition = definition
        self.values = values
        self.host = host
        var indexByName: [String: Int] = [:]
        var names: [String] = []
        var numeric: [Int] = []
        var byFullName: [String: Int] = [:]
        for (index, property) in definition.properties.enumerated() {
            indexByName[property.name] = index
            guard case .number = property.initial else { continue }
            names.append("\(name).\(property.name)")
            numeric.append(index)
            byFullName["\(name).\(property.name)"] = index
        }
        self.indexByName = indexByName
        propertyNames = names
        numericIndices = numeric
        indexByFullName = byFullName
        frameSpec = frame
        self.frame = frame.resolved(in: window)
    }

    // MARK: Properties

    func property(_ name: String) -> Double? {
        indexByFullName[name].flatMap { values[$0].number }
    }

    func appendStateValues(to values: inout [Double?]) {
        for index in numericIndices { values.append(self.values[index].number) }
    }

    /// Writes a property, keeping its type; a numeric one an animator drives stops that
    /// animator first (as a finger catching a moving view). Returns the problem, if any.
    func set(_ property: String, to value: ComponentValue, in world: World?) -> String? {
        guard let index = indexByName[property] else { return "\(name) has no property '\(property)'" }
        guard value.typeName == values[index].typeName else {
            return "\(name).\(property) is a \(values[index].typeName) (got \(value.typeName))"
        }
        if let world { _ = stopAnimating(index, in: world) }
        values[index] = value
        return nil
    }

    /// Moves the frame: the sides `given` replace the current ones (a side never given keeps
    /// following the window).
    func setFrame(_ rect: ComponentRect, given: Set<String>, window: (width: Double, height: Double)) {
        frameSpec = frameSpec.merged(with: rect, given: given)
        frame = frameSpec.resolved(in: window)
    }

    func windowDidChange(from old: WorldConfiguration, in world: World) {
        frame = frameSpec.resolved(in: (world.configuration.windowWidth, world.configuration.screenHeight))
    }

    // MARK: Animating properties with the world's animators

    /// The animator's name for a property: `"<name>.<property>"`.
    func animatorName(_ property: String) -> String { "\(name).\(property)" }

    /// The numeric property `property`'s index, or the sentence saying why it cannot animate.
    func animatableIndex(_ property: String) throws -> Int {
        guard let index = indexByName[property] else {
            throw LuaRaise("\(name) has no property '\(property)' (properties: \(definition.properties.map(\.name).joined(separator: ", ")))")
        }
        guard case .number = values[index] else {
            throw LuaRaise("\(name).\(property) is a \(values[index].typeName); only numbers animate")
        }
        return index
    }

    /// Lets `slot` drive property `index` from the next advance on (replacing what drove it).
    func drive(_ index: Int, with slot: AnimatorEngine.Slot) {
        driven.removeAll { $0.index == index }
        driven.append((index, slot))
        values[index] = .number(slot.value)
    }

    /// The velocity of what drives property `index` now (pt/s), 0 when nothing does.
    func drivingVelocity(_ index: Int) -> Double {
        driven.first { $0.index == index && $0.slot.state == .running }?.slot.velocity ?? 0
    }

    /// Stops the animator driving property `index`, leaving the value where it is; returns
    /// its velocity at the stop (pt/s), 0 when nothing drove it.
    func stopAnimating(_ index: Int, in world: World) -> Double {
        guard let position = driven.firstIndex(where: { $0.index == index }) else { return 0 }
        let slot = driven.remove(at: position).slot
        values[index] = .number(slot.value)
        return world.animators.stop(slot, in: world)
    }

    // MARK: Phases

    var isBusy: Bool { !activeTouches.isEmpty || holdsBusy || driven.contains { $0.slot.state == .running } }

    var busyDetail: String? {
        var parts: [String] = []
        if !activeTouches.isEmpty { parts.append("touch") }
        let animating = driven.filter { $0.slot.state == .running }.map { definition.properties[$0.index].name }
        if !animating.isEmpty { parts.append("animating " + animating.joined(separator: ", ")) }
        if holdsBusy { parts.append("busy") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// Phase 3: driven properties take their animators' values (the animators advanced
    /// already: they are the world's first engines), then the definition's `step`.
    func advance(to tick: Tick, in world: World) {
        if !driven.isEmpty {
            for (index, slot) in driven { values[index] = .number(slot.value) }
            driven.removeAll { $0.slot.state != .running }
        }
        guard let step = definition.callbacks.step else { return }
        let dt = VirtualTime.seconds(tick.targetTimestamp - world.previousTime)
        invoke(step, [.number(dt), .number(VirtualTime.seconds(tick.targetTimestamp))])
    }

    /// Phase 4: the definition's `layout`.
    func layout(for tick: Tick, in world: World) {
        guard let layout = definition.callbacks.layout else { return }
        invoke(layout, [])
    }

    // MARK: Calling Lua

    /// Calls `function(self, arguments...)` as guest code. An error is the test's failure
    /// (`handlerErrors`), located where the plugin raised it; no callback runs after it.
    func invoke(_ function: LuaRef, _ arguments: [LuaValue]) {
        guard failure == nil, let host else { return }
        let lua = host.lua
        if handle == nil {
            lua.pushHandle(self, className: definition.className)
            handle = lua.ref()
        }
        function.push()
        handle!.push()
        for argument in arguments { argument.push(onto: lua) }
        do {
            try lua.call(argumentCount: Int32(1 + arguments.count), resultCount: 0)
        } catch let error as LuaError {
            failure = error
            host.handlerErrors.append(error)
        } catch {}
    }
}
