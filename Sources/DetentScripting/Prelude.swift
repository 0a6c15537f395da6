import Foundation
import DetentLua

/// The Lua half of the scenario API, shipped as resources of this module: luassert-style
/// assertions, series checks, busted-style structure and the waiting verbs.
enum Prelude {
    /// Loading order matters: assertions first, then what builds on them.
    static let files = ["assert", "series", "spec", "waiting"]

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
