import CLua
import CLuaShim

/// The arguments and results of one call from Lua into a Swift host function.
///
/// Argument accessors throw `LuaRaise` with Lua's own wording
/// (`bad argument #2 to 'animate' (number expected, got string)`).
public struct LuaCall: LuaStack {
    /// The running thread (the main thread or a coroutine).
    public let L: OpaquePointer
    /// Unowned: a call never outlives its state, and a property read must not pay for
    /// retaining it.
    public unowned(unsafe) let state: LuaState
    public let functionName: String
    /// 1 for methods called with `:`, so argument numbers in messages skip `self`.
    public var selfOffset: Int32 = 0
    /// Set while a property assignment runs (`tabs.selected_index = 0`): messages then read
    /// "bad value for 'tabs.selected_index' (...)" rather than naming `__newindex`.
    public var assignedProperty: String?

    init(L: OpaquePointer, state: LuaState, functionName: String) {
        self.L = L
        self.state = state
        self.functionName = functionName
    }

    public var argumentCount: Int32 { lua_gettop(L) }
    public var top: Int32 { lua_gettop(L) }

    public func isNoneOrNil(_ index: Int32) -> Bool { detent_lua_isnoneornil(L, index) != 0 }

    /// "bad argument #2 to 'animate'", or "bad value for 'drawer.policy'" in an assignment.
    public func argumentPrefix(_ index: Int32) -> String {
        if let assignedProperty { return "bad value for '\(assignedProperty)'" }
        return "bad argument #\(index - selfOffset) to '\(functionName)'"
    }

    func badArgument(_ index: Int32, _ expected: String) -> LuaRaise {
        LuaRaise("\(argumentPrefix(index)) (\(expected) expected, got \(typeName(at: index)))")
    }

    public func typeName(at index: Int32) -> String {
        index > argumentCount ? "no value" : type(at: index).description
    }

    // MARK: Arguments

    /// A finite number (NaN and ±inf are refused: nothing in the API means them).
    public func number(_ index: Int32) throws -> Double {
        try number(index, nil, .finite)
    }

    public func optionalNumber(_ index: Int32) throws -> Double? {
        isNoneOrNil(index) ? nil : try number(index)
    }

    /// A number that satisfies `rule`; `name` says which parameter in the message
    /// (`bad argument #1 to 'wait' (seconds: a finite number of virtual seconds from 0 to
    /// 1000000000 expected, got nan)`).
    public func number(_ index: Int32, _ name: String?, _ rule: NumberRule) throws -> Double {
        guard type(at: index) == .number else { throw badArgument(index, name.map { "\($0): number" } ?? "number") }
        var ok: Int32 = 0
        let value = detent_lua_tonumber(L, index, &ok)
        guard rule.accepts(value) else {
            throw LuaRaise("\(argumentPrefix(index)) (\(assignedProperty == nil ? name.map { "\($0): " } ?? "" : "")\(rule.mismatch(value)))")
        }
        return value
    }

    public func optionalNumber(_ index: Int32, _ name: String?, _ rule: NumberRule) throws -> Double? {
        isNoneOrNil(index) ? nil : try number(index, name, rule)
    }

    /// A whole number that satisfies `rule` (which must be a `whole` rule), as an Int.
    public func int(_ index: Int32, _ name: String?, _ rule: NumberRule) throws -> Int {
        precondition(rule.whole, "int(_:_:_:) needs a whole-number rule")
        return Int(try number(index, name, rule))
    }

    public func integer(_ index: Int32) throws -> Int64 {
        guard type(at: index) == .number else { throw badArgument(index, "integer") }
        var ok: Int32 = 0
        let value = detent_lua_tointeger(L, index, &ok)
        guard ok != 0 else {
            throw LuaRaise("\(argumentPrefix(index)) (number has no integer representation)")
        }
        return Int64(value)
    }

    public func string(_ index: Int32) throws -> String {
        guard type(at: index) == .string else { throw badArgument(index, "string") }
        return LuaThreadView(L: L).string(at: index) ?? ""
    }

    public func optionalString(_ index: Int32) throws -> String? {
        isNoneOrNil(index) ? nil : try string(index)
    }

