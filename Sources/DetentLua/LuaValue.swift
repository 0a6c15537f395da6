import CLua
import CLuaShim

/// Plain data crossing from Swift into Lua: scalars, arrays and records with a fixed key
/// order (so that anything iterating them is deterministic).
public enum LuaValue: Equatable, Sendable {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([LuaValue])
    case record([(String, LuaValue)])

    public static func == (lhs: LuaValue, rhs: LuaValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): return true
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.record(a), .record(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    func push(onto L: OpaquePointer) {
        switch self {
        case .nil: lua_pushnil(L)
        case let .boolean(b): lua_pushboolean(L, b ? 1 : 0)
        case let .integer(i): lua_pushinteger(L, lua_Integer(i))
        case let .number(d): lua_pushnumber(L, d)
        case let .string(s): LuaValue.pushString(s, onto: L)
        case let .array(items):
            lua_createtable(L, Int32(items.count), 0)
            for (i, item) in items.enumerated() {
                item.push(onto: L)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
        case let .record(fields):
            lua_createtable(L, 0, Int32(fields.count))
            for (key, value) in fields {
                LuaValue.string(key).push(onto: L)
                value.push(onto: L)
                lua_rawset(L, -3)
            }
        }
    }

    /// Pushes `string`'s bytes as a Lua string (embedded zeros kept).
    static func pushString(_ string: String, onto L: OpaquePointer) {
        var copy = string
        copy.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// Pushes the value onto the main thread of `state`.
    public func push(onto state: LuaState) { push(onto: state.L) }
}
