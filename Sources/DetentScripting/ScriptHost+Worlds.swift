import DetentLua
import DetentWorld

extension ScriptHost {
    /// The host that owns the state a call came from.
    static func of(_ call: LuaCall) -> ScriptHost {
        call.state.userInfo as! ScriptHost
    }

    func registerClasses() {
        lua.userInfo = self
        lua.register(class: WorldBinding.make())
        lua.register(class: AnimatorBinding.make())
        lua.register(class: TraceBinding.make())
        lua.register(class: TouchBinding.make())
        for registration in EngineRegistry.all { registration.register(in: lua) }
    }

    /// The current test's world, or an error naming what needs one.
    func requireWorld() throws -> World {
        try refuseWhileCollecting()
        guard let world else { throw LuaRaise("no world: this runs only inside a test or script") }
        return world
    }

    /// The error for what needs a running test (a world, a wait, a gesture, a trace) while a
    /// describe body runs: the body runs once, while the file's tests are collected, and no
    /// test runs in the world it would change.
    var collectingRefusal: String? {
        collectingBlock.map { block in
            "describe '\(block)' runs its body once, while the file's tests are collected, in no test's world: "
                + "detent.world{}, engines, gestures, waits and traces belong in before_each(function() … end) "
                + "(for every test of the block) or in it(…)"
        }
    }

    func refuseWhileCollecting() throws {
        if let refusal = collectingRefusal { throw LuaRaise(refusal) }
    }

    /// The error for `detent.world{}` in a block's own hook (setup, teardown and their strict
    /// and lazy forms): the hook runs once for the block, in a world of its own or the test's
    /// it happens to run beside, so a world it chose would be thrown away or apply to one test.
    var blockHookRefusal: String? {
        blockHook.map { hook in
            "detent.world{} in \(hook.name) of describe '\(hook.block)' would choose no test's world: \(hook.name) runs once "
                + "for the block; choose the world in before_each(function() detent.world{…} end) for every test of the block"
        }
    }

    /// Tasks started by `spawn` since the last call, for the run loop to schedule.
    public func takeSpawnedThreads() -> [LuaThread] {
        defer { spawned.removeAll() }
        return spawned
    }

    /// Makes `setup.world` the current world, and its defaults the ones engines created by
    /// scripts start from until the next world: a world's `config` overrides end with it.
    public func setWorld(_ setup: WorldSetup) {
        engineDefaults = setup.defaults
        setWorld(setup.world)
    }

    /// Keeps a Lua-visible object alive until the current test ends.
    func retain(_ object: AnyObject) { retained.append(object) }

    /// Makes `world` the one scripts see as `world` and the run loop steps.
    public func setWorld(_ newWorld: World?) {
        checkOwner()
        if let old = world, old !== newWorld {
            // Everything handed out for the old world dies with it: its screens, engines,
            // touches and animators raise "used after its world was destroyed" from now on.
            lua.invalidateHandles(to: old)
            for object in retained { lua.invalidateHandles(to: object) }
            for engine in old.engines { lua.invalidateHandles(to: engine) }
            for slot in old.animators.slots { lua.invalidateHandles(to: slot) }
            retained.removeAll()
        }
        world = newWorld
        if let newWorld {
            lua.pushHandle(newWorld, className: WorldBinding.className)
        } else {
            lua.pushNil()
        }
        lua.setGlobal("world")
        if let newWorld {
            // Engines look up the curve names of their config here (plugin curves included).
            if !pluginCurves.isEmpty { newWorld.pluginCurves = pluginCurves }
            attachPluginHandlers(to: newWorld)
        }
    }

    /// Ends the current test: its world and everything handed out for it become unreachable;
    /// handles scripts kept now raise "used after its world was destroyed". Lua's incremental
    /// collector reclaims the test's garbage as the next tests run; a full collection runs only
    /// when the state holds more than half its memory cap and the garbage since the last one
    /// has taken more than half the room its live data leave (`holdsGarbageWorthCollecting`).
    public func endTest() {
        collectingBlock = nil   // a describe body stopped by a limit never said it ended
        blockHook = nil         // and a block's hook neither
        emittedEvents.removeAll()
        setWorld(nil)
        lua.clearMethodOverrides()
        invariantsApply = false
        retained.removeAll()
        spawned.removeAll()
        handlerErrors.removeAll()
        lua.forgetDeadHandles()
        if lua.holdsGarbageWorthCollecting { lua.collectGarbage() }
    }