    public func boolean(_ index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    public func checkType(_ index: Int32, _ expected: LuaType) throws {
        guard type(at: index) == expected else { throw badArgument(index, expected.description) }
    }

    /// A registry reference to the value at `index` (a function, table, ...).
    public func ref(_ index: Int32) -> LuaRef {
        lua_pushvalue(L, index)
        return LuaRef(state: state, thread: L)
    }

    /// Reads fields of a table argument with messages that name the field.
    public func table(_ index: Int32) throws -> LuaTableArgument {
        guard type(at: index) == .table else { throw badArgument(index, "table") }
        let position = lua_absindex(L, index)
        return LuaTableArgument(call: self, index: position, argument: position, path: "")
    }

    public func optionalTable(_ index: Int32) throws -> LuaTableArgument? {
        isNoneOrNil(index) ? nil : try table(index)
    }

    /// The object behind a handle argument of class `name`.
    public func handle<Object: AnyObject>(_ index: Int32, _ type: Object.Type) throws -> Object {
        try state.handleObject(at: lua_absindex(L, index), in: L, expected: type, call: self)
    }

    // MARK: Results

    public func push(_ ref: LuaRef) { ref.push(onto: L) }
    public func pushValue(at index: Int32) { lua_pushvalue(L, index) }





    /// The number at `index`, or nil if it is not a number.
    public func numberValue(at index: Int32) -> Double? {
        guard lua_type(L, index) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        return detent_lua_tonumber(L, index, &ok)
    }

    /// Sets field `name` of the table on top of the stack to a Swift closure.
    public func setFunction(_ name: String, _ body: @escaping (LuaCall) throws -> Int32) {
        state.push(function: name, onto: L, body)
        push(name)
        lua_rotate(L, -2, 1)
        lua_rawset(L, -3)
    }

    /// Charges host objects this call made for the script (a world, a screen, a touch) to
    /// the state's memory cap, as an estimate of their size in bytes: a loop that makes
    /// them is stopped as a memory bomb would be. Throws the limit's error when reached.
    public func charge(bytes: Int) throws {
        guard detent_charge_host(L, 0, bytes) != 0 else { return }
        throw LuaRaise("memory limit exceeded by host objects made in a loop")
    }

    /// Pushes "chunk:line: " of the script code running below this call — Detent's own Lua
    /// helpers and C functions skipped — or "" when there is none.
    public func pushScriptLocation() {
        detent_push_script_where(L, 1)
    }

    /// Pushes the message at `index` located at the script line it was raised on (see
    /// `detent_push_located_message`): for message handlers, which run where the error was.
    public func pushLocatedMessage(at index: Int32) {
        detent_push_located_message(L, index, 1)
    }

    /// Pushes the traceback of the calling thread, headed by `message`.
    public func pushTraceback(message: String?) {
        luaL_traceback(L, L, message, 1)
    }

    /// Compiles text (never bytecode) onto this thread's stack.
    public func load(_ text: String, chunkName: String) throws {
        try state.load(text, chunkName: chunkName, onto: L)
    }

    /// Pushes a handle for `object`, registered as class `className`.
    public func push<Object: AnyObject>(handle object: Object, className: String) {
        state.pushHandle(object, className: className, onto: L)
    }
}

/// Field access on a table passed as an argument (`world:animate{from = 0, to = 100}`).
///
/// A table nested in the argument (`anchors = {{top = 100}}`) is read through one of its own,
/// which names the same argument and its fields by their path from it (`anchors[1].top`), so
/// every error of one call names the argument the same way.
public struct LuaTableArgument {
    let call: LuaCall
    /// Where the table is on the stack.
    let index: Int32
    /// The argument position it belongs to (the outermost table's).
    let argument: Int32
    /// Its path from the argument, ending in "." ("anchors[2]."), or "" for the argument.
    let path: String

    /// `key` as the errors name it: its path from the argument.
    public func fieldName(_ key: String) -> String { path + key }

    private func fieldError(_ key: String, _ expected: String, _ got: LuaType) -> LuaRaise {
        LuaRaise("\(argumentDescription) (field '\(fieldName(key))': \(expected) expected, got \(got))")
    }

