import DetentLua
import DetentReports
import DetentScripting

extension Session {
    /// After a test, when the memory cap stopped it: the state is collected (as before any
    /// job), and if its live data still leave less than a sixteenth of the cap
    /// (`LuaState.memoryCapExhausted`), the error that ends the file — its remaining tests
    /// could only be stopped the same way, each after a full collection of a full state, and
    /// the walk to them needs room too.
    /// Nil when the file can go on.
    /// `stoppedByMemoryCap`: the cap stopped one of the test's jobs, whose limits were reset
    /// (and the state collected) before the run went on.
    func memoryExhaustion(file: String, stoppedByMemoryCap: Bool) -> TestResult? {
        let lua = host.lua
        guard stoppedByMemoryCap || lua.stoppedByMemoryCap else { return nil }
        if lua.stoppedByMemoryCap { lua.resetLimits() }
        guard lua.memoryCapExhausted else { return nil }
        let message = "\(file): memory limit of \(LuaState.describeCap(bytes: lua.memoryCap)) exceeded (\(LuaError.memoryCapSetting)): "
            + "the file's Lua state still holds \(LuaState.describeMiB(bytes: lua.memoryAfterCollection)) after a full collection, "
            + "too little room to go on: its remaining tests do not run"
        return TestResult(file: file, name: file, fullName: file, location: file, tags: [], status: .error, message: message,
                          virtualTime: 0, frame: 0)
    }
}
