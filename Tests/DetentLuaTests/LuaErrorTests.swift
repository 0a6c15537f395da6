import Testing
@testable import DetentLua

@Suite("Errors crossing the bridge")
struct LuaErrorTests {
    @Test func syntaxErrorNamesTheChunkAndLine() {
        let lua = LuaState()
        #expect(throws: LuaError.syntax(message: "scripts/scenarios/x_spec.lua:2: unexpected symbol near ')'")) {
            try lua.load("local a = 1\nlocal b = )", chunkName: "scripts/scenarios/x_spec.lua")
        }
    }

    @Test func runtimeErrorInLuaCarriesLocationAndTraceback() throws {
        let lua = LuaState()
        do {
            try lua.run("local function f()\n  error('boom')\nend\nf()", chunkName: "s.lua")
            Issue.record("expected an error")
        } catch let LuaError.runtime(error) {
            #expect(error.message == "s.lua:2: boom")
            #expect(error.traceback.contains("stack traceback:"))
            #expect(error.traceback.contains("s.lua:2: in"))
            #expect(error.traceback.contains("s.lua:4: in"))
        }
    }

    @Test func errorTablesExposeTheirStringFields() throws {
        let lua = LuaState()
        do {
            try lua.run("error({ message = 'nope', where = 'a.lua:3', count = 2, nested = {} })", chunkName: "t.lua")
            Issue.record("expected an error")
        } catch let LuaError.runtime(error) {
            #expect(error.message == "nope")
            #expect(error.fields == ["message": "nope", "where": "a.lua:3", "count": "2"])
        }
    }

    @Test func swiftErrorBecomesLuaErrorAtTheCallersLine() throws {
        let lua = LuaState()
        lua.register("fail") { _ in throw LuaRaise("bad input") }
        try lua.run("""
            local ok, message = pcall(function()
              fail()
            end)
            assert(not ok)
            result = message
            """, chunkName: "c.lua")
        lua.getGlobal("result")
        #expect(lua.string(at: -1) == "c.lua:2: bad input")
    }

    @Test func swiftErrorUnwindsSwiftFramesNormally() throws {
        // A longjmp through the closure would skip its defer; the trampoline raises in C after
        // Swift has returned, so the defer runs every time.
        let lua = LuaState()
        var cleanups = 0
        lua.register("fail") { _ in
            defer { cleanups += 1 }
            throw LuaRaise("stop")
        }
        try lua.run("for i = 1, 3 do pcall(fail) end", chunkName: "d.lua")
        #expect(cleanups == 3)
    }

    @Test func uncaughtSwiftErrorReachesTheHost() {
        let lua = LuaState()
        lua.register("fail") { _ in throw LuaRaise("from swift") }
        #expect(throws: LuaError.self) { try lua.run("fail()", chunkName: "e.lua") }
        do { try lua.run("fail()", chunkName: "e.lua") } catch {
            #expect((error as? LuaError)?.message == "e.lua:1: from swift")
        }
    }

    @Test func argumentErrorsUseLuasWording() throws {
        let lua = LuaState()
        lua.register("twice") { call in
            call.push(try call.number(1) * 2)
            return 1
        }
        do {
            try lua.run("twice('x')", chunkName: "f.lua")
            Issue.record("expected an error")
        } catch {
            #expect((error as? LuaError)?.message == "f.lua:1: bad argument #1 to 'twice' (number expected, got string)")
        }
    }
}
