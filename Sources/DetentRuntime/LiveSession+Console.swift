import DetentLua
import DetentScripting

/// The console's Lua half in a live session, shared by the console in this process and the
/// daemon's `eval {format: "console"}` and `complete`: values printed as the console prints
/// them (the presenter "console") and the words that complete a word. Loaded once, on the
/// session's queue, the first time either asks for it.
extension LiveSession {
    public func installConsole() throws {
        session.checkQueue()
        guard consoleHelpers == nil else { return }
        let lua = session.host.lua
        try lua.load(ConsoleLua.source, chunkName: "=(detent console)")
        lua.push(function: "members") { call in
            guard let members = call.state.handleMembers(at: 1, in: call.L) else { return 0 }
            call.push(members.className)
            call.push(.array(members.fields.map { .string($0) }))
            call.push(.array(members.methods.map { .string($0) }))
            return 3
        }
        // The properties each engine's handles are summarised by, from the registrations.
        lua.push(.record(EngineRegistry.all.flatMap(\.consoleFields).map { ($0.className, .array($0.fields.map { .string($0) })) }))
        try lua.call(argumentCount: 2, resultCount: 1)
        let helpers = lua.ref()
        try lua.load(String(decoding: PackageResources.console_present_lua, as: UTF8.self), chunkName: "=(detent console present)")
        helpers.push()
        try lua.call(argumentCount: 1, resultCount: 1)
        try addPresenter("console", wrapping: lua.ref())
        // The console's `:stop` evaluates `__detent_console.snapshot{...}` (locally and over a
        // daemon's eval alike); names that start with "__" are not completed or recorded.
        helpers.push()
        lua.setGlobal("__detent_console")
        consoleHelpers = helpers
    }

    /// Whether `code` is a chunk that is not finished yet (Lua's `<eof>` rule).
    public func consoleIsIncomplete(_ code: String) -> Bool {
        (try? callConsole("incomplete", code) { lua in lua.boolean(at: -1) }) ?? false
    }

    /// The words that complete `word` (a global, `detent.wo`, `drawer.or`, `d:mo`), whole, sorted.
    public func consoleCompletions(of word: String) -> [String] {
        (try? callConsole("complete", word) { lua in
            (0..<lua.rawLength(at: -1)).compactMap { i -> String? in
                lua.rawGet(index: i + 1, inTableAt: -1)
                defer { lua.pop() }
                return lua.string(at: -1)
            }
        }) ?? []
    }

    /// Calls `console[name](argument)` and reads its one result.
    private func callConsole<T>(_ name: String, _ argument: String, read: (LuaState) -> T) throws -> T {
        try installConsole()
        let lua = session.host.lua
        let top = lua.top
        defer { lua.pop(lua.top - top) }
        consoleHelpers!.push()
        lua.rawGet(field: name, inTableAt: -1)
        lua.push(argument)
        lua.resetLimits()
        try lua.call(argumentCount: 1, resultCount: 1)
        return read(lua)
    }
}
