import DetentScripting
import DetentLua

/// Which files of a spec folder are specs (`[run] pattern` and `exclude_pattern`, busted's
/// `pattern` and `exclude-pattern`): a `.lua` file whose name matches one of the Lua patterns
/// and none of the excluding ones, as busted's file loader decides.
public struct SpecFilePattern {
    let patterns: [String]
    let excluded: [String]
    private let matcher: LuaPattern

    /// Throws `UsageError` naming a pattern Lua cannot compile.
    init(patterns: [String], excluded: [String]) throws {
        self.patterns = patterns
        self.excluded = excluded
        matcher = try LuaPattern()
        for (key, list) in [("pattern", patterns), ("exclude_pattern", excluded)] {
            for pattern in list {
                do { _ = try matcher.matches("x_spec.lua", pattern) } catch let error as LuaRaise {
                    throw UsageError(description: "[run] \(key) '\(pattern)' is not a Lua pattern: \(error.message)")
                }
            }
        }
    }

    /// The default: `*_spec.lua`.
    public static let `default` = ["_spec%.lua$"]
    /// The default, matched without Lua.
    static var suffix: SpecFilePattern { try! SpecFilePattern(patterns: SpecFilePattern.default, excluded: []) }

    /// Whether the file named `name` (no folder) is a spec.
    func matches(_ name: String) -> Bool {
        guard name.hasSuffix(".lua") else { return false }
        if patterns == SpecFilePattern.default && excluded.isEmpty { return name.hasSuffix("_spec.lua") }
        return patterns.contains { (try? matcher.matches(name, $0)) == true } && !excluded.contains { (try? matcher.matches(name, $0)) == true }
    }
}
