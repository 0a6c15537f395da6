import Foundation
import Testing
import DetentJSON
import DetentLua
import DetentScripting
import DetentWorld
@testable import DetentRuntime

/// Issue 29 §2: every engine is declared once, by its registration, and a registration that
/// leaves a part out — or names a part that does not exist — fails here. Each registration's
/// example makes a live engine, and every part of the record is checked against it: the
/// constructor, the status-line words, the console's fields (properties of its Lua class),
/// the drawing and the replay script that draws each element kind, its config sections (in
/// config/engine.toml with exactly its keys and the SPEC's values), and its type definitions.
@Suite("Engine registrations: one record per engine, complete")
struct EngineRegistrationTests {
    static let kinds = EngineRegistry.all.map(\.kind)

    @Test func kindsSectionsAndClassesAreDeclaredOnce() {
        let kinds = EngineRegistry.all.map(\.kind)
        #expect(Set(kinds).count == kinds.count, "\(kinds)")
        let sections = EngineRegistry.sections.map(\.name)
        #expect(Set(sections).count == sections.count, "\(sections)")
        #expect(!sections.contains("motion"))
        let classes = EngineRegistry.all.flatMap(\.consoleFields).map(\.className)
        #expect(Set(classes).count == classes.count, "\(classes)")
        let layers = EngineRegistry.all.map(\.layer)
        #expect(Set(layers).count == layers.count, "two kinds share a drawing layer: \(layers)")
    }

    @Test(arguments: kinds)
    func theRegistrationDescribesALiveEngine(kind: String) throws {
        let registration = try #require(EngineRegistry.all.first { $0.kind == kind })
        let h = try LiveSessionTests.Harness()
        let made = h.eval("local e = \(registration.example); return e.name")
        let name = try #require(try made.result?.get().text, "the example \(registration.example) answered nothing")
        try h.onQueue { live in
            let world = live.world
            let engine = try #require(world.engines.first { $0.name == name }, "no engine '\(name)' after \(registration.example)")
            // The registration knows its engine, and no other registration claims it.
            let words = try #require(registration.summary(of: engine), "\(kind)'s summary does not recognise its own engine")
            #expect(!words.isEmpty && words.allSatisfy { !$0.isEmpty })
            #expect(EngineRegistry.all.filter { $0.claims(engine) }.map(\.kind) == [kind])
            #expect(EngineSummary.describe(engine).hasPrefix("\(name) \(words.joined(separator: " "))"))
            // Properties: the engine's table, traced ones readable from the world.
            #expect(!registration.propertyNames.isEmpty)
            for property in engine.propertyNames { #expect(world.property(property) != nil, "\(property) reads nil") }
            // The console's fields are fields of the registered Lua classes.
            let classes = Dictionary(uniqueKeysWithValues: live.session.host.lua.documentedClasses.map { ($0.name, $0) })
            #expect(!registration.consoleFields.isEmpty)
            for (className, fields) in registration.consoleFields {
                let cls = try #require(classes[className], "\(kind) names class '\(className)', which is not registered")
                let known = Set(cls.fields.map(\.name) + cls.undocumented)
                for field in fields { #expect(known.contains(field), "\(className).\(field) is not a field of the class") }
            }
            // The drawing: at least one element, each of a kind some replay script draws.
            var drawing = EngineDrawing()
            #expect(registration.draw(engine, into: &drawing))
            #expect(!drawing.elements.isEmpty)
            let scripts = EngineRegistry.all.map(\.replayScript).joined(separator: "\n")
            #expect(registration.replayScript.contains("DRAWERS.\(kind) = function"))
            for element in drawing.elements {
                let elementKind = element.fields.first { $0.0 == "kind" }.flatMap { $0.1.stringValue } ?? ""
                #expect(scripts.contains("DRAWERS.\(elementKind) = function"), "no replay script draws '\(elementKind)'")
                #expect(element.id.hasPrefix("\(elementKind):"), "element id \(element.id)")
            }
        }
        // The constructor is a method of the world, and has a type definition.
        let types = try String(contentsOf: RunHarness.root.appendingPathComponent("scripts/types/engines.lua"), encoding: .utf8)
        #expect(types.contains("function world_class:\(kind)(options) end"), "scripts/types/engines.lua lacks world:\(kind)")
    }

    @Test(arguments: EngineRegistry.sections.map(\.name))
    func configEngineTomlHasTheSectionWithExactlyItsKeys(section name: String) throws {
        let section = try #require(EngineRegistry.sections.first { $0.name == name })
        let text = try String(contentsOf: RunHarness.root.appendingPathComponent("config/engine.toml"), encoding: .utf8)
        var keys: [String] = [], inSection = false
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("[") { inSection = line == "[\(name)]"; continue }
            if inSection, !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") {
                keys.append(line[..<eq].trimmingCharacters(in: .whitespaces))
            }
        }
        #expect(Set(keys) == Set(section.keys), "config/engine.toml [\(name)] has \(keys.sorted()), the registration \(section.keys.sorted())")
        #expect(keys.count == Set(keys).count)
    }

    /// config/engine.toml repeats each registered section's SPEC defaults (the `init()` of its
    /// settings type), so the built-in file and the types cannot drift.
    @Test func engineTomlRepeatsEveryRegisteredSectionsDefaults() throws {
        let loaded = try RunHarness.configuration().engineDefaults
        for section in EngineRegistry.sections {
            let fresh = EngineDefaults(motion: loaded.motion)
            var derived = fresh
            EngineRegistry.sections.forEach { $0.derive(in: &derived) }
            let expected = section.values(in: derived), found = section.values(in: loaded)
            #expect(expected.map(\.key) == found.map(\.key))
            for (e, f) in zip(expected, found) { #expect(e.value == f.value, "[\(section.name)] \(e.key): engine.toml \(f.value), SPEC \(e.value)") }
        }
    }
}
