import Testing
@testable import DetentLua

/// When the host collects a capped state between jobs (`LuaState+MemoryCap`): only when the
/// garbage is worth a walk over everything the state holds, and when the live data fill it.
@Suite("Full collections of a capped state")
struct MemoryCapCollectionTests {
    static let cap = 8 << 20   // bytes

    /// A state whose live data take about 5.3 MiB of its 8: a file that declares many tests.
    func fullState() throws -> LuaState {
        let lua = LuaState(libraries: .safe)
        lua.memoryCap = Self.cap
        try lua.run("kept = {} for i = 1, 60000 do kept[i] = { i } end", chunkName: "live.lua")
        lua.collectGarbage()
        return lua
    }

    @Test func liveDataOverHalfTheCapAreNotCollectedAgainForNothing() throws {
        let lua = try fullState()
        #expect(lua.memoryInUse > Self.cap / 2, "the live data must fill more than half the cap: \(lua.memoryInUse)")
        #expect(lua.memoryAfterCollection == lua.memoryInUse)
        #expect(!lua.holdsGarbageWorthCollecting)
        // A little garbage, as a trivial test leaves: still not worth a full collection.
        try lua.run("local t = {} for i = 1, 1000 do t[i] = { i } end", chunkName: "small.lua")
        #expect(!lua.holdsGarbageWorthCollecting)
    }

    @Test func garbageTakingHalfTheRoomLeftIsCollected() throws {
        let lua = try fullState()
        let room = Self.cap - lua.memoryAfterCollection
        // About 2.2 MiB of garbage: more than half of the ~2.7 MiB the live data leave.
        try lua.run("local t = {} for i = 1, 30000 do t[i] = { i } end", chunkName: "garbage.lua")
        #expect(lua.memoryInUse - lua.memoryAfterCollection > room / 2)
        #expect(lua.holdsGarbageWorthCollecting)
        lua.collectGarbage()
        #expect(!lua.holdsGarbageWorthCollecting)
    }

    @Test func liveDataThatFillTheCapExhaustIt() throws {
        let lua = try fullState()
        #expect(!lua.memoryCapExhausted)
        var stopped = false
        do {
            try lua.run("for i = #kept + 1, math.huge do kept[i] = { i } end", chunkName: "hoard.lua")
        } catch LuaError.memoryLimitExceeded {
            stopped = true
        }
        #expect(stopped && lua.stoppedByMemoryCap)
        lua.resetLimits()   // collects what the stopped job left: nothing, all of it is kept
        #expect(lua.memoryCapExhausted, "\(lua.memoryAfterCollection) of \(Self.cap)")
    }

    @Test func capsReadAsTheSettingsGiveThem() {
        #expect(LuaState.describeCap(bytes: 64 << 20) == "64 MiB")
        #expect(LuaState.describeCap(bytes: 96 * 1024) == "96 KiB")
        #expect(LuaState.describeMiB(bytes: (62 << 20) + (4 << 20) / 10) == "62.4 MiB")
    }
}
