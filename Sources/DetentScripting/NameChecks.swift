import DetentLua
import DetentWorld

/// The property and event names a script writes, checked where it writes them: a misspelt
/// `trace{"drawer.orign"}` or `wait_event("drawer.setled")` is an error at that line naming
/// the nearest real names, never a series that stays empty or a wait that times out.
extension ScriptHost {
    // MARK: Properties

    /// The last part of every property name something in a world may have: engines' (of
    /// every registered kind), animators' (`value`, `velocity`) and components' numbers.
    var knownPropertyKeys: Set<String> {
        var keys = Set(EngineRegistry.all.flatMap(\.propertyKeys))
        keys.formUnion(["value", "velocity"])
        for definition in components.definitions.values {
            for property in definition.properties where property.initial.number != nil { keys.insert(property.name) }
        }
        return keys
    }

    /// Refuses a traced name that no property of `world` has and none could have later: one
    /// whose last part is no engine's, animator's or component's property. A name of an
    /// engine made after the trace starts ("sheet.height" before `world:sheet{}`) is taken.
    /// `verb` names the call in the message.
    func checkPropertyNames(_ names: [String], in world: World, verb: String) throws {
        let current = Set(world.propertyNames)
        let keys = knownPropertyKeys
        for name in names where !current.contains(name) && !Self.couldBeProperty(name, keys: keys) {
            throw LuaRaise("\(verb): no property '\(name)'" + propertyHint(name, in: world))
        }
    }

    /// Whether `name` is `<engine>.<key>` with a key something in a world may have.
    static func couldBeProperty(_ name: String, keys: Set<String>) -> Bool {
        guard let dot = name.lastIndex(of: "."), name.startIndex != dot else { return false }
        return keys.contains(String(name[name.index(after: dot)...]))
    }

    /// " (did you mean …? properties now: …)" for a property name that is none of `world`'s.
    func propertyHint(_ name: String, in world: World) -> String {
        let current = world.propertyNames
        let kinds = EngineRegistry.all.flatMap { registration in registration.propertyKeys.map { "\(registration.kind).\($0)" } }
        let hint = NameSuggestion.hint(name, among: current + kinds)
        let listed = current.isEmpty ? "this world has no properties yet" : "properties now: \(current.joined(separator: ", "))"
        return " (\(hint)\(listed))"
    }

    /// Refuses a watched name no engine kind, animator or component could have, with or
    /// without a world (a plugin's invariant declares what it watches before any world).
    func checkWatchedNames(_ names: [String], verb: String) throws {
        if let world { return try checkPropertyNames(names, in: world, verb: verb) }
        let keys = knownPropertyKeys
        for name in names where !Self.couldBeProperty(name, keys: keys) {
            let kinds = EngineRegistry.all.flatMap { registration in registration.propertyKeys.map { "\(registration.kind).\($0)" } }
            throw LuaRaise("\(verb): no property '\(name)' (\(NameSuggestion.hint(name, among: kinds))a property is named <engine>.<key>, e.g. drawer.origin)")
        }
    }

    /// A subscriber's names checked as a script's are (`trace{}`, `world:on`): one sentence per
    /// name nothing has or emits, each naming the nearest real names; empty when all are known.
    /// `verb` starts each sentence.
    public func unknownSubscriptionNames(properties: [String], events: [String], verb: String) -> (properties: [String], events: [String], messages: [String]) {
        var unknown: (properties: [String], events: [String], messages: [String]) = ([], [], [])
        for name in properties {
            do { try checkWatchedNames([name], verb: verb) } catch let raise as LuaRaise {
                unknown.properties.append(name)
                unknown.messages.append(raise.message)
            } catch {}
        }
        for name in events {
            do { try checkEventName(name, in: world, what: verb) } catch let raise as LuaRaise {
                unknown.events.append(name)
                unknown.messages.append(raise.message)
            } catch {}
        }
        return unknown
    }

    // MARK: Events

    /// The events the world and every registered engine kind emit.
    static let builtinEvents = World.eventNames + EngineRegistry.all.flatMap(\.events)
    private static let builtinEventSet = Set(builtinEvents)

    /// Every event name known by name: Detent's own (the world's and each engine kind's), the
    /// ones plugins and the file declared (`detent.event`) or the running test emitted, and the registered
    /// components' under their own names (an instance named otherwise is checked in its world).
    var knownEventNames: [String] {
        var names = Self.builtinEvents
        names += declaredEvents.union(emittedEvents).sorted()
        for definition in components.definitions.values.sorted(by: { $0.name < $1.name }) {
            names += definition.events.map { "\(definition.name).\($0)" }
        }
        return names
    }

    /// Refuses an event name nothing emits (`what` is the verb, for the message): "*", the
    /// known names and the declared events of the components in `world` pass.
    func checkEventName(_ name: String, in world: World?, what: String) throws {
        if name == "*" || Self.builtinEventSet.contains(name) || declaredEvents.contains(name) || emittedEvents.contains(name) { return }
        let components = world?.engines.compactMap { $0 as? ComponentEngine } ?? []
        let known = knownEventNames + components.flatMap { c in c.definition.events.map { "\(c.name).\($0)" } }
        if known.contains(name) { return }
        let hint = NameSuggestion.hint(name, among: known)
        let listed = hint.isEmpty ? "; events: \(known.joined(separator: ", "))" : ""
        throw LuaRaise("\(what): no event '\(name)' (\(hint)a script's own event is declared with detent.event(\"\(name)\") or emitted first\(listed))")
    }

    /// `detent.event(name)`: declares an event the script or a plugin emits, so that
    /// `world:on` and `wait_event` accept it before its first emit.
    func declareEvent(_ name: String) throws {
        guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "*" }) else {
            throw LuaRaise("bad argument #1 to 'event' (an event name like \"my.thing\" expected, got '\(name)')")
        }
        declaredEvents.insert(name)
    }
}