    /// An error about field `key` of this table: "bad argument #1 to 'drawer' (field
    /// 'anchors[1].top': `problem`)".
    public func fieldProblem(_ key: String, _ problem: String) -> LuaRaise {
        LuaRaise("\(argumentDescription) (field '\(fieldName(key))': \(problem))")
    }

    /// An error about this table as a whole: "bad argument #1 to 'drawer' (anchors[1]: `problem`)",
    /// or "(`problem`)" for the argument itself.
    public func problem(_ problem: String) -> LuaRaise {
        let own = path.isEmpty ? "" : String(path.dropLast()) + ": "
        return LuaRaise("\(argumentDescription) (\(own)\(problem))")
    }

    private func with<T>(_ key: String, _ body: (LuaType) throws -> T) rethrows -> T {
        call.push(key)
        let t = LuaType(rawValue: lua_rawget(call.L, index)) ?? .nil
        defer { lua_settop(call.L, -2) }
        return try body(t)
    }

    public func has(_ key: String) -> Bool { with(key) { $0 != .nil } }

    /// The type of field `key` (read raw, as every accessor here).
    public func fieldType(_ key: String) -> LuaType { with(key) { $0 } }

    /// A finite number, or nil when the field is absent.
    public func number(_ key: String) throws -> Double? {
        try number(key, .finite)
    }

    public func requiredNumber(_ key: String) throws -> Double {
        try requiredNumber(key, .finite)
    }

    /// A number that satisfies `rule`, or nil when the field is absent.
    public func number(_ key: String, _ rule: NumberRule) throws -> Double? {
        try with(key) { t in
            if t == .nil { return nil }
            guard t == .number else { throw fieldError(key, "number", t) }
            var ok: Int32 = 0
            let value = detent_lua_tonumber(call.L, -1, &ok)
            guard rule.accepts(value) else {
                throw fieldProblem(key, rule.mismatch(value))
            }
            return value
        }
    }

    public func requiredNumber(_ key: String, _ rule: NumberRule) throws -> Double {
        guard let value = try number(key, rule) else { throw fieldError(key, rule.expectation, .nil) }
        return value
    }

    /// A whole number that satisfies `rule` (a `whole` rule), or nil when absent.
    public func int(_ key: String, _ rule: NumberRule) throws -> Int? {
        precondition(rule.whole, "int(_:_:) needs a whole-number rule")
        return try number(key, rule).map { Int($0) }
    }

    public func requiredInt(_ key: String, _ rule: NumberRule) throws -> Int {
        precondition(rule.whole, "requiredInt(_:_:) needs a whole-number rule")
        return Int(try requiredNumber(key, rule))
    }

    public func string(_ key: String) throws -> String? {
        try with(key) { t in
            if t == .nil { return nil }
            guard t == .string else { throw fieldError(key, "string", t) }
            return LuaThreadView(L: call.L).string(at: -1)
        }
    }

    public func boolean(_ key: String) throws -> Bool? {
        try with(key) { t in
            if t == .nil { return nil }
            guard t == .boolean else { throw fieldError(key, "boolean", t) }
            return lua_toboolean(call.L, -1) != 0
        }
    }

    public func function(_ key: String) throws -> LuaRef? {
        try with(key) { t in
            if t == .nil { return nil }
            guard t == .function else { throw fieldError(key, "function", t) }
            lua_pushvalue(call.L, -1)
            return LuaRef(state: call.state, thread: call.L)
        }
    }

    /// A nested table field, left on the stack for the rest of the call; nil when absent.
    public func table(_ key: String) throws -> LuaTableArgument? {
        call.push(key)
        let t = LuaType(rawValue: lua_rawget(call.L, index)) ?? .nil
        if t == .nil { lua_settop(call.L, -2); return nil }
        guard t == .table else {
            lua_settop(call.L, -2)
            throw fieldError(key, "table", t)
        }
        return LuaTableArgument(call: call, index: lua_gettop(call.L), argument: argument, path: path + key + ".")
    }

