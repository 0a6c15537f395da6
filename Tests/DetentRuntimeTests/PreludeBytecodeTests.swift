import DetentLua
import Testing
@testable import DetentScripting

/// The prelude compiled at build time (PreludeBytecodePlugin, `PreludeBytecode.chunks`) is what
/// compiling it in the process makes: every chunk of the manifest, byte for byte, under the
/// chunk name error locations expect, so a stale or misnamed build output fails here.
@Suite("The prelude's bytecode from the build")
struct PreludeBytecodeTests {
    @Test func theBuildCompiledEveryChunkAsTheProcessWould() throws {
        #expect(Set(PreludeBytecode.chunks.keys) == Set(Prelude.files.map(\.name)))
        for (name, source) in Prelude.files {
            let here = try LuaState.compileTrusted(String(decoding: source, as: UTF8.self), chunkName: Prelude.chunkName(name))
            let same = PreludeBytecode.chunks[name] == here   // (a Bool: the bytes would fill pages)
            #expect(same, "\(name): the build's bytecode is not this Lua's compile of \(name).lua under \(Prelude.chunkName(name))")
        }
    }

    @Test func theBuildCompiledEveryHostChunkUnderItsChunkName() throws {
        #expect(Set(PreludeBytecode.hostChunks.keys) == Set(Prelude.hostChunks.keys))
        #expect(Set(Prelude.hostChunks.keys) == Set(Prelude.hostSources.keys))
        #expect(Prelude.hostChunks["filter_match"]?.chunkName == "=(detent filter)")   // LuaPattern cuts its errors at this name
        for (name, chunk) in Prelude.hostChunks {
            let here = try LuaState.compileTrusted(String(decoding: chunk.source, as: UTF8.self), chunkName: chunk.chunkName)
            let same = PreludeBytecode.hostChunks[name] == here
            #expect(same, "\(name): the build's bytecode is not this Lua's compile of \(name).lua under \(chunk.chunkName)")
        }
    }

    @Test func theProcessUsesTheBuildsBytecodeWhenItsLuaLoadsIt() {
        #expect(Prelude.buildBytecodeLoads)
        let same = Prelude.bytecode == PreludeBytecode.chunks && Prelude.hostBytecode == PreludeBytecode.hostChunks
        #expect(same)
    }

    @Test func bytecodeOfAnotherLuaBuildIsRecognizedByItsHeader() throws {
        let here = try LuaState.compileTrusted("return 1", chunkName: "here")
        #expect(LuaState.sameHeader(here, try LuaState.compileTrusted("return 2", chunkName: "there")))
        var otherIntegers = here
        otherIntegers[13] = 4   // sizeof(lua_Integer): a 32-bit integer build
        #expect(!LuaState.sameHeader(otherIntegers, here))
        var otherFormat = here
        otherFormat[5] = 1      // LUAC_FORMAT
        #expect(!LuaState.sameHeader(otherFormat, here))
        #expect(!LuaState.sameHeader(Array(here.prefix(20)), here))
    }
}
