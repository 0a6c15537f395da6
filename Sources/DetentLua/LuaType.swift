import CLua

/// The basic types of Lua values, as `lua_type` reports them.
public enum LuaType: Int32, CustomStringConvertible, Sendable {
    case none = -1, `nil` = 0, boolean = 1, lightUserdata = 2, number = 3, string = 4,
         table = 5, function = 6, userdata = 7, thread = 8

    /// The name Lua's own messages use (`type()`), e.g. "nil", "number".
    public var description: String {
        switch self {
        case .none: return "no value"
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .lightUserdata, .userdata: return "userdata"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .thread: return "thread"
        }
    }
}
