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
            // `load` accepts text only, whatever mode the caller asks for.
            try! state.run("""
                local raw_load = load
                load = function(chunk, name, _, env)
                  if env == nil then return raw_load(chunk, name, "t") end
                  return raw_load(chunk, name, "t", env)
                end
                """, chunkName: "=(detent sandbox)")
        }
    }
}
