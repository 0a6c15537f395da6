import DetentLua

extension ScriptHost {
    /// `detent run --shuffle`: `collectedTests()` then shuffles every block's tests and blocks
    /// (blocks stay whole, as busted's --shuffle), except blocks that call randomize(false).
    /// Call after loading the file and before collecting its tests.
    public func shuffleEveryBlock() {
        checkOwner()
        spec.push()
        LuaValue.boolean(true).push(onto: lua)
        lua.rawSet(field: "shuffle_all", inTableAt: -2)
        lua.pop()
    }
}
