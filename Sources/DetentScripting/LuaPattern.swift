import DetentLua
import DetentPlatform

/// Lua patterns as `--filter` and `--filter-out` take them (busted's rules): a test's name
/// matches when `string.find(name, pattern)` finds it (Lua/detent/filter_match.lua).
public enum LuaPattern {
    /// Throws `LuaRaise` naming what is malformed in `pattern` ("malformed pattern (missing ']')").
    public static func check(_ pattern: String) throws {
        let lua = LuaState(libraries: .safe)
        try Prelude.load("filter_match", into: lua)
        try lua.call(argumentCount: 0, resultCount: 1)
        let matcher = lua.ref()
        _ = try matches("", pattern, with: matcher, in: lua)
    }

    /// Whether `text` matches `pattern`, by the matcher `filter_match.lua` returned in `lua`.
    static func matches(_ text: String, _ pattern: String, with matcher: LuaRef, in lua: LuaState) throws -> Bool {
        do {
            return try lua.callPredicate(matcher, arguments: [.string(text), .string(pattern)])
        } catch let error as LuaError {
            // The matcher's own location ("(detent filter):1: ", shown as "=(detent filter)…" for
            // the chunk name a trusted chunk carries) says nothing to the user: only Lua's words stay.
            let message = error.message
            let words = message.firstRange(of: "(detent filter):1: ").map { String(message[$0.upperBound...]) } ?? message
            throw LuaRaise(words, withLocation: false)
        }
    }
}
