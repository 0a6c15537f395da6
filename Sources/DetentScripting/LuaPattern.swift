import DetentLua
import DetentPlatform

/// Lua patterns as `--filter`, `--filter-out` and `[run] pattern` take them (busted's rules): a
/// name matches when `string.find(name, pattern)` finds it (Lua/detent/filter_match.lua). One
/// matcher owns a small Lua state of its own; `ScriptHost.matches` uses the host's.
public final class LuaPattern {
    private let lua: LuaState
    private let matcher: LuaRef

    public init() throws {
        lua = LuaState(libraries: .safe)
        matcher = try LuaPattern.loadMatcher(into: lua)
    }

    /// Whether `text` matches `pattern`; throws `LuaRaise` with Lua's words for a malformed one.
    public func matches(_ text: String, _ pattern: String) throws -> Bool {
        try LuaPattern.matches(text, pattern, with: matcher, in: lua)
    }

    /// Throws `LuaRaise` naming what is malformed in `pattern` ("malformed pattern (missing ']')").
    public static func check(_ pattern: String) throws {
        _ = try LuaPattern().matches("", pattern)
    }

    static func loadMatcher(into lua: LuaState) throws -> LuaRef {
        try Prelude.load("filter_match", into: lua)
        try lua.call(argumentCount: 0, resultCount: 1)
        return lua.ref()
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
