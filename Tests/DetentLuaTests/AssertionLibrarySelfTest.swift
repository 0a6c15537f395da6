import Foundation
import Testing
@testable import DetentLua

/// Runs the pure-Lua self-test of the assertion library (Tests/LuaUnit/assert_selftest.lua)
/// inside Detent's own embedded Lua, so `swift test` covers it without a `lua5.4` binary.
@Suite("Assertion library self-test (Lua)")
struct AssertionLibrarySelfTest {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyAssertionAndSeriesCaseHolds() throws {
        let lua = LuaState(libraries: .all)
        var lines: [String] = []
        lua.register("print") { call in
            var parts: [String] = []
            for i in 1...max(call.argumentCount, 1) where call.argumentCount > 0 { parts.append(call.state.describe(at: i)) }
            lines.append(parts.joined(separator: "\t"))
            return 0
        }
        let script = Self.root.appendingPathComponent("Tests/LuaUnit/assert_selftest.lua").path
        try lua.run("""
            arg = { [0] = \(String(reflecting: script)) }
            os.exit = function(code) error("self-test exited with code " .. tostring(code), 0) end
            """, chunkName: "=(setup)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        try lua.run(text, chunkName: "Tests/LuaUnit/assert_selftest.lua")
        let summary = try #require(lines.last)
        #expect(summary.hasSuffix(" passed, 0 failed"), "failures:\n\(lines.joined(separator: "\n"))")
        let passed = Int(summary.split(separator: " ").first ?? "") ?? 0
        #expect(passed >= 200)
    }
}