    /// Global verbs and the `detent` table.
    func installDetentTable() {
        lua.newTable()
        lua.setFunction("world") { [unowned self] call in
            try refuseWhileCollecting()
            if let refusal = blockHookRefusal { throw LuaRaise(refusal) }
            try call.charge(bytes: HostCost.world)
            var request = WorldRequest()
            let options = try call.optionalTable(1)
            if let options {
                try options.rejectUnknownKeys(["device", "orientation", "config"])
                request.device = try options.string("device")
                request.orientation = try options.string("orientation")
                request.config = try options.configValue("config")
            }
            let created: WorldSetup
            do { created = try worldFactory(request) } catch let error as LuaRaise { throw error } catch let error as WorldRequestError {
                throw LuaRaise("\(options?.argumentDescription ?? "bad argument #1 to 'world'") (\(error.detail))")
            } catch {
                throw LuaRaise(String(describing: error))
            }
            setWorld(created)
            call.push(handle: created.world, className: WorldBinding.className)
            return 1
        }
        // detent.event(name): declares an event the script emits, so world:on and
        // wait_event accept its name before its first emit.
        lua.setFunction("event") { [unowned self] call in
            try declareEvent(try call.string(1))
            return 0
        }
        MotionBinding.push(into: lua) { [unowned self] in engineDefaults.motion }
        lua.rawSet(field: "motion", inTableAt: -2)
        lua.push(DetentVersion.string)
        lua.rawSet(field: "version", inTableAt: -2)
        // detent.disable_invariant(name): a plugin's invariant off for the running test.
        pluginModule.push()
        lua.rawGet(field: "disable_invariant", inTableAt: -1)
        lua.remove(at: -2)
        lua.rawSet(field: "disable_invariant", inTableAt: -2)
        lua.setGlobal("detent")
        // A misspelt field (`detent.wrold{}`) is an error naming the nearest, not a call of nil.
        pluginModule.push()
        lua.rawGet(field: "strict_detent", inTableAt: -1)
        lua.remove(at: -2)
        lua.getGlobal("detent")
        try? lua.call(argumentCount: 1, resultCount: 0)

        lua.register("trace") { [unowned self] call in
            try TraceBinding.start(world: try requireWorld(), namesAt: 1, call: call)
        }
        // spawn(fn): a task that runs alongside the test body and may wait too (SPEC §1
        // phase 7: waiters resume in FIFO order of their wait).
        lua.register("spawn") { [unowned self] call in
            try call.checkType(1, .function)
            _ = try requireWorld()
            spawned.append(LuaThread(state: lua, copying: 1, from: call.L))
            return 0
        }
        lua.register("drop_frames") { [unowned self] call in
            try requireWorld().dropFrames(try call.int(1, "count", .frames))
            return 0
        }
        // rotate("portrait" | "landscape") and resize{width = pt} (SPEC §8): the window
        // changes at once; engines hear of it (a split view may collapse or expand).
        lua.register("rotate") { [unowned self] call in
            let name = try call.string(1)
            guard let orientation = Orientation(rawValue: name) else {
                throw LuaRaise("rotate expects one of: \(Orientation.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) (got \"\(name)\")")
            }
            try requireWorld().rotate(to: orientation)
            return 0
        }
        lua.register("resize") { [unowned self] call in
            let options = try call.table(1)
            try options.rejectUnknownKeys(["width"])
            let width = try options.requiredNumber("width", .length)
            do { try requireWorld().resize(toWidth: width) } catch let error as WindowError { throw LuaRaise(error.description) }
            return 0
        }
    }
}

/// The version scripts see as `detent.version` and `detent --version` prints.
public enum DetentVersion {
    public static let string = "0.1.0"
}
