import DetentLua
import DetentPlatform

/// The Lua half of the scenario API, embedded in the binary (Package.swift's
/// `.embedInCode("Lua")`: `PackageResources` holds each file's bytes, and no resource folder
/// has to travel with the executable): luassert-style assertions, series checks, busted-style
/// structure and the waiting verbs, and the host's own chunks (the prelude's environment, the
/// sandbox's extras).
///
/// The prelude's chunks and the host's are compiled at build time (`PreludeBytecode`, made by
/// PreludeBytecodePlugin); each spec file's state loads the bytecode (`load(_:into:)`) and
/// never parses Lua source of Detent's own.
enum Prelude {
    /// Every prelude chunk's text by name (its file's name without `.lua`), unordered: the
    /// order is Lua/prelude.txt's, the one manifest the loader, the self-test and the docs read.
    static let sources: [String: [UInt8]] = [
        "assert_state": PackageResources.assert_state_lua, "format": PackageResources.format_lua,
        "assert_failure": PackageResources.assert_failure_lua, "assert_inspect": PackageResources.assert_inspect_lua,
        "assert_settings": PackageResources.assert_settings_lua, "assert_chain": PackageResources.assert_chain_lua,
        "assert_arguments": PackageResources.assert_arguments_lua, "assert_compare": PackageResources.assert_compare_lua,
        "assert_values": PackageResources.assert_values_lua, "assert_errors": PackageResources.assert_errors_lua,
        "assert": PackageResources.assert_lua, "match": PackageResources.match_lua, "spy": PackageResources.spy_lua,
        "stub": PackageResources.stub_lua, "mock": PackageResources.mock_lua, "assert_util": PackageResources.assert_util_lua,
        "series": PackageResources.series_lua, "series_checks": PackageResources.series_checks_lua,
        "spec_insulation": PackageResources.spec_insulation_lua, "spec": PackageResources.spec_lua, "spec_run": PackageResources.spec_run_lua,
        "waiting": PackageResources.waiting_lua, "busted_module": PackageResources.busted_module_lua,
        "gestures": PackageResources.gestures_lua, "plugins": PackageResources.plugins_lua,
    ]

    /// The manifest's entries ("luassert/assert_state"), in loading order.
    static let manifest: [String] = entries(PackageResources.prelude_txt)

    /// The chunks in loading order (Lua/prelude.txt). The assert_* chunks build the `assert`
    /// module piece by piece (each leaves its helpers on the host table), assert.lua returns
    /// it; series.lua extends it. The spec module is spec.lua's, completed by spec_run.lua.
    static let files: [(name: String, source: [UInt8])] = manifest.map { entry in
        let name = String(entry.split(separator: "/").last ?? Substring(entry))
        guard let source = sources[name] else { fatalError("Lua/prelude.txt names \(entry), which is not a prelude chunk (Prelude.sources)") }
        return (name, source)
    }

    /// The host's chunks' texts by name (Lua/host.txt lists them, with their chunk names).
    static let hostSources: [String: [UInt8]] = [
        "prelude_env": PackageResources.prelude_env_lua, "sandbox": PackageResources.sandbox_lua,
        "filter_match": PackageResources.filter_match_lua,
    ]

    /// Chunks the host runs at fixed points of building a state rather than in file order,
    /// with chunk names of their own (Lua/host.txt), which error locations skip like the
    /// prelude's.
    static let hostChunks: [String: (chunkName: String, source: [UInt8])] = {
        var chunks: [String: (chunkName: String, source: [UInt8])] = [:]
        for line in entries(PackageResources.host_txt) {
            let file = line.prefix { $0 != " " }
            let name = String(file.split(separator: "/").last ?? file)
            let chunkName = line.dropFirst(file.count).trimmingSpaces()
            guard !chunkName.isEmpty, let source = hostSources[name] else {
                fatalError("Lua/host.txt: \(line) is not a host chunk (Prelude.hostSources) and its chunk name")
            }
            chunks[name] = (chunkName, source)
        }
        return chunks
    }()

    /// A manifest's entries: its lines without comments and blank lines, trimmed. Split as
    /// bytes: splitting the text by Characters cost ~300 instructions a byte.
    private static func entries(_ manifest: [UInt8]) -> [String] {
        manifest.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self).trimmingSpaces() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The prelude's chunks (`files`) as bytecode, by name: as the build compiled them, or
    /// compiled here when this process's Lua would refuse those (`buildBytecodeLoads`).
    static let bytecode: [String: [UInt8]] = buildBytecodeLoads ? PreludeBytecode.chunks : compile(files)

    /// Whether the bytecode made at build time loads in this process's Lua
    /// (`LuaState.writesSameHeader`): a binary run against another build of liblua than it was
    /// built with compiles its prelude at start instead, as it did before the build compiled it.
    static let buildBytecodeLoads: Bool = PreludeBytecode.chunks.values.first.map(LuaState.writesSameHeader) ?? false

    /// The host's chunks as bytecode, by name: as the build compiled them, or compiled here
    /// (`buildBytecodeLoads`). Apart from the prelude's, as a process may need only these:
    /// `run`'s coordinator matches spec file names with `filter_match`.
    static let hostBytecode: [String: [UInt8]] = buildBytecodeLoads
        ? PreludeBytecode.hostChunks : compile(hostChunks.map { (name: $0.key, source: $0.value.source) })

    private static func compile(_ chunks: [(name: String, source: [UInt8])]) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (name, source) in chunks {
            do { result[name] = try LuaState.compileTrusted(String(decoding: source, as: UTF8.self), chunkName: chunkName(name)) } catch {
                fatalError("Detent's Lua prelude \(name).lua does not compile: \(error)")
            }
        }
        return result
    }

    /// Pushes chunk `name` (one of `files` or `hostChunks`) onto `lua`'s stack as a function,
    /// from the process's bytecode.
    static func load(_ name: String, into lua: LuaState) throws {
        guard let code = hostBytecode[name] ?? bytecode[name] else { fatalError("\(name) is not a chunk of Detent's Lua prelude") }
        try lua.load(trustedBytecode: code, chunkName: chunkName(name))
    }

    /// "(detent)/gestures.lua": no script's path looks like it, so error locations can skip
    /// these chunks and point at the spec line that called a helper.
    static func chunkName(_ name: String) -> String { hostChunks[name]?.chunkName ?? "(detent)/\(name).lua" }
}
