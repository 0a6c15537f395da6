import CLua
import CLuaShim
import Glibc

/// A Lua coroutine resumed from Swift. The scenario runner runs each test body in one, and
/// the body yields when it waits (`wait`, `wait_until`, ...), handing control back to the
/// run loop until the awaited condition holds. Each is marked a task, the only kind of
/// coroutine that may wait (`detent_lua_can_wait`).
public final class LuaThread {
    public let state: LuaState
    /// The coroutine's own stack.
    public let co: OpaquePointer
    private let anchor: LuaRef

    /// The outcome of one `resume`.
    public enum Outcome {
        /// The body yielded `count` values, now on top of the coroutine's stack.
        case yielded(count: Int32)
        /// The body returned `count` values, now on top of the coroutine's stack.
        case finished(count: Int32)
        /// The body raised; the coroutine is dead.
        case failed(LuaError)
    }

    /// Pops the function on top of the main stack and makes it the body of a new coroutine.
    public init(state: LuaState) {
        self.state = state
        co = lua_newthread(state.L)!
        anchor = state.ref()              // keeps the thread alive
        lua_xmove(state.L, co, 1)         // the body moves onto the new thread
        detent_mark_task(state.L, co)
    }

    /// A new coroutine whose body is a copy of the function at `index` on thread `L` (a
    /// host function's own stack, for `spawn(fn)`).
    public init(state: LuaState, copying index: Int32, from L: OpaquePointer) {
        self.state = state
        let absolute = lua_absindex(L, index)
        co = lua_newthread(L)!
        anchor = LuaRef(state: state, thread: L)   // pops the thread, keeps it alive
        lua_pushvalue(L, absolute)
        lua_xmove(L, co, 1)
        detent_mark_task(L, co)
    }

    /// Resumes with the `argumentCount` values on top of the coroutine's stack.
    public func resume(argumentCount: Int32 = 0) -> Outcome {
        var resultCount: Int32 = 0
        let status = detent_resume_guest(co, state.L, argumentCount, &resultCount)
        // A limit that stopped code the script ran protected — inside pcall, xpcall's handler,
        // or a coroutine it resumed itself — still stops the task: the script may have caught
        // the error, but the test must not pass (or wait on) after a runaway or a bomb.
        if status == LUA_OK || status == LUA_YIELD, state.limitError(traceback: "") != nil {
            // A stop that left a coroutine in one step (a yield from a guarded pcall) leaves its
            // stack as it was: the traceback says where it stood.
            var traceback = ""
            if status == LUA_YIELD {
                luaL_traceback(state.L, co, nil, 0)
                traceback = state.string(at: -1) ?? ""
                state.pop()
            }
            lua_settop(co, 0)   // what it returned or yielded is moot: the task is over
            return .failed(state.limitError(traceback: traceback)!)
        }
        switch status {
        case LUA_OK: return .finished(count: resultCount)
        case LUA_YIELD: return .yielded(count: resultCount)
        default:
            luaL_traceback(state.L, co, nil, 0)
            let traceback = state.string(at: -1) ?? ""
            state.pop()
            return .failed(state.takeError(status: status, traceback: traceback, thread: co))
        }
    }

    /// "chunk:line: " of the script code where this (suspended) coroutine stands — Detent's
    /// own chunks and C functions skipped — or "" when no script frame is on its stack.
    public func scriptLocation() -> String {
        detent_push_script_where(co, 0)
        defer { lua_settop(co, -2) }
        return LuaThreadView(L: co).string(at: -1) ?? ""
    }

    /// Reads the values a yield or return left on the coroutine's stack.
    public func withResults<T>(_ count: Int32, _ body: (LuaCoroutineValues) throws -> T) rethrows -> T {
        defer { lua_settop(co, -count - 1) }
        return try body(LuaCoroutineValues(L: co, base: lua_gettop(co) - count, count: count))
    }

    /// Pushes a value onto the coroutine's stack (an argument for the next resume).
    public func push(_ value: LuaValue) { value.push(onto: co) }
}

/// Values left on a coroutine's stack by a yield or a return, indexed from 1.
public struct LuaCoroutineValues {
    let L: OpaquePointer
    let base: Int32
    public let count: Int32

