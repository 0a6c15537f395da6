import Testing
@testable import DetentLua

/// The pristine snapshot (pristine.c) says what it recorded — what each restore between spec
/// files visits (BENCHMARKS.md, "A spec file's own cost") — and a restore undoes a file.
@Suite("Pristine snapshot")
struct PristineSnapshotTests {
    @Test func countsWhatItRecorded() throws {
        let bare = try LuaState(libraries: .safe).takePristineSnapshot()
        let lua = LuaState(libraries: .safe)
        try lua.run("kept = { a = 1, b = { c = 2 } }\nlocal up = {}\nfunction f() return up end", chunkName: "=(test)")
        let size = try lua.takePristineSnapshot()
        // Three tables more (kept, kept.b, up) with two globals, kept's two fields and b's one,
        // and f's one upvalue.
        #expect(size == PristineSnapshotSize(tables: bare.tables + 3, fields: bare.fields + 5, upvalues: bare.upvalues + 1,
                                             userdata: bare.userdata))
        try lua.run("kept.a = 9; kept.b = nil; kept.new = true; extra = {}", chunkName: "=(file)")
        try lua.restorePristine()
        try lua.run("assert(kept.a == 1 and kept.b.c == 2 and kept.new == nil and extra == nil)", chunkName: "=(check)")
    }

    /// A table put back from its copy has its prints taken again: after a file grew it (a
    /// rehash reorders it), the next file's change to it is still seen, and an unchanged file
    /// leaves it as it is.
    @Test func aTablePutBackIsCheckedAgainAfterwards() throws {
        let lua = LuaState(libraries: .safe)
        try lua.run("kept = { a = 1, b = 'two', 3 }", chunkName: "=(test)")
        _ = try lua.takePristineSnapshot()
        let check = """
            local n = 0 for _ in pairs(kept) do n = n + 1 end
            assert(n == 3 and kept.a == 1 and kept.b == 'two' and kept[1] == 3, 'kept: ' .. n)
            """
        for (number, file) in ["for i = 1, 100 do kept['k' .. i] = i end kept.a = 5 kept[1] = nil", "kept.b = 'three'",
                               "kept.added = true", "kept.b = nil", ""].enumerated() {
            try lua.run(file, chunkName: "=(file \(number + 1))")
            try lua.restorePristine()
            try lua.run(check, chunkName: "=(check after file \(number + 1))")
        }
    }

    /// A value equal to the recorded one but of another number subtype or sign prints
    /// differently (`1.0`, `-0.0`), so it is put back too.
    @Test func numbersComeBackWithTheirSubtypeAndSign() throws {
        let lua = LuaState(libraries: .safe)
        try lua.run("kept = { one = 1, zero = 0.0, nan = 0/0 }", chunkName: "=(test)")
        _ = try lua.takePristineSnapshot()
        try lua.run("kept.one = 1.0; kept.zero = -0.0", chunkName: "=(file)")
        try lua.restorePristine()
        try lua.run("""
            assert(math.type(kept.one) == 'integer', tostring(kept.one))
            assert(tostring(kept.zero) == '0.0', tostring(kept.zero))
            assert(kept.nan ~= kept.nan)
            """, chunkName: "=(check)")
    }

    /// Upvalues are put back per function, also for a function with several of them and for
    /// two closures sharing one; a table's and a userdata's metatable come back too.
    @Test func upvaluesAndMetatablesComeBack() throws {
        let lua = LuaState(libraries: .safe)
        try lua.run("""
            local a, b = 1, 2
            local count = 0
            function pair() return a, b end
            function set(x, y) a, b = x, y end
            function bump() count = count + 1 return count end
            shaped = setmetatable({}, { __index = function() return 'recorded' end })
            """, chunkName: "=(test)")
        _ = try lua.takePristineSnapshot()
        try lua.run("set(5, 6) bump() bump() setmetatable(shaped, nil)", chunkName: "=(file)")
        try lua.restorePristine()
        try lua.run("""
            local x, y = pair()
            assert(x == 1 and y == 2, x .. ', ' .. y)
            assert(bump() == 1)
            assert(shaped.anything == 'recorded')
            """, chunkName: "=(check)")
    }

    /// A table put back may keep a long string key that equals the recorded one without being
    /// it. Its print names that string, which the snapshot must keep alive: freed, its address
    /// could go to another string that a later file makes a key in its place, and the restore
    /// would take the table for unchanged.
    @Test func aPrintedAddressIsNotHandedToAnotherString() throws {
        let lua = LuaState(libraries: .safe)
        try lua.run("kept = { [('x'):rep(50)] = 1 }", chunkName: "=(test)")
        _ = try lua.takePristineSnapshot()
        // A key equal to the recorded one, another string: the table grown past a rehash
        // without its key, then the key set again.
        try lua.run("""
            kept[('x'):rep(50)] = nil
            for i = 1, 64 do kept[i] = i end
            kept[('x'):rep(49) .. 'x'] = 1
            for i = 1, 64 do kept[i] = nil end
            """, chunkName: "=(file 1)")
        try lua.restorePristine()
        // The key taken out and collected; among strings of its size made right after, one at
        // its address (when the allocator hands it back) takes its place.
        try lua.run("""
            local address = string.format('%p', (next(kept)))
            kept[(next(kept))] = nil
            collectgarbage() collectgarbage()
            local made = {}
            for i = 1, 2000 do
              local s = string.format('%050d', i)
              made[i] = s
              if string.format('%p', s) == address then kept[s] = 1 reused = true break end
            end
            if not reused then kept[made[1]] = 1 end
            """, chunkName: "=(file 2)")
        try lua.restorePristine()
        try lua.run("""
            local n = 0 for k in pairs(kept) do n = n + 1 assert(k == ('x'):rep(50), k) end
            assert(n == 1 and reused == nil, n)
            """, chunkName: "=(check)")
    }

    /// Finds the snapshot in the registry (a table whose [1] is a table and [4] a userdata),
    /// as a script with `debug.getregistry()` can, and runs `change` on it as `snap`.
    private func rewriteSnapshot(_ lua: LuaState, _ change: String) throws {
        try lua.run("""
            local registry = debug.getregistry()
            for key, snap in pairs(registry) do
              if type(snap) == "table" and type(rawget(snap, 1)) == "table" and type(rawget(snap, 4)) == "userdata" then
                \(change)
              end
            end
            """, chunkName: "=(file)")
    }

    /// A snapshot a script rewrote into something the restore would misuse is refused: a C
    /// closure as an upvalue's function (its upvalues are the host's), a recorded table as the
    /// room for pins, the snapshot taken away.
    @Test(arguments: ["rawget(snap, 2)[1] = ('a'):gmatch('a')", "rawset(snap, 5, rawget(snap, 1))",
                      "rawset(registry, key, nil)"])
    func aRewrittenSnapshotIsRefused(change: String) throws {
        let lua = LuaState(libraries: .all)
        try lua.run("local up = 1\nfunction f() return up end", chunkName: "=(test)")
        _ = try lua.takePristineSnapshot()
        try rewriteSnapshot(lua, change)
        #expect(throws: LuaError.self) { try lua.restorePristine() }
    }

    /// Metatables are set back after every table's contents: a metatable given a `__gc` by one
    /// file and set back on its table before losing it would leave the table marked for a
    /// finalizer that a later file fills in, to run when the state closes.
    @Test func aRecordedTableIsNotLeftMarkedForAFinalizer() throws {
        final class Count: @unchecked Sendable { var value = 0 }
        let finalized = Count()
        do {
            let lua = LuaState(libraries: .all)
            lua.register("note") { _ in finalized.value += 1; return 0 }
            // The metatable reachable only through its table, so the walk records it after it.
            try lua.run("T = setmetatable({}, {})", chunkName: "=(test)")
            _ = try lua.takePristineSnapshot()
            try lua.run("rawset(getmetatable(T), '__gc', function() end); setmetatable(T, nil)", chunkName: "=(file 1)")
            try lua.restorePristine()
            try lua.run("rawset(getmetatable(T), '__gc', note)", chunkName: "=(file 2)")
        }
        #expect(finalized.value == 0)
    }

    /// A light userdata can hold any address: one from `debug.upvalueid` kept (in the registry,
    /// which no restore touches) past its upvalue's end may hold that of a string a file later
    /// made and a table put back kept. Set in that string's place, it is not taken for it.
    @Test func aStaleUpvalueIdIsNotTakenForTheStringAtItsAddress() throws {
        let lua = LuaState(libraries: .all)
        try lua.run("kept = { k = ('x'):rep(60) }", chunkName: "=(test)")
        _ = try lua.takePristineSnapshot()
        try lua.run("""
            local ids = {}
            for i = 1, 4000 do
              local up = i
              ids[#ids + 1] = debug.upvalueid(function() return up end, 1)
            end
            collectgarbage() collectgarbage()
            local at = {}
            for _, id in ipairs(ids) do at[string.format('%p', id)] = id end
            for i = 1, 20000 do
              local s = ('x'):rep(59) .. 'x'
              local id = at[string.format('%p', s)]
              if id then kept.k = s; rawset(debug.getregistry(), 'detent test stale id', id) break end
            end
            """, chunkName: "=(file 1)")
        try lua.restorePristine()
        try lua.run("""
            local id = rawget(debug.getregistry(), 'detent test stale id')
            if id then kept.k = id end
            """, chunkName: "=(file 2)")
        try lua.restorePristine()
        try lua.run("assert(kept.k == ('x'):rep(60), type(kept.k))", chunkName: "=(check)")
    }
}

