import DetentLua

/// One test a spec file declared, as the walk of its blocks reached it (spec_run.lua).
public struct CollectedTest: Equatable, Sendable {
    /// The walk's number for the test, which `makeTestThread(id:leaving:)` takes.
    public var index: Int
    public var name: String
    public var fullName: String
    /// `file:line` of the `it`.
    public var location: String
    public var tags: [String]
    public var isPending: Bool
}

/// What a test's run reports, in order (spec_run.lua's `spec.reports`): the errors of its
/// hooks, each on its own as busted reports them, and where among them the test's own result
/// goes — missing when a setup or before_each failed, as busted then reports no test.
public enum TestRunReport: Equatable, Sendable {
    /// The test's own result.
    case test
    /// A hook's error, named after its block and the hook (`outer inner after_each`), at the
    /// hook's line.
    case hookError(name: String, fullName: String, location: String, message: String, traceback: String?)
}

/// Where a limit stopped a test's run (`ScriptHost.stoppedTest(message:)`).
public enum StoppedTestPart: Equatable, Sendable {
    /// The test's own function or its finally: the test carries the error.
    case test
    /// A hook: it is reported as that hook's error.
    case hook
}

/// What one step of the walk over a spec file's blocks came to.
public enum SpecStep: Equatable, Sendable {
    /// The next test, for the host to run or pass by.
    case test(CollectedTest)
    /// A block's own error — its body, named after the block (`name`, `fullName`) at its
    /// `describe` line, or one of its setups or teardowns, named after the block and the hook
    /// at the hook's line.
    case blockError(name: String, fullName: String, location: String, message: String, traceback: String?)
}

extension ScriptHost {
    /// Makes the Lua function on top of the stack (a spec file's chunk, just loaded) read and
    /// write globals as busted's blocks do (spec.lua's `file_env`).
    public func useSpecGlobals() {
        checkOwner()
        spec.push()
        lua.rawGet(field: "file_env", inTableAt: -1)
        lua.remove(at: -2)
        lua.setEnvironmentOfFunction(at: -2)
    }

    /// Sets what the walk shuffles with: the run's seed (randomize() without a number of its
    /// own) and whether every block is shuffled (`detent run --shuffle`, as busted's; blocks
    /// that call randomize(false) keep their order). Call before the first step.
    public func prepareWalk(seed: Int64, shuffleEveryBlock: Bool) {
        checkOwner()
        spec.push()
        LuaValue.integer(seed).push(onto: lua)
        lua.rawSet(field: "seed", inTableAt: -2)
        LuaValue.boolean(shuffleEveryBlock).push(onto: lua)
        lua.rawSet(field: "shuffle_all", inTableAt: -2)
        lua.pop()
    }

    /// Whether the loaded file's top level declared any block or test.
    public func declaredAnything() throws -> Bool {
        checkOwner()
        try callSpec("declared_anything", arguments: [], resultCount: 1)
        defer { lua.pop() }
        return lua.boolean(at: -1)
    }

    /// Takes the next step when it is a test of the block the walk is in, which needs no code
    /// of the file to run (most steps); false when it would enter or leave a block, for
    /// `makeStepThread` to do.
    public func takeNextTestWithoutJob() throws -> Bool {
        checkOwner()
        try callSpec("next_test", arguments: [], resultCount: 1)
        defer { lua.pop() }
        return lua.boolean(at: -1)
    }

    /// A coroutine that walks on to the next test (running describe bodies, setups and
    /// teardowns on the way) when resumed with one argument, already pushed. `listing`
    /// runs no hooks. Read what it reached with `takeStep()`.
    public func makeStepThread(listing: Bool) -> LuaThread {
        checkOwner()
        let thread = specThread("next")
        thread.push(.string(listing ? "list" : "run"))
        return thread
    }

    /// What the last step reached: a test, a block's error, or nil at the end of the file.
    public func takeStep() throws -> SpecStep? {
        checkOwner()
        spec.push()
        lua.rawGet(field: "step", inTableAt: -1)
        defer { lua.pop(2) }
        return readStep()
    }

    /// After a step stopped by a limit: the block it was in, as that block's error with
    /// `message` (the block is passed over from then on); stopped outside any block, the
    /// file's error (an empty name), and the walk ends.
    public func stoppedStep(message: String) throws -> SpecStep? {
        checkOwner()
        try callSpec("stopped", arguments: [.string(message)], resultCount: 1)
        defer { lua.pop() }
        return readStep()
    }

