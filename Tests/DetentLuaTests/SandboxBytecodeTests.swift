import Testing
@testable import DetentLua

/// The sandbox's wrappers are compiled by the build (Lua/host.txt, PreludeBytecodePlugin) as
/// this process would compile them, and the process uses the build's bytes.
@Suite("The sandbox's bytecode from the build")
struct SandboxBytecodeTests {
    @Test func theBuildCompiledTheSandboxAsTheProcessWould() throws {
        #expect(Set(PreludeBytecode.hostChunks.keys) == ["libraries_sandbox"])
        #expect(PreludeBytecode.chunks.isEmpty)   // DetentLua has no prelude of its own
        let here = try LuaState.compileTrusted(LuaLibraries.sandboxSource, chunkName: LuaLibraries.sandboxChunkName)
        let built = PreludeBytecode.hostChunks["libraries_sandbox"] == here
        #expect(built)
        let used = LuaLibraries.sandboxBytecode == here
        #expect(used)
        #expect(LuaState.writesSameHeader(as: here))
        var otherNumbers = here
        otherNumbers[14] = 4   // sizeof(lua_Number): a float build's dump
        #expect(!LuaState.writesSameHeader(as: otherNumbers))
    }
}
