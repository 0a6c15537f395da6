import Foundation
import Testing
@testable import DetentScripting

/// The event names engines declare (`DrawerEngine.eventNames`, …, `World.eventNames`), which
/// `world:on` and `wait_event` check a script's names against, are exactly the names Detent's
/// sources emit: a new `emit("…")` without its declaration would make scripts' handlers for
/// it errors, and a declaration nothing emits would accept a wait that can only time out.
@Suite("Event names: declared as emitted")
struct EventCatalogTests {
    /// Every string literal that is the name argument of an `emit(` in Sources/' code (both
    /// of a `cond ? "a" : "b"`; comments left out).
    static func emittedNames() throws -> Set<String> {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let call = try NSRegularExpression(pattern: #"\bemit\(([^"(),]*\?\s*)?"([a-z_.]+)"(\s*:\s*"([a-z_.]+)")?"#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                for group in [2, 4] {
                    if let range = Range(match.range(at: group), in: text) { names.insert(String(text[range])) }
                }
            }
        }
        return names
    }

    @Test func everyEmittedEventIsDeclaredAndEveryDeclaredOneIsEmitted() throws {
        let emitted = try Self.emittedNames()
        let declared = Set(ScriptHost.builtinEvents)
        #expect(emitted.count >= 40, "found \(emitted.count) emits")
        #expect(emitted.subtracting(declared).isEmpty, "emitted but not declared: \(emitted.subtracting(declared).sorted())")
        #expect(declared.subtracting(emitted).isEmpty, "declared but never emitted: \(declared.subtracting(emitted).sorted())")
        #expect(declared.count == ScriptHost.builtinEvents.count, "an event is declared twice")
    }
}
