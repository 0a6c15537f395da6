import CLua
import CLuaShim

/// One Lua 5.4 interpreter (`lua_State`) owned by Swift.
///
/// Not thread-safe: a state belongs to the serial queue that owns its world (SPEC §1).
/// Guest code (chunks, calls, coroutine resumes) runs under the instruction budget and the
/// memory cap of `limits`; host code (Swift callbacks) is never refused memory, so a refused
/// allocation can never longjmp through a Swift frame.
public final class LuaState: LuaStack {
    /// The main thread of the interpreter.
    public let L: OpaquePointer
    let limits: UnsafeMutablePointer<detent_limits>
    var classes: [String: AnyLuaClass] = [:]
    /// True once a script replaced a handle's method (`spy.on(nav, "push")`); until then
    /// method lookups skip the override table.
    var hasMethodOverrides = false
    /// The embedding's own object (the scenario host), reachable from host functions.
    public weak var userInfo: AnyObject?
    let handles = HandleRegistry()
    /// Stops guest code from another thread (a cancelled run, Ctrl-C in the console).
    public let cancellation: LuaCancellation
    /// Where a limit stopped the script ("chunk:line", written by the count hook).
    private let killWhere: UnsafeMutablePointer<CChar>
    private static let killWhereSize = 512

    /// Creates a state with the given libraries opened (see `LuaLibraries`).
    public init(libraries: LuaLibraries = .safe) {
        limits = .allocate(capacity: 1)
        cancellation = LuaCancellation()
        killWhere = .allocate(capacity: LuaState.killWhereSize)
        killWhere.initialize(repeating: 0, count: LuaState.killWhereSize)
        limits.initialize(to: detent_limits(used: 0, peak: 0, cap: 0, budget: 0, executed: 0,
                                            guest_depth: 0, killed: DETENT_KILL_NONE, interrupt: cancellation.flag, host_bytes: 0,
                                            kill_where: killWhere, kill_where_size: LuaState.killWhereSize,
                                            cpu_expired: 0, running: nil, counts_instructions: 1, coverage: nil, pcall_depth: 0,
                                            read_cache_ref: 0, read_cache_count: 0, read_epoch: 0))
        guard let state = detent_newstate(limits) else {
            fatalError("lua_newstate failed: the system is out of memory")
        }
        L = state
        detent_lua_extraspace(L).pointee = Unmanaged.passUnretained(self).toOpaque()
        detent_install_budget_hook(L)
        libraries.open(in: self)
        cancellation.limits = limits
    }

    deinit {
        CPUWatchdog.shared.disarm(limits)
        lua_close(L)
        // A state that held much (a daemon session after a memory bomb) gives it back to the
        // system, not only to the heap.
        detent_return_memory_of(limits)
        detent_coverage_free(limits)
        limits.deinitialize(count: 1)
        limits.deallocate()
        killWhere.deallocate()
    }

    /// "chunk:line" of the script line a limit (budget, memory, interrupt) stopped since the
    /// last `resetLimits()`, recorded when the limit first raised — also when the script then
    /// caught the error; nil when no limit stopped it or no script frame was running.
    public var killLocation: String? {
        killWhere.pointee == 0 ? nil : String(cString: killWhere)
    }

    /// The Swift owner of a raw state (any of its threads), unretained: the state outlives
    /// every call into it.
    static func owner(of L: OpaquePointer) -> Unmanaged<LuaState> {
        Unmanaged<LuaState>.fromOpaque(detent_lua_extraspace(L).pointee!)
    }

    // MARK: Limits

    /// Instructions one guest run may execute before it is stopped; 0 means unlimited.
    /// Counted in steps of `instructionHookStep`.
    public var instructionBudget: Int64 {
        get { limits.pointee.budget }
        set { limits.pointee.budget = newValue }
    }

    /// Bytes guest code may hold in this state; 0 means unlimited.
    public var memoryCap: Int {
        get { Int(limits.pointee.cap) }
        set { limits.pointee.cap = newValue }
    }

