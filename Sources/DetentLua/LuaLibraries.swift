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

    static let sandboxChunkName = "=(detent sandbox)"

    /// The safe set's wrappers of base functions (load, xpcall, setmetatable, table.move,
    /// string.rep), as the build compiled them (Lua/host.txt), or compiled once in this
    /// process when its Lua writes another bytecode header.
    static let sandboxBytecode: [UInt8] = {
        if let built = PreludeBytecode.hostChunks["libraries_sandbox"], LuaState.writesSameHeader(as: built) { return built }
        do { return try LuaState.compileTrusted(sandboxSource, chunkName: sandboxChunkName) } catch {
            fatalError("Detent's Lua sandbox does not compile: \(error)")
        }
    }()

    static var sandboxSource: String { String(decoding: PackageResources.libraries_sandbox_lua, as: UTF8.self) }
}
