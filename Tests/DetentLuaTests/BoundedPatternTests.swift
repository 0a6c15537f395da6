import CLuaShim
import Testing
@testable import DetentLua

/// Scenario code's string.find/match/gmatch/gsub are Lua 5.4's matcher made stoppable
/// (Sources/CLuaShim/pattern.c). These tests hold it to the stock functions, result for
/// result and error message for error message, and show what the stock ones cannot do: stop.
@Suite("Bounded pattern matching: Lua 5.4's patterns, stoppable (SPEC §13)")
struct BoundedPatternTests {
    /// A state with every library, the stock matcher kept as `stock`, ours installed in `string`.
    private func comparingState() -> LuaState {
        let lua = LuaState(libraries: .all)
        try! lua.run("stock = {find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub}",
                     chunkName: "=stock")
        detent_install_bounded_patterns(lua.L)
        return lua
    }

    /// Runs `count` random calls of one function through both matchers and returns the first
    /// difference ("" when none). Patterns are built from the pieces that matter to the
    /// matcher — classes, sets, quantifiers, anchors, captures, %b, %f, back references —
    /// including malformed ones, so the error paths are compared too.
    private func differences(of function: String, count: Int, seed: Int) throws -> String {
        let lua = comparingState()
        try lua.run("""
            math.randomseed(\(seed))
            local pieces = {"a", "b", "c", ".", "%a", "%d", "%s", "%w", "%A", "%", "%%", "%.", "(", ")", "()", "[",
              "]", "[ab]", "[^a]", "[a-c]", "[%d_]", "[]", "[^]]", "^", "$", "*", "+", "-", "?", "%b()", "%b",
              "%f[%w]", "%f[%W]", "%f", "%1", "%2", "%0", "x*", "a-", "b?", ".-", ".*", "(a)", "(%d+)", "%z", "\\0"}
            local letters = {"a", "b", "c", "(", ")", "1", "2", " ", "_", "%", "-", "x", "\\0", "é"}
            local function pattern()
              local parts = {}
              for i = 1, math.random(0, 6) do parts[i] = pieces[math.random(#pieces)] end
              return table.concat(parts)
            end
            local function subject()
              local parts = {}
              for i = 1, math.random(0, 12) do parts[i] = letters[math.random(#letters)] end
              return table.concat(parts)
            end
            local function render(ok, ...)
              local out = {tostring(ok)}
              for i = 1, select("#", ...) do out[#out + 1] = type((select(i, ...))) .. ":" .. tostring((select(i, ...))) end
              return table.concat(out, "|")
            end
            local function both(name, call)
              local stock_result = render(pcall(call, stock[name]))
              local our_result = render(pcall(call, string[name]))
              return stock_result, our_result
            end
            local function gather(iterate)
              return function(gmatch)
                local out = {}
                for a, b, c in gmatch(iterate.s, iterate.p, iterate.init) do
                  out[#out + 1] = tostring(a) .. "," .. tostring(b) .. "," .. tostring(c)
                  if #out > 50 then break end
                end
                return table.concat(out, ";")
              end
            end
            difference = ""
            local replacements = {
              function() return "<%0>" end, function() return "%1-%%" end, function() return "%9" end,
              function() return "%x" end, function() return {a = "A", ["("] = false, b = 7} end,
              function() return function(x, y) if x == "a" then return nil end return (y or x or "") .. "!" end end,
              function() return function() return {} end end, function() return 3 end,
            }
            for _ = 1, \(count) do
              local s, p = subject(), pattern()
              local init = ({nil, 1, 2, -1, -3, 0, 100, -100})[math.random(8)]
              local a, b, label
              if "\(function)" == "find" then
                local plain = math.random(4) == 1 or nil
                a, b = both("find", function(find) return find(s, p, init, plain) end)
                label = string.format("find(%q, %q, %s, %s)", s, p, tostring(init), tostring(plain))
              elseif "\(function)" == "match" then
                a, b = both("match", function(match) return match(s, p, init) end)
                label = string.format("match(%q, %q, %s)", s, p, tostring(init))
              elseif "\(function)" == "gmatch" then
                a, b = both("gmatch", gather({s = s, p = p, init = init}))
                label = string.format("gmatch(%q, %q, %s)", s, p, tostring(init))
              else
                local which = math.random(#replacements)
                local most = ({nil, 0, 1, 2})[math.random(4)]
                a, b = both("gsub", function(gsub) return gsub(s, p, replacements[which](), most) end)
                label = string.format("gsub(%q, %q, replacement #%d, %s)", s, p, which, tostring(most))
              end
              if a ~= b then difference = label .. ": stock " .. a .. " but bounded " .. b break end
            end
            """, chunkName: "=differential")
        lua.getGlobal("difference")
        defer { lua.pop() }
        return lua.string(at: -1) ?? "no result"
    }

    @Test(arguments: ["find", "match", "gmatch", "gsub"])
    func sameResultsAndErrorsAsLua(function: String) throws {
        for seed in 1...4 {
            let difference = try differences(of: function, count: 5_000, seed: seed)
            #expect(difference.isEmpty, "\(difference)")
        }
    }

    @Test func methodsAndTheSafeLibraryUseTheBoundedMatcher() throws {
        let lua = LuaState(libraries: .safe)
        lua.instructionBudget = 2_000_000
        // Lua's own matcher takes about n^5/120 steps here (hours); the count hook never fires in it.
        #expect(throws: LuaError.instructionBudgetExceeded(budget: 2_000_000, traceback: "")) {
            do { try lua.run("(string.rep('a', 3000)):find('.-.-.-.-b')", chunkName: "runaway.lua") }
            catch let LuaError.instructionBudgetExceeded(budget, _) { throw LuaError.instructionBudgetExceeded(budget: budget, traceback: "") }
        }
        #expect(lua.killLocation == "runaway.lua:1")
    }

    @Test(arguments: [
        "local s = string.rep('a', 3000) for _ in s:gmatch('.-.-.-.-b') do end",
        "local s = string.rep('a', 3000) s:gsub('.-.-.-.-b', '')",
        "local s = string.rep('(', 30000) s:match(string.rep('%b()', 1) .. '.-.-.-b')",
        "local s = string.rep('a', 200000) s:find(string.rep('a', 100000) .. 'b', 1, true)",
        "local s = string.rep('a', 3000) pcall(string.find, s, '.-.-.-.-b') while true do end",
    ])
    func everyFunctionStopsOnTheBudget(code: String) throws {
        let lua = LuaState(libraries: .safe)
        lua.instructionBudget = 2_000_000
        var stopped = false
        do { try lua.run(code, chunkName: "runaway.lua") } catch LuaError.instructionBudgetExceeded { stopped = true }
        #expect(stopped)
    }

    @Test func anInterruptStopsAMatchInProgress() throws {
        let lua = LuaState(libraries: .safe)
        lua.cancellation.request()
        #expect(throws: LuaError.interrupted(traceback: "")) {
            do { try lua.run("(string.rep('a', 3000)):find('.-.-.-.-b')", chunkName: "stopped.lua") }
            catch LuaError.interrupted { throw LuaError.interrupted(traceback: "") }
        }
    }
}
