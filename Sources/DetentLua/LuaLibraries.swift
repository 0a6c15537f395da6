import CLua
import CLuaShim

/// Which standard libraries a state opens.
public enum LuaLibraries: Sendable {
    /// SPEC §13: base without `dofile`/`loadfile` (and `load` restricted to text), coroutine,
    /// table, string, math, utf8. `require`, `print`, `os.clock`/`os.time` and
    /// `math.randomseed` are installed by the host (virtual clock, seeded random).
    case safe
    /// Every standard library — `io`, `os`, `package`, `debug`, file loading, `load` with
    /// every mode — with the guards of `.safe` that keep limits in force (bounded patterns,
    /// guarded coroutines, the `xpcall`, `table.move`, `string.rep` and `setmetatable`
    /// wrappers): scenario code of `detent run` and the console (`[lua] stdlib = "full"`).
    case standard
    /// Every standard library, unguarded (tools and tests only; never for scenario code).
    case all
    /// None: a state that only compiles chunks (`LuaState.compileTrusted`).
    case none

    func open(in state: LuaState) {
        let L = state.L
        switch self {
        case .none:
            break
        case .all:
            luaL_openlibs(L)
        case .safe, .standard:
            if case .standard = self {
                luaL_openlibs(L)
            } else {
                let libraries: [(String, lua_CFunction)] = [
                    ("_G", luaopen_base), (LUA_COLIBNAME, luaopen_coroutine), (LUA_TABLIBNAME, luaopen_table),
                    (LUA_STRLIBNAME, luaopen_string), (LUA_MATHLIBNAME, luaopen_math), (LUA_UTF8LIBNAME, luaopen_utf8),
                ]
                for (name, opener) in libraries {
                    luaL_requiref(L, name, opener, 1)
                    state.pop()
                }
                for name in ["dofile", "loadfile"] {
                    state.pushNil()
                    state.setGlobal(name)
                }
            }
            // Lua's pattern matcher backtracks in C where no count hook reaches: scenario
            // code gets the same matcher with every step charged to the budget.
            detent_install_bounded_patterns(L)
            detent_install_guarded_coroutines(L)
            detent_install_guarded_pcall(L)
            // `load` accepts text only, whatever mode the caller asks for. `setmetatable`
            // registers no finalizer: a `__gc` would run whenever the collector gets to it —
            // in another test, between tests, or as the state closes — outside the limits of
            // the test that made it (SPEC §13: budgets hold everywhere), so none runs.
            lua_pushcclosure(L, detent_lua_limit_reached, 0)
            state.setGlobal("__detent_limit_reached")
            // Compiled once per process: every spec file's state runs these lines.
            do {
                try state.load(trustedBytecode: LuaLibraries.sandboxBytecode, chunkName: LuaLibraries.sandboxChunkName)
                if case .standard = self { state.push(true) } else { state.push(false) }
                try state.call(argumentCount: 1, resultCount: 0)
            } catch {
                fatalError("Detent's Lua sandbox does not run: \(error)")
            }
        }
    }

    private static let sandboxChunkName = "=(detent sandbox)"

    /// The safe set's wrappers of base functions (load, xpcall, setmetatable, table.move,
    /// string.rep), compiled once per process.
    private static let sandboxBytecode: [UInt8] = {
        do { return try LuaState.compileTrusted(sandboxSource, chunkName: sandboxChunkName) } catch {
            fatalError("Detent's Lua sandbox does not compile: \(error)")
        }
    }()

    private static let sandboxSource = """
        local every_mode = ...   -- the full standard library: load takes every mode
        local limit_reached = __detent_limit_reached
        __detent_limit_reached = nil
        local raw_load, raw_setmetatable, rawget, type, error = load, setmetatable, rawget, type, error
        -- xpcall: a limit's error (raised from the count hook, where Lua runs message
        -- handlers with hooks off) skips the script's handler, which could otherwise
        -- loop unstopped; the limit then stops the test as it should.
        local raw_xpcall = xpcall
        xpcall = function(f, handler, ...)
          if type(handler) ~= "function" then return raw_xpcall(f, handler, ...) end
          return raw_xpcall(f, function(message)
            if limit_reached() then return message end
            return handler(message)
          end, ...)
        end
        if not every_mode then
          load = function(chunk, name, _, env)
            if env == nil then return raw_load(chunk, name, "t") end
            return raw_load(chunk, name, "t", env)
          end
        end
        -- C library loops that execute no Lua instruction (so no count hook) and are
        -- not bounded by the memory cap: refused past sizes no scenario needs.
        local raw_move, raw_rep = table.move, string.rep
        table.move = function(a1, f, e, t, a2)
          if type(f) == "number" and type(e) == "number" and e - f >= 1e7 then
            error("table.move: a range of more than 10000000 elements (" .. string.format("%.0f", e - f + 1) .. ")", 2)
          end
          if a2 == nil then return raw_move(a1, f, e, t) end
          return raw_move(a1, f, e, t, a2)
        end
        local pcall = pcall
        string.rep = function(s, n, sep)
          -- Repeating "" costs a loop of n empty copies: answer it at once.
          if type(n) == "number" and n > 1e6 and (type(s) == "string" or type(s) == "number")
             and #tostring(s) == 0 and (sep == nil or #tostring(sep) == 0) then
            return ""
          end
          local ok, result = pcall(raw_rep, s, n, sep)
          if not ok then error(result, 2) end   -- at the caller's line
          return result
        end
        -- Finalizers never run: Lua marks an object for finalization only if its metatable
        -- has a __gc as it is set, so __gc is taken off the metatable for that moment and put
        -- back (the object's metatable is the very table given, __gc field included; code
        -- that copies every metamethod, as class libraries do, works unchanged).
        local pcall, rawset = pcall, rawset
        local function without_finalizer(set, name)
          return function(t, mt)
            if type(mt) ~= "table" or rawget(mt, "__gc") == nil then return set(t, mt) end
            local gc = rawget(mt, "__gc")   -- any value, false too, would mark the object
            rawset(mt, "__gc", nil)
            local ok, result = pcall(set, t, mt)
            rawset(mt, "__gc", gc)
            if not ok then error((tostring(result):gsub("^bad argument #(%d) to '%?'", "bad argument #%1 to '" .. name .. "'")), 2) end
            return result
          end
        end
        setmetatable = without_finalizer(raw_setmetatable, "setmetatable")
        if debug and debug.setmetatable then debug.setmetatable = without_finalizer(debug.setmetatable, "setmetatable") end
        """
}
