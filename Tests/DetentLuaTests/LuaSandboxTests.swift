import Testing
@testable import DetentLua

@Suite("The sandbox and its limits (SPEC §13)")
struct LuaSandboxTests {
    @Test func safeStateHasOnlyTheSafeLibraries() throws {
        let lua = LuaState(libraries: .safe)
        try lua.run("""
            assert(dofile == nil and loadfile == nil, "dofile/loadfile present")
            assert(io == nil and os == nil and debug == nil and package == nil, "unsafe library present")
            assert(coroutine and table and string and math and utf8, "safe library missing")
            """, chunkName: "sandbox.lua")
    }

    @Test func bytecodeIsRefused() throws {
        let lua = LuaState(libraries: .safe)
        try lua.run("""
            local binary = string.dump(function() return 1 end)
            local chunk, message = load(binary, "bin", "b")
            assert(chunk == nil, "bytecode loaded")
            result = message
            """, chunkName: "bytecode.lua")
        lua.getGlobal("result")
        #expect(lua.string(at: -1)?.contains("attempt to load a binary chunk") == true)
    }

    @Test func instructionBudgetStopsARunawayLoop() throws {
        let lua = LuaState(libraries: .safe)
        lua.instructionBudget = 1_000_000
        #expect(throws: LuaError.instructionBudgetExceeded(budget: 1_000_000, traceback: "")) {
            do { try lua.run("while true do end", chunkName: "loop.lua") } catch let LuaError.instructionBudgetExceeded(budget, _) {
                throw LuaError.instructionBudgetExceeded(budget: budget, traceback: "")
            }
        }
    }

    @Test func pcallCannotSwallowTheBudget() throws {
        let lua = LuaState(libraries: .safe)
        lua.instructionBudget = 1_000_000
        var stopped = false
        do { try lua.run("while true do pcall(function() while true do end end) end", chunkName: "p.lua") } catch LuaError.instructionBudgetExceeded {
            stopped = true
        }
        #expect(stopped)
    }

    @Test func stateIsUsableAfterAKillAndReset() throws {
        let lua = LuaState(libraries: .safe)
        lua.instructionBudget = 100_000
        _ = try? lua.run("while true do end", chunkName: "loop.lua")
        lua.resetLimits()
        try lua.run("x = 0 for i = 1, 10 do x = x + i end", chunkName: "after.lua")
        lua.getGlobal("x")
        #expect(lua.integer(at: -1) == 55)
    }

    @Test func memoryCapStopsAMemoryBomb() throws {
        let lua = LuaState(libraries: .safe)
        lua.memoryCap = 8 * 1024 * 1024
        var stopped = false
        do {
            try lua.run("local t = {} for i = 1, math.huge do t[i] = string.rep('x', 100) .. i end", chunkName: "bomb.lua")
        } catch LuaError.memoryLimitExceeded {
            stopped = true
        }
        #expect(stopped)
        lua.resetLimits()
        lua.collectGarbage()
        #expect(lua.memoryInUse < 8 * 1024 * 1024)
        try lua.run("y = #string.rep('y', 1000)", chunkName: "after.lua")
        lua.getGlobal("y")
        #expect(lua.integer(at: -1) == 1000)
    }

    @Test func hostCodeIsNeverRefusedMemory() throws {
        // Over the cap inside a host function: the allocation succeeds (no longjmp through
        // Swift) and the cap is enforced when control is back in C.
        let lua = LuaState(libraries: .safe)
        lua.memoryCap = 4 * 1024 * 1024
        lua.register("big") { call in
            call.push(String(repeating: "z", count: 6 * 1024 * 1024))
            return 1
        }
        var stopped = false
        do { try lua.run("local s = big()", chunkName: "host.lua") } catch LuaError.memoryLimitExceeded {
            stopped = true
        }
        #expect(stopped)
    }
}
