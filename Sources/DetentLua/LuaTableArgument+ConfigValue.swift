import CLua
import CLuaShim

extension LuaTableArgument {
    /// Field `key` as plain data, or nil when it is absent: how `detent.world{config = {...}}`
    /// hands its overrides to the config loaders. A table whose keys are names becomes
    /// `.table`, a sequence `.array`; numbers keep Lua's integer/float subtype; functions and
    /// the like become `.other` so the loader's message can say what it found.
    ///
    /// Errors read as this argument's others do, naming the path inside the field:
    /// `bad argument #1 to 'world' (config.drawer: tables nested more than 8 deep)`.
    ///
    /// - Complexity: O(n) in the values read; at most `maxDepth` tables deep and `maxEntries`
    ///   values in all, so a table that contains itself, or a million keys, is an error
    ///   rather than a hang or a large copy.
    public func configValue(_ key: String, maxDepth: Int = 8, maxEntries: Int = 10_000) throws -> ConfigValue? {
        let L = call.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        call.push(key)
        let type = LuaType(rawValue: lua_rawget(L, index)) ?? .nil
        if type == .nil { return nil }
        guard type == .table else { throw LuaRaise("\(argumentDescription) (field '\(key)': table expected, got \(type))") }
        var walk = Walk(maxDepth: maxDepth, maxEntries: maxEntries, remaining: maxEntries)
        return try convert(at: lua_gettop(L), path: key, depth: 1, walk: &walk)
    }

    /// The limits of one conversion and what is left of its entry budget.
    private struct Walk {
        let maxDepth: Int
        let maxEntries: Int
        var remaining: Int
    }

    /// The value at absolute stack `index` as plain data; the stack is left as found.
    private func convert(at index: Int32, path: String, depth: Int, walk: inout Walk) throws -> ConfigValue {
        let L = call.L
        switch LuaType(rawValue: lua_type(L, index)) ?? .nil {
        case .number:
            var ok: Int32 = 0
            if lua_isinteger(L, index) != 0 { return .integer(Int64(detent_lua_tointeger(L, index, &ok))) }
            return .number(detent_lua_tonumber(L, index, &ok))
        case .string:
            return .string(LuaThreadView(L: L).string(at: index) ?? "")
        case .boolean:
            return .boolean(lua_toboolean(L, index) != 0)
        case .table:
            return try convertTable(at: index, path: path, depth: depth, walk: &walk)
        case let other:
            return .other(typeName: other.description)
        }
    }

    private func convertTable(at index: Int32, path: String, depth: Int, walk: inout Walk) throws -> ConfigValue {
        let L = call.L
        func fail(_ reason: String) -> LuaRaise { LuaRaise("\(argumentDescription) (\(path): \(reason))") }
        guard depth <= walk.maxDepth else { throw fail("tables nested more than \(walk.maxDepth) deep") }
        guard lua_checkstack(L, 4) != 0 else { throw fail("tables nested too deep") }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var named: [String: ConfigValue] = [:]
        var listed: [Int64: ConfigValue] = [:]
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            walk.remaining -= 1
            guard walk.remaining >= 0 else { throw fail("more than \(walk.maxEntries) values in all") }
            let value = lua_gettop(L)
            switch LuaType(rawValue: lua_type(L, -2)) ?? .nil {
            case .string:
                let name = LuaThreadView(L: L).string(at: -2) ?? ""
                named[name] = try convert(at: value, path: path + "." + name, depth: depth + 1, walk: &walk)
            case .number where lua_isinteger(L, -2) != 0:
                var ok: Int32 = 0
                let position = Int64(detent_lua_tointeger(L, -2, &ok))
                guard position >= 1 else { throw fail("a list counts from 1 (found the key \(position))") }
                listed[position] = try convert(at: value, path: "\(path)[\(position)]", depth: depth + 1, walk: &walk)
            case let keyType:
                throw fail("keys are names (found a key of type \(keyType))")
            }
            lua_settop(L, value - 1)
        }
        if listed.isEmpty { return .table(named) }
        guard named.isEmpty else { throw fail("a table of named keys or a list expected, got a mix of both") }
        guard listed.count == Int(listed.keys.max() ?? 0) else { throw fail("a list has no holes (found keys up to \(listed.keys.max() ?? 0) but \(listed.count) values)") }
        return .array((1...Int64(listed.count)).map { listed[$0]! })
    }
}
