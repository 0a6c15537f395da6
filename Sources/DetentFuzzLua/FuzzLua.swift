import Foundation
import DetentRuntime
import DetentScripting
import DetentFuzzSupport
import DetentConfig

// Fuzz target for the Lua API (issue #11): libFuzzer's bytes become a spec of API calls,
// each with arguments drawn from values that have crashed or hung hosts before (NaN, ±inf,
// 1e300, 2^63, wrong types, huge tables…), every call inside pcall so one error does not
// end the program. The spec runs in a fresh session with small limits. Any outcome is fine
// but a crash, a trap or a hang.
//
// Built with `-sanitize=fuzzer -DFUZZING` by scripts/fuzz/run.sh. In an ordinary build this
// is `detent-fuzz-lua FILE|DIR…`, which replays saved inputs (Tests/FuzzCorpus/lua, run by
// `swift test`); `--print FILE` shows the spec an input makes.

/// Argument values (Lua expressions).
let values = [
    "0/0", "1/0", "-1/0", "1e300", "-1e300", "2^63", "-2^63", "math.maxinteger", "math.mininteger", "-1", "0", "0.5",
    "1", "3", "100", "400", "1e12", "\"x\"", "\"top\"", "\"middle\"", "\"linear\"", "{}", "nil", "true", "false",
    "function() end", "{1, 2, 3}", "{x = 1, y = 2}", "string.rep(\"a\", 1000)", "setmetatable({}, {__index = function() error(\"idx\") end})",
    "world", "world:screen{id = \"v\"}", "{0/0, 1/0}", "{\"top\", \"bottom\"}",
]

/// API calls with up to three argument slots (%1 %2 %3).
let calls = [
    "wait(%1)", "wait_frames(%1)", "wait_until(function() return %1 end, {timeout = %2})", "wait_idle{timeout = %1}",
    "wait_event(%1, {timeout = %2})", "drop_frames(%1)", "world:jank{every = %1, drop = %2}",
    "local t = touch(%1, %2); t:move_to(%2, %3, {duration = %1}); t:hold(%3); t:up()",
    "drag({x = %1, y = %2}, {by = {0, %3}, duration = %1})", "flick({x = 100, y = 400}, {velocity = %1, distance = %2})",
    "scroll({x = 100, y = 400}, {by = %1, duration = %2})", "tap(%1)", "edge_swipe{progress = %1, velocity = %2, y = %3}",
    "world:animate{from = %1, to = %2, duration = %3, curve = %1}", "world:spring{from = %1, to = %2, stiffness = %3, damping_ratio = %1}",
    "detent.motion.curve(%1, %2)", "detent.motion.curve(%1, %2, %3, %1, %2)", "detent.motion.project(%1, %2)",
    "detent.motion.spring{stiffness = %1, damping = %2}.displacement(%3, %1, %2)", "detent.motion.rubber_band(%1, %2, %3)",
    "detent.motion.velocity(%1, {{0, %2}, {0.01, %3}})",
    "world:screen{id = \"s\", content_height = %1, stack = %2}", "world:screen{id = \"k\", stack = {items = {{id = \"i\", size = %1, grow = %2}}, spacing = %3}}",
    "world:drawer{anchors = {{name = \"a\", top = %1}, {name = \"b\", fraction = %2}}, content_height = %3}",
    "local d = world:drawer{anchors = {\"top\", \"middle\", \"bottom\"}}; d:move_to(%1); d:animate_to(%2); d.content_offset = %3",
    "world:sheet{screens = {world:screen{id = \"q\"}}, detents = {%1, %2}, presented = %3}",
    "local n = world:navigation{screens = {world:screen{id = \"n\"}}}; n:push(%1, %2); n:pop(%3)",
    "local n = world:navigation{screens = {world:screen{id = \"n1\"}}}; n:push(world:screen{id = \"n2\", content_height = %1}, true); wait(%2); n:pop()",
    "local tb = world:tabs{tabs = {world:screen{id = \"u\"}, world:screen{id = \"w\"}}}; tb:select(%1); tb.selected_index = %2",
    "world:split{tabs = {world:screen{id = \"p\"}}, selected = %1}", "resize{width = %1}", "rotate(%1)", "trace{%1}",
    "world:emit(%1, {v = %2})", "assert.near(%1, %2, %3)", "assert.are.equal(%1, %2)", "detent.world{device = %1, orientation = %2}",
    "spawn(function() wait(%1) end)", "error(%1)", "setmetatable({}, %1)", "coroutine.wrap(function() wait(%1) end)()",
    "world:on(%1, function() error(%2) end); world:emit(%1)", "local s = world:screen{id = \"z\"}; s.content_height = %1",
    "string.rep(%1, %2, %3)", "table.move({}, %1, %2, %3)", "table.concat({}, %1, %2, %3)", "local x = world[%1]",
]

/// The spec an input makes: each pair of bytes picks a call, the next three its arguments.
func program(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var lines = ["describe(\"fuzz\", function()", "  it(\"calls\", function()"]
    var i = 0
    while i + 4 <= bytes.count, lines.count < 40 {
        var call = calls[Int(bytes[i]) % calls.count]
        for slot in 1...3 { call = call.replacingOccurrences(of: "%\(slot)", with: values[Int(bytes[i + slot]) % values.count]) }
        lines.append("    pcall(function() \(call) end)")
        i += 4
    }
    lines += ["  end)", "  it(\"still runs after\", function() assert.are.equal(2, 1 + 1) end)", "end)"]
    return lines.joined(separator: "\n") + "\n"
}

let settings: SessionSettings = {
    do {
        let configuration = try DetentConfiguration.load(ConfigLocation.current(explicit: nil))
        return try SessionSettings(configuration: configuration,
                                   limits: ScriptLimits(instructionBudget: 2_000_000, memoryCapBytes: 16 << 20), luaSetup: nil)
    } catch {
        fatalError("detent-fuzz-lua runs from the repository root (it reads config/): \(error)")
    }
}()

func fuzzLua(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = program(bytes)
    do {
        let session = try Session.make(settings: settings, label: "detent.fuzz")
        try session.sync { try $0.runSpec(text: text, file: "fuzz_spec.lua", selection: TestSelection()) { _ in } }
    } catch is UsageError {
    } catch {
        fatalError("a fuzz spec made the runner throw \(type(of: error)): \(error)\n\(text)")
    }
}

#if FUZZING
// libFuzzer's callback, and the process's entry: SwiftPM links `main` to this module's
// `DetentFuzzLua_main`, which hands the arguments to libFuzzer's driver.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    fuzzLua(UnsafeBufferPointer(start: data, count: size))
    return 0
}

@_cdecl("DetentFuzzLua_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzzerTestOneInput(data, size) }
}
#else
@main
enum ReplayLuaInputs {
    static func main() {
        if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--print",
           let data = FileManager.default.contents(atPath: CommandLine.arguments[2]) {
            data.withUnsafeBytes { print(program($0.bindMemory(to: UInt8.self)), terminator: "") }
        } else {
            replayFuzzInputs(CommandLine.arguments.dropFirst(), name: "detent-fuzz-lua") { fuzzLua($0) }
        }
    }
}
#endif