    /// Bytes currently allocated by this state.
    public var memoryInUse: Int { Int(limits.pointee.used) }
    /// The most bytes this state ever held at once.
    public var peakMemory: Int { Int(limits.pointee.peak) }
    /// Bytes in use right after the last full collection the host ran (`collectGarbage`,
    /// `reclaimMemory`, `resetLimits` after a stop): the state's live data then, what
    /// `holdsGarbageWorthCollecting` measures garbage against.
    public private(set) var memoryAfterCollection = 0
    /// Instructions counted since the last `resetLimits()`.
    public var instructionsExecuted: Int64 { limits.pointee.executed }
    /// Granularity of the instruction count.
    public static var instructionHookStep: Int { Int(detent_hook_step()) }

    /// Starts a fresh budget (before each test) and re-arms the hook after a kill.
    public func resetLimits() {
        let collects = killReason != DETENT_KILL_NONE   // a stopped job's leftovers are collected
        detent_reset_limits(L)
        if collects { memoryAfterCollection = memoryInUse }
    }

    /// Seconds of CPU time one job (a test with its hooks, a file's top level, a script) may
    /// use once `startCPUWatch()` armed the watchdog; 0 means no watchdog.
    public var cpuTimeLimit: Double = 0

    /// Arms the CPU watchdog for the job about to run on this thread: when the thread has used
    /// `cpuTimeLimit` seconds of CPU from now, guest code is stopped at its next count-hook
    /// step or matcher poll, and `cpuTimeExpired` turns true for the host's own loops. The
    /// last line behind the instruction budget (SPEC §13), as Redis's SCRIPT KILL.
    ///
    /// Unless `countsInstructions`, the job's coroutine `thread` (and those it creates) runs
    /// without the count hook until `stopCPUWatch()`: the watchdog and cancellation stop it
    /// through the stop signal instead.
    public func startCPUWatch(thread: OpaquePointer? = nil) {
        guard cpuTimeLimit > 0 else { return }
        if !countsInstructions {
            detent_set_counting(L, 0)
            if let thread { detent_clear_thread_hook(thread) }
        }
        CPUWatchdog.shared.arm(limits, seconds: cpuTimeLimit)
    }

    /// Disarms the watchdog after the job (also when it was never armed), on the job's
    /// thread; guest code outside a watched job counts instructions again.
    public func stopCPUWatch() {
        CPUWatchdog.shared.disarm(limits)
        detent_watch_thread(nil)
        if limits.pointee.counts_instructions == 0 { detent_set_counting(L, 1) }
    }

    /// Whether jobs count every instruction against the budget (an exact, deterministic
    /// stop, at about twice the cost of plain Lua for pure Lua work), or run without the
    /// count hook at Lua's own speed while the CPU watchdog watches them, stopped by it and by
    /// cancellation through the stop signal (`[limits] instruction_counting` in runner.toml;
    /// docs/architecture.md). Code outside a watched job (plugin loading, live evals) always
    /// counts: nothing else would stop a runaway there.
    public var countsInstructions = true

    /// True once the watchdog found the job over its CPU time (until the next `startCPUWatch`).
    public var cpuTimeExpired: Bool { detent_interrupt_get(&limits.pointee.cpu_expired) != 0 }

    /// Why the last guest run was stopped, if a limit stopped it.
    var killReason: detent_kill_reason { limits.pointee.killed }

    // MARK: Stack

    public var top: Int32 {
        get { lua_gettop(L) }
        set { lua_settop(L, newValue) }
    }

    public func remove(at index: Int32) { detent_lua_remove(L, index) }


    /// Pushes a new empty table, with room for `arrayCount` and `recordCount` entries.
    public func newTable(arrayCount: Int32 = 0, recordCount: Int32 = 0) {
        lua_createtable(L, arrayCount, recordCount)
    }