    /// Array elements 1...n that are tables, each left on the stack for the rest of the call.
    public func tableArray() throws -> [LuaTableArgument] {
        let n = Int(lua_rawlen(call.L, index))
        try reserveStack(for: n)
        var result: [LuaTableArgument] = []
        for i in 0..<n {
            let t = LuaType(rawValue: lua_rawgeti(call.L, index, lua_Integer(i + 1))) ?? .nil
            guard t == .table else {
                lua_settop(call.L, -2)
                throw LuaRaise("\(argumentDescription) (\(elementName(i + 1)): table expected, got \(t))")
            }
            result.append(element(i + 1))
        }
        return result
    }

    /// Element `i` as the errors name it: "element 2" of the argument, "anchors[2]" of a field.
    public func elementName(_ i: Int) -> String {
        path.isEmpty ? "element \(i)" : "\(path.dropLast())[\(i)]"
    }

    /// The table on top of the stack as element `i` of this one.
    private func element(_ i: Int) -> LuaTableArgument {
        LuaTableArgument(call: call, index: lua_gettop(call.L), argument: argument,
                         path: path.isEmpty ? "[\(i)]." : "\(path.dropLast())[\(i)].")
    }

    /// An array element of any of the types an option list mixes.
    public enum Element {
        case number(Double)
        case string(String)
        /// Left on the stack for the rest of the call, like `tableArray`'s.
        case table(LuaTableArgument)
        case other(LuaType)
    }

    /// Array elements 1...n, each as what it is (`detents = {"content", 420, {name = ...}}`).
    public func elements() throws -> [Element] {
        let n = Int(lua_rawlen(call.L, index))
        try reserveStack(for: n)
        var result: [Element] = []
        for i in 0..<n {
            let t = LuaType(rawValue: lua_rawgeti(call.L, index, lua_Integer(i + 1))) ?? .nil
            switch t {
            case .table:
                result.append(.table(element(i + 1)))
                continue
            case .number:
                var ok: Int32 = 0
                result.append(.number(detent_lua_tonumber(call.L, -1, &ok)))
            case .string:
                result.append(.string(LuaThreadView(L: call.L).string(at: -1) ?? ""))
            default:
                result.append(.other(t))
            }
            lua_settop(call.L, -2)
        }
        return result
    }

    /// Room on the Lua stack for `count` elements left there for the rest of the call (Lua
    /// guarantees a host function only 20 slots; a 1,000-element list needs its own).
    private func reserveStack(for count: Int) throws {
        guard count < 1_000_000, lua_checkstack(call.L, Int32(count) + 20) != 0 else {
            throw LuaRaise("\(argumentDescription) (a list of \(count) elements is too long)")
        }
    }

    /// Describes an argument position for error messages ("bad argument #2 to 'sheet'").
    public var argumentDescription: String { call.argumentPrefix(argument) }

    /// The string keys present, sorted, for "unknown field" checks.
    public func keys() -> [String] {
        var result: [String] = []
        lua_pushnil(call.L)
        while lua_next(call.L, index) != 0 {
            if lua_type(call.L, -2) == LUA_TSTRING, let key = LuaThreadView(L: call.L).string(at: -2) {
                result.append(key)
            }
            lua_settop(call.L, -2)
        }
        return result.sorted()
    }

    /// Throws if the table has a string key outside `allowed` (catches typos like `durtion`).
    public func rejectUnknownKeys(_ allowed: [String]) throws {
        for key in keys() where !allowed.contains(key) {
            throw LuaRaise(NameSuggestion.unknownField(key, allowed: allowed, argument: argumentDescription, path: path))
        }
    }

    /// Array elements 1...n as strings.
    public func stringArray() throws -> [String] {
        let n = Int(lua_rawlen(call.L, index))
        var result: [String] = []
        for i in 1...max(n, 1) where n > 0 {
            let t = LuaType(rawValue: lua_rawgeti(call.L, index, lua_Integer(i))) ?? .nil
            defer { lua_settop(call.L, -2) }
            guard t == .string, let s = LuaThreadView(L: call.L).string(at: -1) else {
                throw LuaRaise("\(argumentDescription) (\(elementName(i)): string expected, got \(t))")
            }
            result.append(s)
        }
        return result
    }
}