    public func type(_ i: Int32) -> LuaType { i > count ? .none : LuaType(rawValue: lua_type(L, base + i)) ?? .none }
    public func string(_ i: Int32) -> String? { i > count ? nil : LuaThreadView(L: L).string(at: base + i) }
    public func number(_ i: Int32) -> Double? {
        guard i <= count, lua_type(L, base + i) == LUA_TNUMBER else { return nil }
        var ok: Int32 = 0
        return detent_lua_tonumber(L, base + i, &ok)
    }
    public func boolean(_ i: Int32) -> Bool { i <= count && lua_toboolean(L, base + i) != 0 }

    /// A registry reference to value `i`.
    /// Pushes field `key` of table value `i` without metamethods: a yielded table is the
    /// script's, and an `__index` that errors must not run outside a protected call.
    private func rawField(_ i: Int32, _ key: String) {
        // The key's own bytes (a literal's are static): no LuaValue is made per field read.
        key.withCString { _ = lua_pushstring(L, $0) }
        lua_rawget(L, base + i)
    }

    public func ref(_ i: Int32, state: LuaState) -> LuaRef {
        lua_pushvalue(L, base + i)
        return LuaRef(state: state, thread: L)
    }

    /// The type of field `key` of table value `i` (read raw); `.none` when `i` is no table.
    public func type(_ i: Int32, field key: String) -> LuaType {
        guard i <= count, lua_type(L, base + i) == LUA_TTABLE else { return .none }
        rawField(i, key)
        defer { lua_settop(L, -2) }
        return LuaType(rawValue: lua_type(L, -1)) ?? .none
    }

    /// Field `key` of table value `i` (read raw) in one lookup: its type, and its value when
    /// that is a number.
    public func numberField(_ i: Int32, _ key: String) -> (type: LuaType, value: Double?) {
        guard i <= count, lua_type(L, base + i) == LUA_TTABLE else { return (.none, nil) }
        rawField(i, key)
        defer { lua_settop(L, -2) }
        let type = LuaType(rawValue: lua_type(L, -1)) ?? .none
        guard type == .number else { return (type, nil) }
        var ok: Int32 = 0
        return (type, detent_lua_tonumber(L, -1, &ok))
    }

    /// Which of `choices` field `key` of table value `i` (read raw) spells, compared by its
    /// bytes (no Swift string is made); nil when it is not a string or none of them.
    public func field(_ i: Int32, _ key: String, oneOf choices: [StaticString]) -> Int? {
        guard i <= count, lua_type(L, base + i) == LUA_TTABLE else { return nil }
        rawField(i, key)
        defer { lua_settop(L, -2) }
        guard lua_type(L, -1) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = detent_lua_tostring(L, -1, &length) else { return nil }
        for (index, choice) in choices.enumerated() where choice.utf8CodeUnitCount == length {
            if memcmp(chars, choice.utf8Start, length) == 0 { return index }
        }
        return nil
    }

    public func string(_ i: Int32, field key: String) -> String? {
        guard i <= count, lua_type(L, base + i) == LUA_TTABLE else { return nil }
        rawField(i, key)
        defer { lua_settop(L, -2) }
        guard lua_type(L, -1) == LUA_TSTRING else { return nil }
        return LuaThreadView(L: L).string(at: -1)
    }

    public func ref(_ i: Int32, field key: String, state: LuaState) -> LuaRef? {
        guard i <= count, lua_type(L, base + i) == LUA_TTABLE else { return nil }
        rawField(i, key)
        if lua_type(L, -1) == LUA_TNIL { lua_settop(L, -2); return nil }
        return LuaRef(state: state, thread: L)
    }
}

extension LuaState {
    /// Calls the function referenced by `ref` with `arguments` in protected mode (guest code)
    /// and returns the truthiness of its first result.
    public func callPredicate(_ ref: LuaRef, arguments: [LuaValue] = []) throws -> Bool {
        ref.push(onto: L)
        for argument in arguments { argument.push(onto: L) }
        try call(argumentCount: Int32(arguments.count), resultCount: 1)
        defer { pop() }
        return boolean(at: -1)
    }

    /// Calls the function referenced by `ref`, discarding results.
    public func call(_ ref: LuaRef, arguments: [LuaValue] = []) throws {
        ref.push(onto: L)
        for argument in arguments { argument.push(onto: L) }
        try call(argumentCount: Int32(arguments.count), resultCount: 0)
    }
}