    /// t[key] = value, without metamethods, where t is at `table` and the value on top (popped).
    public func rawSet(field key: String, inTableAt table: Int32) {
        let t = lua_absindex(L, table)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }




    /// The string at `index` if it is a string or a number (converted as Lua does, without
    /// calling metamethods); nil otherwise.
    public func string(at index: Int32) -> String? { LuaThreadView(L: L).string(at: index) }

    public func number(at index: Int32) -> Double? {
        var isNumber: Int32 = 0
        let value = detent_lua_tonumber(L, index, &isNumber)
        return isNumber != 0 && type(at: index) == .number ? value : nil
    }

    public func integer(at index: Int32) -> Int64? {
        var isInteger: Int32 = 0
        let value = detent_lua_tointeger(L, index, &isInteger)
        return isInteger != 0 && type(at: index) == .number ? Int64(value) : nil
    }

    public func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// A description of any value for messages, never calling metamethods.
    public func describe(at index: Int32) -> String {
        switch type(at: index) {
        case .nil, .none: return "nil"
        case .boolean: return boolean(at: index) ? "true" : "false"
        case .number, .string: return string(at: index) ?? "?"
        case let other: return other.description
        }
    }

    /// Runs a full garbage collection (between tests).
    public func collectGarbage() {
        detent_lua_gc_collect(L)
        memoryAfterCollection = memoryInUse
    }

    /// A full collection, and the heap's free pages back to the system when this state held
    /// much: after a memory bomb in a long-lived state (a daemon session).
    public func reclaimMemory() {
        detent_lua_gc_collect(L)
        memoryAfterCollection = memoryInUse
        detent_return_memory_of(limits)
    }

    // MARK: Globals

    /// Pops the top value into global `name`. Raw: a script may have set a metatable on
    /// `_G`, and its `__newindex` must not run (or raise) outside a protected call.
    public func setGlobal(_ name: String) {
        detent_lua_pushglobaltable(L)
        push(name)
        lua_rotate(L, -3, -1)   // value, _G, name → _G, name, value
        lua_rawset(L, -3)
        lua_settop(L, -2)
    }
    /// Pushes global `name` and returns its type (raw, as `setGlobal`).
    @discardableResult
    public func getGlobal(_ name: String) -> LuaType {
        detent_lua_pushglobaltable(L)
        push(name)
        let type = LuaType(rawValue: lua_rawget(L, -2)) ?? .nil
        detent_lua_remove(L, -2)
        return type
    }

    /// Pops a table and makes it the `_ENV` of the Lua function at `index` (a chunk just
    /// loaded: its first upvalue is `_ENV`).
    public func setEnvironmentOfFunction(at index: Int32) {
        let function = lua_absindex(L, index)
        if lua_setupvalue(L, function, 1) == nil { pop() }
    }

    /// "chunk:line: " where the Lua function behind `ref` is defined ("" for a C function):
    /// errors about what a callback returned point at the callback.
    public func definitionLocation(of ref: LuaRef) -> String {
        ref.push()
        var ar = lua_Debug()
        guard lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0 else { return "" }
        let source = withUnsafePointer(to: &ar.short_src) { $0.withMemoryRebound(to: CChar.self, capacity: Int(LUA_IDSIZE)) { String(cString: $0) } }
        return "\(source):\(ar.linedefined): "
    }

    // MARK: Loading and calling

    /// Compiles `text` (text only: bytecode is refused) and pushes the chunk as a function.
    /// The chunk name is the script's path, so messages read `path:line: ...`.
    public func load(_ text: String, chunkName: String) throws {
        try load(text, chunkName: chunkName, onto: L)
    }

