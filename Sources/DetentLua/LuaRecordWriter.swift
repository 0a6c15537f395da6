import CLua

/// Fills a table just pushed onto a Lua stack, field by field, with what `LuaValue.record`
/// would hold — without building the record first. For values pushed often (an event handed
/// to every `wait_event` that sees it), where the record's array of tuples cost more to make
/// and free than the table itself.
///
/// Each field is set raw, in the order given, as `LuaValue.record` sets them.
public struct LuaRecordWriter {
    let L: OpaquePointer

    /// Pushes a new table with room for `fields` fields onto `L`, lets `fill` set them, and
    /// leaves the table on top.
    public static func push(onto L: OpaquePointer, fields: Int, _ fill: (LuaRecordWriter) -> Void) {
        lua_createtable(L, 0, Int32(fields))
        fill(LuaRecordWriter(L: L))
    }

    public func number(_ key: String, _ value: Double) {
        set(key) { lua_pushnumber(L, value) }
    }

    public func integer(_ key: String, _ value: Int64) {
        set(key) { lua_pushinteger(L, lua_Integer(value)) }
    }

    public func boolean(_ key: String, _ value: Bool) {
        set(key) { lua_pushboolean(L, value ? 1 : 0) }
    }

    public func string(_ key: String, _ value: String) {
        set(key) { LuaValue.pushString(value, onto: L) }
    }

    /// Key, then value, then a raw set into the table under them.
    private func set(_ key: String, value push: () -> Void) {
        LuaValue.pushString(key, onto: L)
        push()
        lua_rawset(L, -3)
    }
}
