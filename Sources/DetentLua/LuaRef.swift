import CLua
import CLuaShim

/// A Lua value kept alive in the registry for Swift (a callback, a table). Released when the
/// reference is deinitialised, unless its state is already gone.
public final class LuaRef {
    weak var state: LuaState?
    let reference: Int32

    /// Pops the value on top of `thread` (default: the main thread) into the registry.
    init(state: LuaState, thread: OpaquePointer? = nil) {
        self.state = state
        reference = luaL_ref(thread ?? state.L, detent_lua_registryindex())
    }

    func push(onto L: OpaquePointer) {
        lua_rawgeti(L, detent_lua_registryindex(), lua_Integer(reference))
    }

    /// Pushes the value onto the main thread of its state.
    public func push() {
        guard let state else { return }
        push(onto: state.L)
    }

    deinit {
        if let state { luaL_unref(state.L, detent_lua_registryindex(), reference) }
    }
}