    func load(_ text: String, chunkName: String, onto L: OpaquePointer) throws {
        var copy = text
        let status: Int32 = copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                detent_lua_loadtext(L, $0.baseAddress, $0.count, "@" + chunkName)
            }
        }
        if status != LUA_OK {
            let message = LuaThreadView(L: L).string(at: -1) ?? "unknown error while loading \(chunkName)"
            lua_settop(L, -2)
            throw LuaError.syntax(message: message)
        }
    }

    /// Compiles trusted source (the host's own Lua, never scenario code) to bytecode that
    /// `load(trustedBytecode:chunkName:)` loads without parsing. Debug info is kept, so errors
    /// still name `chunk:line`.
    public static func compileTrusted(_ text: String, chunkName: String) throws -> [UInt8] {
        // Compiling needs no library (and not .safe: building a safe state loads bytecode
        // made here, LuaLibraries).
        let scratch = LuaState(libraries: .none)
        try scratch.load(text, chunkName: chunkName)
        var buffer = detent_buffer(data: nil, size: 0, capacity: 0)
        defer { detent_buffer_free(&buffer) }
        guard detent_lua_dump(scratch.L, &buffer) == 0, let data = buffer.data else {
            throw LuaError.syntax(message: "\(chunkName): could not precompile")
        }
        return Array(UnsafeRawBufferPointer(start: data, count: buffer.size))
    }

    /// Whether `sample`, a dump made elsewhere (at build time), begins with the header this
    /// process's Lua writes (Lua 5.4's `dumpHeader`: signature, version, format, check bytes,
    /// the sizes of an instruction, an integer and a number, a check integer and a check
    /// number): a binary run against another build of liblua than it was built with (other
    /// number sizes) compiles its chunks at start instead.
    public static func writesSameHeader(as sample: [UInt8]) -> Bool {
        guard let here = headerSample else { return false }
        return sameHeader(sample, here)
    }

    /// A dump of this process's Lua, for its header.
    private static let headerSample: [UInt8]? = try? compileTrusted("return", chunkName: "header")

    /// Whether two dumps begin with the same 31-byte header.
    public static func sameHeader(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let length = 31
        return a.count > length && b.count > length && a.prefix(length) == b.prefix(length)
    }

    /// Loads bytecode made by `compileTrusted` and pushes it as a function.
    public func load(trustedBytecode bytes: [UInt8], chunkName: String) throws {
        let status = bytes.withUnsafeBytes { raw in
            detent_lua_loadbinary(L, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count, "@" + chunkName)
        }
        if status != LUA_OK {
            let message = string(at: -1) ?? "cannot load precompiled \(chunkName)"
            pop()
            throw LuaError.syntax(message: message)
        }
    }

    /// Calls the function below `argumentCount` arguments on top of the stack, in protected
    /// mode with a traceback, as guest code. Leaves `resultCount` results (LUA_MULTRET = -1
    /// for all) on success; on failure leaves nothing and throws.
    public func call(argumentCount: Int32 = 0, resultCount: Int32 = 0) throws {
        let base = top - argumentCount
        lua_pushcclosure(L, detent_traceback_handler, 0)
        detent_lua_insert(L, base)
        detent_enter_guest(L)
        let status = detent_lua_pcall(L, argumentCount, resultCount, base)
        detent_leave_guest(L)
        detent_lua_remove(L, base)
        if status != LUA_OK {
            let error = takeError(status: status, traceback: registryTraceback())
            throw error
        }
    }

    /// Loads and runs a chunk, discarding its results.
    public func run(_ text: String, chunkName: String) throws {
        try load(text, chunkName: chunkName)
        try call()
    }

    func registryTraceback() -> String {
        lua_getfield(L, detent_lua_registryindex(), "detent.traceback")
        defer {
            pop()
            lua_pushnil(L)
            lua_setfield(L, detent_lua_registryindex(), "detent.traceback")
        }
        return string(at: -1) ?? ""
    }

    /// The error of the limit that stopped guest code since the last reset, if one did.
    func limitError(traceback: String) -> LuaError? {
        switch killReason {
        case DETENT_KILL_INSTRUCTIONS: return .instructionBudgetExceeded(budget: instructionBudget, traceback: traceback)
        case DETENT_KILL_MEMORY: return .memoryLimitExceeded(capBytes: memoryCap, traceback: traceback)
        case DETENT_KILL_INTERRUPTED: return .interrupted(traceback: traceback)
        case DETENT_KILL_CPU_TIME: return .cpuTimeExceeded(seconds: cpuTimeLimit, traceback: traceback)
        default: return nil
        }
    }

    /// Pops the error value on top of `thread` and turns it into a LuaError, mapping kills.
    func takeError(status: Int32, traceback: String, thread: OpaquePointer? = nil) -> LuaError {
        let T = thread ?? L
        defer { lua_settop(T, -2) }
        if let limit = limitError(traceback: traceback) { return limit }
        let state = thread.map { LuaThreadView(L: $0) } ?? LuaThreadView(L: L)
        var fields: [String: String] = [:]
        var message: String
        if lua_type(T, -1) == LUA_TTABLE {
            lua_pushnil(T)
            while lua_next(T, -2) != 0 {
                if lua_type(T, -2) == LUA_TSTRING, let key = state.string(at: -2) {
                    switch lua_type(T, -1) {
                    case LUA_TSTRING, LUA_TNUMBER: fields[key] = state.string(at: -1)
                    case LUA_TBOOLEAN: fields[key] = lua_toboolean(T, -1) != 0 ? "true" : "false"
                    default: break
                    }
                }
                lua_settop(T, -2)
            }
            message = fields["message"] ?? "(error object is a table value)"
        } else if status == LUA_ERRMEM {
            message = "not enough memory"
        } else {
            message = state.string(at: -1) ?? "(error object is a \(LuaType(rawValue: lua_type(T, -1)) ?? .none) value)"
        }
        return .runtime(LuaRuntimeError(message: message, traceback: traceback, fields: fields))
    }

    // MARK: Host functions

    /// Pushes a Swift closure as a Lua function. `name` is used in argument errors.
    /// The closure returns how many results it pushed, or throws (`LuaRaise` for a message
    /// at the caller's line); a throw becomes a Lua error raised from C.
    public func push(function name: String, _ body: @escaping (LuaCall) throws -> Int32) {
        push(function: name, onto: L, body)
    }

    func push(function name: String, onto thread: OpaquePointer, _ body: @escaping (LuaCall) throws -> Int32) {
        let box = HostFunctionBox(name: name, body: body)
        detent_push_host_function(thread, hostInvoke, hostRelease, Unmanaged.passRetained(box).toOpaque())
    }

    /// Sets global `name` to a Swift closure.
    public func register(_ name: String, _ body: @escaping (LuaCall) throws -> Int32) {
        push(function: name, body)
        setGlobal(name)
    }

    /// Sets `t[name]` for the table on top of the stack to a Swift closure.
    public func setFunction(_ name: String, _ body: @escaping (LuaCall) throws -> Int32) {
        push(function: name, body)
        rawSet(field: name, inTableAt: -2)
    }

    /// Sets `t[name]` for the table on top of the stack to the wait verbs' check (`true`, or
    /// "callback" or "coroutine": why the running code cannot wait), a C function: every
    /// wait calls it, and it answers without the host's Swift call around it.
    public func setWaitPermission(_ name: String) {
        lua_pushcclosure(L, detent_lua_can_wait, 0)
        rawSet(field: name, inTableAt: -2)
    }

    /// Pops the value on top into a registry reference that lives as long as the `LuaRef`.
    public func ref() -> LuaRef { LuaRef(state: self) }
}

/// Read-only helpers over any thread of a state (the main one or a coroutine).
struct LuaThreadView {
    let L: OpaquePointer
    func string(at index: Int32) -> String? {
        let t = lua_type(L, index)
        guard t == LUA_TSTRING || t == LUA_TNUMBER else { return nil }
        lua_pushvalue(L, index)
        defer { lua_settop(L, -2) }
        var length = 0
        guard let chars = detent_lua_tostring(L, -1, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
    }
}
