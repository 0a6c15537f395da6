/// The console's Lua half, loaded into the live session's state: how values print, which
/// names complete a word, and whether a chunk is incomplete (Lua 5.4's `lua.c` rules).
///
/// Engine objects and plugin components are read from the objects themselves — a handle's
/// members through `members(v)` (the class's getters and methods), a table's through its
/// keys and its metatable's `__index` table — so a new property prints and completes without
/// a list kept here. Only which properties summarise an engine object is chosen here (`key`);
/// a class not named there shows its first scalar fields. The engines' rows come from their
/// registrations (`EngineRegistration.consoleFields`), passed in as `engine_keys`.
enum ConsoleLua {
    static var source: String { String(decoding: PackageResources.console_lua, as: UTF8.self) }
}
