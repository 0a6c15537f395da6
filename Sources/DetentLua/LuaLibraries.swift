import CLua
import CLuaShim

/// Which standard libraries a state opens.
public enum LuaLibraries: Sendable {
    /// SPEC §13: base without `dofile`/`loadfile` (and `load` restricted to text), coroutine,
    /// table, string, math, utf8. `require`, `print`, `os.clock`/`os.time` and
    /// `math.randomseed` are installed by the host (virtual clock, seeded random).
    case safe
    /// Every standard library (tools and tests only; never for scenario code).
    case all

    func open(in state: LuaState) {
        let L = state.L
        switch self {
        case .all:
            luaL_openlibs(L)
        case .safe:
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
            // `load` accepts text only, whatever mode the caller asks for. `setmetatable`
            // refuses finalizers: a `__gc` runs whenever the collector gets to it — in another
            // test, between tests, or as the state closes — outside the limits of the test
            // that made it (SPEC §13: budgets hold everywhere).
            try! state.run("""
                local raw_load, raw_setmetatable, rawget, type, error = load, setmetatable, rawget, type, error
                load = function(chunk, name, _, env)
                  if env == nil then return raw_load(chunk, name, "t") end
                  return raw_load(chunk, name, "t", env)
                end
                setmetatable = function(t, mt)
                  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
                    error("setmetatable: __gc finalizers are not available to scripts (they would run outside the test that made them)", 2)
                  end
                  return raw_setmetatable(t, mt)
                end
                """, chunkName: "=(detent sandbox)")
        }
    }
}
