import CLua
import CLuaShim

/// Stack operations shared by a state's main thread (`LuaState`) and the thread a host
/// function was called on (`LuaCall`). Raw accesses never call metamethods, so none of them
/// can raise a Lua error through Swift.
public protocol LuaStack {
    /// The thread whose stack these operate on.
    var L: OpaquePointer { get }
}

extension LuaStack {
    public func type(at index: Int32) -> LuaType { LuaType(rawValue: lua_type(L, index)) ?? .none }
    public func pop(_ count: Int32 = 1) { lua_settop(L, -count - 1) }

    public func pushNil() { lua_pushnil(L) }
    public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    public func push(_ value: Double) { lua_pushnumber(L, value) }
    public func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    public func push(_ value: Int64) { lua_pushinteger(L, lua_Integer(value)) }
    public func push(_ value: String) { LuaValue.string(value).push(onto: L) }
    public func push(_ value: LuaValue) { value.push(onto: L) }

    /// t[i] = the value on top (popped), for the table at `table`.
    public func rawSet(index i: Int, inTableAt table: Int32) {
        lua_rawseti(L, table, lua_Integer(i))
    }

    /// Pushes t[key] without metamethods and returns its type.
    @discardableResult
    public func rawGet(field key: String, inTableAt table: Int32) -> LuaType {
        let t = lua_absindex(L, table)
        push(key)
        return LuaType(rawValue: lua_rawget(L, t)) ?? .nil
    }

    /// Pushes t[i] without metamethods and returns its type.
    @discardableResult
    public func rawGet(index i: Int, inTableAt table: Int32) -> LuaType {
        LuaType(rawValue: lua_rawgeti(L, table, lua_Integer(i))) ?? .nil
    }

    /// The raw length (`#` without metamethods) of the value at `index`.
    public func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }
}
