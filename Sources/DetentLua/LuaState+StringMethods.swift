import CLuaShim
extension LuaState {
    /// Pushes `mender(library, metatable)`, which makes the function the reseed before each test
    /// calls to give strings back their methods: the metatable all strings share back to
    /// `__index = library` alone, the library's functions back to those it had when the mender
    /// was made. Raw operations only (string_methods.c).
    public func pushStringMenderMaker() { detent_push_string_mender_maker(L) }
}
