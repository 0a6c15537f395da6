import CLua
import CLuaShim

extension LuaState {
    /// Records the state as it is now — every table, function and userdata reachable from the
    /// globals, the string metatable, the loaded libraries and `roots` — so that
    /// `restorePristine()` can put it back (pristine.c). Returns what was recorded, which is
    /// what each restore visits. Call it once, when the state is built and before any guest
    /// code runs.
    ///
    /// - Complexity: O(n) in the objects and fields reachable from the roots.
    @discardableResult
    public func takePristineSnapshot(roots: [LuaRef] = []) throws -> PristineSnapshotSize {
        lua_createtable(L, Int32(roots.count), 0)
        for (i, root) in roots.enumerated() {
            root.push()
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        var size = detent_pristine_size()
        let status = detent_pristine_take(L, &size)
        guard status == LUA_OK else { throw pristineError("could not record the pristine state", status: status) }
        return PristineSnapshotSize(tables: Int(size.tables), fields: Int(size.fields), upvalues: Int(size.upvalues), userdata: Int(size.userdata))
    }

    /// Undoes what guest code changed since `takePristineSnapshot`: the recorded tables get
    /// their fields and metatables back, functions their upvalues, the collector its default
    /// mode; objects made since are left to the collector. Limits are reset too. Run it
    /// between spec files, never while guest code runs.
    ///
    /// - Complexity: O(n) in the recorded objects and fields, plus what was added to them.
    public func restorePristine() throws {
        resetLimits()
        let status = detent_pristine_restore(L)
        guard status == LUA_OK else { throw pristineError("could not restore the pristine state", status: status) }
    }

    /// What failed, with Lua's message (popped): "not enough memory", a stack overflow.
    private func pristineError(_ what: String, status: Int32) -> LuaError {
        .runtime(LuaRuntimeError(message: "\(what): \(takeError(status: status, traceback: "").message)"))
    }
}

/// What a pristine snapshot recorded, and so what each restore visits: tables (with their
/// fields), upvalues of Lua functions, userdata (their metatables).
public struct PristineSnapshotSize: Equatable, Sendable, CustomStringConvertible {
    public var tables, fields, upvalues, userdata: Int

    public var description: String { "\(tables) tables with \(fields) fields, \(upvalues) upvalues, \(userdata) userdata" }
}
