import Foundation
import DetentLua

/// The Lua half of the scenario API, shipped as resources of this module: luassert-style
/// assertions, series checks, busted-style structure and the waiting verbs.
enum Prelude {
    /// Loading order matters: assertions first, then what builds on them.
    static let files = ["assert_state", "format", "assert", "match", "spy", "stub", "mock", "series", "spec", "waiting", "gestures", "plugins"]

    /// Each prelude file compiled once per process (states load the bytecode instead of
    /// parsing ~1,500 lines per spec file).
    static let bytecode: [String: [UInt8]] = {
        var result: [String: [UInt8]] = [:]
        for name in files {
            do { result[name] = try LuaState.compileTrusted(sources[name]!, chunkName: chunkName(name)) } catch {
                fatalError("Detent's Lua prelude \(name).lua does not compile: \(error)")
            }
        }
        return result
    }()

    /// "(detent)/gestures.lua": no script's path looks like it, so error locations can skip
    /// these chunks and point at the spec line that called a helper.
    static func chunkName(_ name: String) -> String { "(detent)/\(name).lua" }

    /// Source text of each prelude file, read once per process.
    static let sources: [String: String] = {
        var result: [String: String] = [:]
        for name in files {
            guard let url = Bundle.module.url(forResource: name, withExtension: "lua", subdirectory: "Lua"),
                  let text = try? String(contentsOf: url, encoding: .utf8) else {
                fatalError("Detent's Lua prelude file \(name).lua is missing from the DetentScripting resources")
            }
            result[name] = text
        }
        return result
    }()
}
