import Testing
import Foundation
@testable import DetentConsole
import DetentRuntime
import DetentTestSupport
@testable import DetentConfig

/// The REPL's rules against a local evaluator in virtual time: what is incomplete, what
/// completes, how commands parse and how values print.
@Suite("Console rules")
struct ConsoleRulesTests {
    static func evaluator() throws -> LocalEvaluator {
        let configuration = try DetentConfiguration.load(from: BuiltExecutables.root.appendingPathComponent("config"))
        var options = LocalEvaluator.Options(configuration: configuration)
        options.noPlugins = true
        options.virtualTime = true
        options.base = BuiltExecutables.root.path
        return try LocalEvaluator(options: options)
    }

    @Test func anUnfinishedChunkIsIncompleteAndAFinishedOneIsNot() throws {
        let evaluator = try Self.evaluator()
        defer { evaluator.close() }
        #expect(evaluator.isIncomplete("function f(x)"))
        #expect(evaluator.isIncomplete("t = {"))
        #expect(!evaluator.isIncomplete("function f(x) return x end"))
        #expect(!evaluator.isIncomplete("1 +* 2"), "a syntax error that does not end at <eof> is an error, not more input")
    }

    @Test func completionComesFromTheObjectsThemselves() throws {
        let evaluator = try Self.evaluator()
        defer { evaluator.close() }
        #expect(evaluator.completions(of: "detent.wo") == ["detent.world"])
        let console = Console(evaluator: evaluator, write: { _ in })
        #expect(console.run(#"d = world:drawer{anchors = {"top", "middle", "bottom"}}"#, chunkName: "test"))
        let fields = evaluator.completions(of: "d.")
        #expect(fields.contains("d.origin") && fields.contains("d.anchor") && fields.contains("d.move_to"))
        #expect(evaluator.completions(of: "d:mo") == ["d:move_to"], "after ':' only methods")
        #expect(evaluator.completions(of: "wor").contains("world"))
        #expect(evaluator.completions(of: "nosuch.x").isEmpty)
    }

    @Test func valuesPrintReadably() throws {
        let evaluator = try Self.evaluator()
        defer { evaluator.close() }
        var printed = ""
        let console = Console(evaluator: evaluator, write: { printed += $0 })
        console.run("t = {1, 'two', {x = 3}}; t.self = t; return t", chunkName: "test")
        #expect(printed == "{ 1, \"two\", { x = 3 }, self = <cycle> }\n")
        printed = ""
        console.run(#"return world:drawer{anchors = {"top", "middle", "bottom"}}"#, chunkName: "test")
        #expect(printed == "<drawer anchor=bottom origin=774.0 state=resting>\n")
        printed = ""
        console.run("return {{{{{{1}}}}}}", chunkName: "test")
        #expect(printed == "{ { { { {…} } } } }\n", "nesting deeper than the limit is cut")
    }

    @Test func linesFollowLuasReplRules() throws {
        let evaluator = try Self.evaluator()
        defer { evaluator.close() }
        let console = Console(evaluator: evaluator, write: { _ in })
        #expect(console.accept("function f(x)") == .more)
        #expect(console.accept("return x end") == .evaluate(code: "function f(x)\nreturn x end", chunkName: "stdin"))
        #expect(console.accept("=1 + 1") == .evaluate(code: "return 1 + 1", chunkName: "stdin"))
        #expect(console.accept(":quit") == .quit)
    }

    @Test func commandsParseWithSentencesForMistakes() {
        #expect(ConsoleCommandLine.parse(":step") == .success(.step(1)))
        #expect(ConsoleCommandLine.parse(":step 10") == .success(.step(10)))
        #expect(ConsoleCommandLine.parse(":speed 0.25") == .success(.speed(0.25)))
        #expect(ConsoleCommandLine.parse(":trace drawer.origin sheet.height") == .success(.trace(["drawer.origin", "sheet.height"])))
        guard case let .failure(error) = ConsoleCommandLine.parse(":speed 20") else { Issue.record("20x accepted"); return }
        #expect(error.message.contains("0.1 to 10"))
        guard case let .failure(unknown) = ConsoleCommandLine.parse(":bogus") else { Issue.record(":bogus accepted"); return }
        #expect(unknown.message.contains("unknown command :bogus"))
    }

    @Test func stepAdvancesTheFrameByExactlyTheCount() throws {
        let evaluator = try Self.evaluator()
        defer { evaluator.close() }
        try evaluator.pause()
        let before = try evaluator.status().frame
        try evaluator.step(10)
        #expect(try evaluator.status().frame == before + 10)
        #expect(try evaluator.status().paused)
    }
}
