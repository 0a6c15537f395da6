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
}
