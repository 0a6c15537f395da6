import Foundation
import DetentLua

/// The Lua half of the scenario API, shipped as resources of this module: luassert-style
/// assertions, series checks, busted-style structure and the waiting verbs, and the host's
/// own chunks (the prelude's environment, the sandbox's extras).
///
/// Every chunk is compiled once per process (`bytecode`); each spec file's state loads the
/// bytecode (`load(_:into:)`) and never parses Lua source of Detent's own.
enum Prelude {
    /// Loading order matters: assertions first, then what builds on them. The assert_*
    /// chunks build the `assert` module piece by piece (each leaves its helpers on the host
    /// table), assert.lua returns it; series.lua extends it (`host.luassert.module`: like
    /// every chunk it gets only the host table). The spec module is spec.lua's (describe,
    /// it, hooks), completed by spec_run.lua.
    static let files = [
        "assert_state", "format",
        "assert_failure", "assert_inspect", "assert_settings", "assert_chain", "assert_arguments",
        "assert_compare", "assert_values", "assert_errors", "assert",
        "match", "spy", "stub", "mock", "series", "series_checks",
        "spec_insulation", "spec", "spec_run", "waiting", "gestures", "plugins",
    ]

    /// Chunks the host runs at fixed points of building a state rather than in file order,
    /// with chunk names of their own ("=(detent sandbox)" is `LuaLibraries`' wrappers; this
    /// sandbox.lua is its extras), which error locations skip like the prelude's.
    static let hostChunks = ["prelude_env": "=(detent prelude env)", "sandbox": "=(detent sandbox extras)"]

    /// Each chunk compiled once per process, by name.
    static let bytecode: [String: [UInt8]] = {
        var result: [String: [UInt8]] = [:]
        for name in files + hostChunks.keys.sorted() {
            do { result[name] = try LuaState.compileTrusted(sources[name]!, chunkName: chunkName(name)) } catch {
                fatalError("Detent's Lua prelude \(name).lua does not compile: \(error)")
            }
        }
        return result
    }()

    /// Starts compiling every chunk on a thread of its own and returns at once: `detent`
    /// calls it first thing, so the compile overlaps the rest of start-up (parsing arguments,
    /// reading the configuration, finding the files) instead of following it; the first
    /// state to need the bytecode waits for whatever is left. The thread blocks every signal
    /// (it is made while the caller's are blocked, and keeps that mask), so it never takes a
    /// SIGTERM or SIGINT that the daemon waits for or a run handles.
    static func compileInBackground() {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        Thread.detachNewThread { _ = bytecode }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Pushes chunk `name` (one of `files` or `hostChunks`) onto `lua`'s stack as a function,
    /// from the process's bytecode.
    static func load(_ name: String, into lua: LuaState) throws {
        guard let code = bytecode[name] else { fatalError("\(name) is not a chunk of Detent's Lua prelude") }
        try lua.load(trustedBytecode: code, chunkName: chunkName(name))
    }

    /// "(detent)/gestures.lua": no script's path looks like it, so error locations can skip
    /// these chunks and point at the spec line that called a helper.
    static func chunkName(_ name: String) -> String { hostChunks[name] ?? "(detent)/\(name).lua" }

    /// Source text of each chunk, read once per process.
    static let sources: [String: String] = {
        var result: [String: String] = [:]
        for name in files + hostChunks.keys.sorted() {
            guard let url = Bundle.module.url(forResource: name, withExtension: "lua", subdirectory: "Lua"),
                  let text = try? String(contentsOf: url, encoding: .utf8) else {
                fatalError("Detent's Lua prelude file \(name).lua is missing from the DetentScripting resources")
            }
            result[name] = text
        }
        return result
    }()
}