    /// A coroutine that runs test `id` (from a step) when resumed with its arguments,
    /// already pushed: its lazy setups, hooks and body, and with `leaving` the teardowns of
    /// the blocks it is the last item of.
    public func makeTestThread(id: Int, leaving: Bool) -> LuaThread {
        checkOwner()
        let thread = specThread("run_test")
        thread.push(.integer(Int64(id)))
        thread.push(.boolean(leaving))
        return thread
    }

    /// After a test's run was stopped by a limit: whether the test's own function (or its
    /// finally) was stopped, or a hook, which is then reported as that hook's error with
    /// `message`. `makeResumeThread()` goes on with the rest of the run.
    public func stoppedTest(message: String) throws -> StoppedTestPart {
        checkOwner()
        try callSpec("stopped_test", arguments: [.string(message)], resultCount: 1)
        defer { lua.pop() }
        return lua.string(at: -1) == "hook" ? .hook : .test
    }

    /// A coroutine that goes on with a test's run after a limit stopped it (its remaining
    /// hooks, each stopped hook or body run once); it takes no arguments.
    public func makeResumeThread() -> LuaThread {
        checkOwner()
        return specThread("resume_test")
    }

    /// What the last test's run reported, in order (each once: they are taken).
    public func takeTestReports() -> [TestRunReport] {
        checkOwner()
        spec.push()
        lua.rawGet(field: "reports", inTableAt: -1)
        defer {
            lua.pop(2)
            spec.push()
            lua.pushNil()
            lua.rawSet(field: "reports", inTableAt: -2)
            lua.pop()
        }
        guard lua.type(at: -1) == .table else { return [] }
        var reports: [TestRunReport] = []
        let count = Int(lua.rawLength(at: -1))
        for k in 1...max(count, 1) where count > 0 {
            lua.rawGet(index: k, inTableAt: -1)
            if case let .blockError(name, fullName, location, message, traceback)? = readStep() {
                reports.append(.hookError(name: name, fullName: fullName, location: location, message: message, traceback: traceback))
            } else {
                reports.append(.test)
            }
            lua.pop()
        }
        return reports
    }

    private func specThread(_ function: String) -> LuaThread {
        spec.push()
        lua.rawGet(field: function, inTableAt: -1)
        lua.remove(at: -2)
        return LuaThread(state: lua)
    }

    private func callSpec(_ function: String, arguments: [LuaValue], resultCount: Int32) throws {
        spec.push()
        lua.rawGet(field: function, inTableAt: -1)
        lua.remove(at: -2)
        for argument in arguments { argument.push(onto: lua) }
        try lua.call(argumentCount: Int32(arguments.count), resultCount: resultCount)
    }

    /// The step table on top of the stack (left there), or nil.
    private func readStep() -> SpecStep? {
        guard lua.type(at: -1) == .table else { return nil }
        func field(_ key: String) -> String? {
            lua.rawGet(field: key, inTableAt: -1)
            defer { lua.pop() }
            return lua.string(at: -1)
        }
        if field("kind") == "error" {
            return .blockError(name: field("name") ?? "", fullName: field("full_name") ?? "", location: field("where") ?? "",
                               message: field("message") ?? "", traceback: field("traceback"))
        }
        var tags: [String] = []
        lua.rawGet(field: "tags", inTableAt: -1)
        let tagCount = Int(lua.rawLength(at: -1))
        for k in 1...max(tagCount, 1) where tagCount > 0 {
            lua.rawGet(index: k, inTableAt: -1)
            if let tag = lua.string(at: -1) { tags.append(tag) }
            lua.pop()
        }
        lua.pop()
        lua.rawGet(field: "id", inTableAt: -1)
        let id = Int(lua.integer(at: -1) ?? 0)
        lua.pop()
        lua.rawGet(field: "pending", inTableAt: -1)
        let isPending = lua.boolean(at: -1)
        lua.pop()
        return .test(CollectedTest(index: id, name: field("name") ?? "", fullName: field("full_name") ?? "",
                                   location: field("where") ?? "", tags: tags, isPending: isPending))
    }
}
