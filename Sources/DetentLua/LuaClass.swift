import CLua
import CLuaShim

/// How one kind of Swift object looks from Lua: a handle whose fields are read as
/// `obj.name`, written as `obj.name = v`, and whose methods are called as `obj:method(...)`.
public final class LuaClass<Object: AnyObject> {
    public let name: String
    /// A getter pushes exactly one value.
    public var getters: [String: (Object, LuaCall) throws -> Void] = [:]
    /// A setter reads the new value at stack index 3.
    public var setters: [String: (Object, LuaCall) throws -> Void] = [:]
    /// A method finds `self` at index 1 and its arguments from index 2; returns the result count.
    public var methods: [String: (Object, LuaCall) throws -> Int32] = [:]
    /// Text for `tostring(handle)`.
    public var describe: (Object) -> String
    /// Consulted for keys that are neither fields nor methods; pushes one value and returns
    /// true, or returns false for "no such field".
    public var fallback: ((Object, String, LuaCall) throws -> Bool)?

    /// The documented fields in declaration order (what `field` declared): the editor type
    /// definitions and docs/api.md are generated from these.
    public private(set) var fieldDocs: [LuaFieldDoc] = []

    public init(name: String) {
        self.name = name
        self.describe = { _ in name }
    }

    /// Declares field `name` once: its getter (nil: assign-only) and setter (nil: read-only),
    /// its type as the editor definitions spell it, its unit and a one-line doc.
    public func field(_ name: String, _ type: String, unit: String? = nil, _ doc: String,
                      get: ((Object, LuaCall) throws -> Void)?, set: ((Object, LuaCall) throws -> Void)? = nil) {
        precondition(!fieldDocs.contains { $0.name == name }, "\(self.name).\(name) is declared twice")
        precondition(get != nil || set != nil, "\(self.name).\(name) has neither a getter nor a setter")
        getters[name] = get
        setters[name] = set
        fieldDocs.append(LuaFieldDoc(name: name, type: type, unit: unit, doc: doc, readable: get != nil, writable: set != nil))
    }

    /// Number fields read without a `LuaCall`: the value is pushed straight from `read`
    /// (an integer when `integer`), nil for nil.
    private(set) var numberReaders: [String: NumberReader] = [:]

    /// How a number field is read. (A struct, not a tuple: the closure keeps the form it was
    /// made in, where a dictionary of tuples would wrap it in two conversion thunks per read.)
    struct NumberReader {
        let read: (Object) -> Double?
        let integer: Bool
    }

    /// Declares a number field once (see `field`): the fastest read there is, one closure
    /// between Lua and the value.
    public func numberField(_ name: String, _ type: String, unit: String? = nil, _ doc: String, read: @escaping (Object) -> Double?) {
        let integer = type == "integer"
        field(name, type, unit: unit, doc, get: { object, call in
            guard let value = read(object) else { call.pushNil(); return }
            if integer { call.push(Int64(value)) } else { call.push(value) }
        })
        numberReaders[name] = NumberReader(read: read, integer: integer)
    }

    /// The setter of field `name`, declared before with its getter (a property an engine's
    /// table declares, whose new value only the binding can read from Lua).
    public func setter(_ name: String, _ body: @escaping (Object, LuaCall) throws -> Void) {
        guard let index = fieldDocs.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("\(self.name).\(name) gets a setter but was never declared")
        }
        setters[name] = body
        fieldDocs[index].writable = true
    }
}

/// How one field of a class reads in the docs.
public struct LuaFieldDoc: Equatable, Sendable {
    public var name: String
    /// Editor (lua-language-server) syntax: `number`, `string?`, `"a"|"b"`, `detent.screen[]`.
    public var type: String
    /// "pt", "pt/s", "s", "0…1"; nil when unitless.
    public var unit: String?
    public var doc: String
    public var readable: Bool
    public var writable: Bool

    public init(name: String, type: String, unit: String?, doc: String, readable: Bool, writable: Bool) {
        self.name = name
        self.type = type
        self.unit = unit
        self.doc = doc
        self.readable = readable
        self.writable = writable
    }
}

/// A registered class as the docs present it: its documented fields and its method names.
public struct LuaClassDocs: Equatable, Sendable {
    public var name: String
    public var fields: [LuaFieldDoc]
    /// Getters and setters with no `field` declaration (plugin components, tests' classes).
    public var undocumented: [String]
    public var methods: [String]

    public init(name: String, fields: [LuaFieldDoc], undocumented: [String], methods: [String]) {
        self.name = name
        self.fields = fields
        self.undocumented = undocumented
        self.methods = methods
    }
}

/// The type-erased form the state keeps per class name. Members are numbered: getters from 0
/// in name order, methods from -1 down in name order; the class's Lua metatable maps each
/// name to its number, so a read (`__index` in C) hands Swift a number, never a string.
final class AnyLuaClass {
    let name: String
    let fieldNames: [String]
    let setterNames: [String]
    /// Getter names; index = member number (0, 1, …).
    let getterNames: [String]
    /// Getters by number, taking the object's address unretained (no retain per read).
    /// Kept unretained in a buffer of our own (the boxes live in `getterBoxes`), so calling
    /// one retains neither the array nor the closure.
    private let getters: UnsafeMutablePointer<Unmanaged<Getter>>
    private let getterBoxes: [Getter]
    /// The state's registry, unowned like the state.
    let handles: Unmanaged<HandleRegistry>
    /// Methods by number: method -(k + 1) is `methodNames[k]`.
    let methodNames: [String]
    let set: (AnyObject, String, LuaCall) throws -> Bool
    let fallback: ((AnyObject, String, LuaCall) throws -> Bool)?
    let method: (String) -> ((AnyObject, LuaCall) throws -> Int32)?
    let describe: (AnyObject) -> String
    let matches: (AnyObject) -> Bool
    let fieldDocs: [LuaFieldDoc]
    /// Registry reference of the class's metatable (identity check of handles); 0 until the
    /// first handle of the class is pushed (registration itself builds nothing in Lua).
    var metatableRef: Int32 = 0
    /// The state the class is registered in (it owns the class).
    unowned(unsafe) let state: LuaState

    init<Object: AnyObject>(_ cls: LuaClass<Object>, in state: LuaState) {
        self.state = state
        name = cls.name
        getterNames = AnyLuaClass.sorted(cls.getters.keys)
        methodNames = AnyLuaClass.sorted(cls.methods.keys)
        fieldNames = AnyLuaClass.sorted(getterNames + methodNames)
        setterNames = AnyLuaClass.sorted(cls.setters.keys)
        getterBoxes = getterNames.map { key in
            let getter = cls.getters[key]!
            let body: (UnsafeMutableRawPointer, LuaCall) throws -> Void = { raw, call in
                try Unmanaged<Object>.fromOpaque(raw)._withUnsafeGuaranteedRef { try getter($0, call) }
            }
            guard let reader = cls.numberReaders[key] else { return Getter(body) }
            let read = reader.read
            return Getter(body, integer: reader.integer) { raw in Unmanaged<Object>.fromOpaque(raw)._withUnsafeGuaranteedRef { read($0) } }
        }
        getters = .allocate(capacity: getterBoxes.count)
        getters.initialize(from: getterBoxes.map { Unmanaged.passUnretained($0) }, count: getterBoxes.count)
        handles = Unmanaged.passUnretained(state.handles)
        set = { object, key, call in
            guard let setter = cls.setters[key] else { return false }
            try setter(unsafeDowncast(object, to: Object.self), call)
            return true
        }
        fallback = cls.fallback.map { fallback in { object, key, call in try fallback(unsafeDowncast(object, to: Object.self), key, call) } }
        method = { key in
            guard let body = cls.methods[key] else { return nil }
            return { object, call in try body(unsafeDowncast(object, to: Object.self), call) }
        }
        describe = { cls.describe(unsafeDowncast($0, to: Object.self)) }
        matches = { $0 is Object }
        fieldDocs = cls.fieldDocs
    }

    deinit {
        getters.deallocate()
    }

    /// `names` in order. Copied into a `[String]` first: sorting a dictionary's keys of a type
    /// generic over `Object` ran the unspecialized sort, each comparison through Comparable's
    /// witness table (~1 M instructions a state; BENCHMARKS.md).
    private static func sorted(_ names: some Collection<String>) -> [String] {
        var copy: [String] = []
        copy.reserveCapacity(names.count)
        for name in names { copy.append(name) }
        copy.sort()
        return copy
    }

    /// One getter, taking the object's address (unretained).
    final class Getter {
        let body: (UnsafeMutableRawPointer, LuaCall) throws -> Void
        /// For number fields (`numberField`, `isNumber`): read and pushed without the body. Not
        /// optional, so that calling it borrows the closure instead of copying (retaining) it.
        let number: (UnsafeMutableRawPointer) -> Double?
        let isNumber: Bool
        let isInteger: Bool
        init(_ body: @escaping (UnsafeMutableRawPointer, LuaCall) throws -> Void, integer: Bool = false,
             number: ((UnsafeMutableRawPointer) -> Double?)? = nil) {
            self.body = body
            self.number = number ?? { _ in nil }
            isNumber = number != nil
            isInteger = integer
        }
    }

    /// `handle.key` for the handle at index 1 and the key at index 2, `member` being the key's
    /// number (or DETENT_MEMBER_UNKNOWN). Pushes one value and returns 1, or -1 after pushing
    /// an error message. While it runs, upvalue 1 is the class's member table.
    /// - Complexity: O(1) for a getter: an array access for the object, one for the getter.
    func index(_ L: OpaquePointer, member: Int32) -> Int32 {
        let call = LuaCall(L: L, state: state, functionName: "__index")
        do {
            if member >= 0 {
                guard let address = liveAddress(L) else { throw deadHandle(accessing: getterNames[Int(member)]) }
                try getters[Int(member)]._withUnsafeGuaranteedRef { try $0.body(address, call) }
                return 1
            }
            if Int(member) != DETENT_MEMBER_UNKNOWN {
                let methodName = methodNames[Int(-member) - 1]
                _ = try liveObject(call, member: { methodName })
                if call.state.hasMethodOverrides, call.state.pushMethodOverride(handleAt: 1, name: methodName, in: L) { return 1 }
                lua_rawgeti(L, detent_lua_upvalueindex(1), lua_Integer(member))
                return 1
            }
            let key = lua_type(L, 2) == LUA_TSTRING ? (LuaThreadView(L: L).string(at: 2) ?? "?") : "?"
            let object = try liveObject(call, member: { key })
            if let fallback, try fallback(object, key, call) { return 1 }
            throw LuaRaise(unknownMember(key, among: fieldNames))
        } catch {
            return call.fail(with: error)
        }
    }

    /// A number field of a live object, read into `value` with no Lua call made: how C is to
    /// push it, or `DETENT_NUMBER_NONE` for any other member or a dead handle, which `index`
    /// then handles. `block` is the handle's userdata block (nil for a value that is none).
    @inline(__always)
    func readNumber(block: UnsafeRawPointer?, member: Int32, into value: UnsafeMutablePointer<Double>) -> Int32 {
        getters[Int(member)]._withUnsafeGuaranteedRef { getter -> Int32 in
            // The flag first: any other member goes to `index` without a lookup here.
            guard getter.isNumber, let address = liveAddress(block: block) else { return Int32(DETENT_NUMBER_NONE.rawValue) }
            guard let number = getter.number(address) else { return Int32(DETENT_NUMBER_NIL.rawValue) }
            value.pointee = number
            return Int32(getter.isInteger ? DETENT_NUMBER_INTEGER.rawValue : DETENT_NUMBER_FLOAT.rawValue)
        }
    }

    /// The object behind the handle at index 1 of an `__index` call (a block of this class:
    /// only its metatable calls this), or the error for a handle whose object is gone.
    @inline(__always)
    private func liveObject(_ call: LuaCall, member: () -> String) throws -> AnyObject {
        guard let raw = lua_touserdata(call.L, 1),
              let object = call.state.handles.object(for: raw.load(as: HandleBlock.self).id) else {
            throw deadHandle(accessing: member())
        }
        return object
    }

    /// The unretained address of the live object behind the handle at index 1 of an
    /// `__index` call, or nil for a handle whose object is gone.
    @inline(__always)
    private func liveAddress(_ L: OpaquePointer) -> UnsafeMutableRawPointer? {
        liveAddress(block: lua_touserdata(L, 1))
    }

    /// The same from the handle's userdata block (nil for a value that is none).
    @inline(__always)
    private func liveAddress(block: UnsafeRawPointer?) -> UnsafeMutableRawPointer? {
        guard let block else { return nil }
        return handles._withUnsafeGuaranteedRef { $0.liveAddress(for: block.load(as: HandleBlock.self).id) }
    }

    /// The error for reading or assigning `key`, which is none of `members`: the nearest
    /// names first, then all of them.
    func unknownMember(_ key: String, among members: [String]) -> String {
        let hint = NameSuggestion.hint(key, among: members)
        return "\(name) has no field '\(key)' (\(hint)fields: \(members.joined(separator: ", ")))"
    }

    /// The error for assigning `key`: a field that is read-only, or none at all.
    func unassignable(_ key: String) -> String {
        if getterNames.contains(key) || methodNames.contains(key) {
            let settable = setterNames.isEmpty ? "none is" : "assignable: \(setterNames.joined(separator: ", "))"
            return "\(name).\(key) is read-only (\(settable))"
        }
        return unknownMember(key, among: AnyLuaClass.sorted(Set(fieldNames + setterNames)))
    }

    /// The error for a member read or called through a handle whose object is gone.
    func deadHandle(accessing member: String) -> LuaRaise {
        LuaRaise("\(name) handle used after its world was destroyed (accessing '\(member)')")
    }
}

/// The C-callable reader behind every class's read caches (see `detent_push_class_index`).
let classMemberRead: detent_member_read = { L, context, member in
    Unmanaged<AnyLuaClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.index(L!, member: member) }
}

/// The C-callable fast path of number fields (see `AnyLuaClass.readNumber`).
let classNumberRead: detent_number_read = { context, block, member, value in
    Unmanaged<AnyLuaClass>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.readNumber(block: block, member: member, into: value!) }
}

/// What one registered class offers scripts, by name: for tools that check a description
/// of the API against the bindings (the type definitions' drift test).
public struct LuaClassMembers: Equatable, Sendable {
    public var name: String
    public var getters: [String]
    public var setters: [String]
    public var methods: [String]
}

/// The userdata block behind a handle: `detent_handle` (CLuaShim.h), the object's id and
/// what its read cache keeps.
typealias HandleBlock = detent_handle

extension LuaState {
    /// Makes `cls` available; handles of it are pushed with `push(handle:className:)`. Cheap:
    /// the class's metatable is built when its first handle is pushed.
    /// - Precondition: no class of that name is registered in this state yet.
    public func register<Object: AnyObject>(class cls: LuaClass<Object>) {
        // Once per name: the class's metatable (made on its first handle) calls the class it
        // was made for, unretained — a second class of the same name would leave the first
        // one's handles calling a freed class.
        precondition(classes[cls.name] == nil, "class \(cls.name) is registered twice in one Lua state")
        classes[cls.name] = AnyLuaClass(cls, in: self)
    }

    /// Every registered class with its getters, setters and methods, sorted by name.
    public var registeredClasses: [LuaClassMembers] {
        classes.values.map { cls in
            LuaClassMembers(name: cls.name, getters: cls.getterNames, setters: cls.setterNames, methods: cls.methodNames)
        }.sorted { $0.name < $1.name }
    }

    /// Every registered class as the docs present it, sorted by name.
    public var documentedClasses: [LuaClassDocs] {
        classes.values.map { cls in
            let documented = Set(cls.fieldDocs.map(\.name))
            return LuaClassDocs(name: cls.name, fields: cls.fieldDocs,
                                undocumented: Set(cls.getterNames + cls.setterNames).subtracting(documented).sorted(),
                                methods: cls.methodNames)
        }.sorted { $0.name < $1.name }
    }

    private func metatableName(_ className: String) -> String { "detent.class." + className }

    /// Builds the metatable of `cls` (once): `__index` in C over a table numbering the
    /// members (see `AnyLuaClass`), whose negative numbers also hold the method functions.
    private func buildMetatable(for cls: AnyLuaClass) {
        luaL_newmetatable(L, metatableName(cls.name))
        let className = cls.name
        // Methods are shared closures that check `self` on each call.
        newTable()
        let methodSlot = lua_gettop(L)
        lua_createtable(L, Int32(cls.methodNames.count), Int32(cls.getterNames.count + cls.methodNames.count))
        let memberTable = lua_gettop(L)
        for (k, methodName) in cls.methodNames.enumerated() {
            guard let body = cls.method(methodName) else { continue }
            push(function: methodName) { call in
                var call = call
                call.selfOffset = 1
                let object = try call.state.liveObject(at: 1, in: call.L, cls: cls, call: call, member: { methodName })
                return try body(object, call)
            }
            lua_pushvalue(L, -1)
            lua_rawseti(L, memberTable, lua_Integer(-(k + 1)))
            lua_setfield(L, methodSlot, methodName)
            lua_pushinteger(L, lua_Integer(-(k + 1)))
            lua_setfield(L, memberTable, methodName)
        }
        for (k, getterName) in cls.getterNames.enumerated() {
            lua_pushinteger(L, lua_Integer(k))
            lua_setfield(L, memberTable, getterName)
        }
        detent_push_class_index(L, classMemberRead, classNumberRead, Unmanaged.passUnretained(cls).toOpaque())
        // Each handle gets a metatable of its own, whose __index is its read cache with the
        // reader behind it (handle_index.c, "Read caches").
        detent_finish_class_metatable(L, -3)
        let methodTable = ref()
        setFunction("__newindex") { call in
            let key = try call.string(2)
            let object = try call.state.liveObject(at: 1, in: call.L, cls: cls, call: call, member: { key })
            // A method replaced on this one object — what spy.on(handle, "method") and
            // stub do — and put back when the class's own function is assigned again.
            if cls.methodNames.contains(key), call.state.isCallable(at: 3, in: call.L) {
                methodTable.push(onto: call.L)
                lua_pushvalue(call.L, 2)
                lua_rawget(call.L, -2)
                let isOwn = lua_rawequal(call.L, -1, 3) != 0
                lua_settop(call.L, -3)
                call.state.setMethodOverride(handleAt: 1, name: key, valueAt: isOwn ? nil : 3, in: call.L)
                return 0
            }
            var assignment = call
            assignment.assignedProperty = "\(className).\(key)"
            if try cls.set(object, key, assignment) { return 0 }
            throw LuaRaise(cls.unassignable(key))
        }
        setFunction("__tostring") { call in
            guard let block = call.state.handleBlock(at: 1, in: call.L, className: className) else { return 0 }
            if let object = call.state.handles.object(for: block.id), let cls = call.state.classes[className] {
                call.push(cls.describe(object))
            } else {
                call.push("\(className) (destroyed)")
            }
            return 1
        }
        setFunction("__eq") { call in
            let a = call.state.handleBlock(at: 1, in: call.L, className: className)
            let b = call.state.handleBlock(at: 2, in: call.L, className: className)
            call.push(a != nil && a?.id == b?.id)
            return 1
        }
        push(className)
        rawSet(field: "__name", inTableAt: -2)
        push(false)
        rawSet(field: "__metatable", inTableAt: -2)
        lua_pushvalue(L, -1)
        cls.metatableRef = luaL_ref(L, detent_lua_registryindex())
        pop()
    }

    private static let overridesKey = "detent.method_overrides"

    /// Pushes the function that replaced method `name` on the handle at `index`, if one did.
    func pushMethodOverride(handleAt index: Int32, name: String, in L: OpaquePointer) -> Bool {
        guard let raw = lua_touserdata(L, index) else { return false }
        let id = raw.load(as: HandleBlock.self).id
        guard lua_getfield(L, detent_lua_registryindex(), LuaState.overridesKey) == LUA_TTABLE else {
            lua_settop(L, -2)
            return false
        }
        guard lua_rawgeti(L, -1, lua_Integer(id)) == LUA_TTABLE else {
            lua_settop(L, -3)
            return false
        }
        if lua_getfield(L, -1, name) == LUA_TNIL {
            lua_settop(L, -4)
            return false
        }
        detent_lua_replace(L, -3)
        lua_settop(L, -2)
        return true
    }

    /// Replaces method `name` of the handle at `index` with the value at `valueIndex`, or
    /// removes the replacement (nil).
    func setMethodOverride(handleAt index: Int32, name: String, valueAt valueIndex: Int32?, in L: OpaquePointer) {
        guard let raw = lua_touserdata(L, index) else { return }
        let id = raw.load(as: HandleBlock.self).id
        if lua_getfield(L, detent_lua_registryindex(), LuaState.overridesKey) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_createtable(L, 0, 0)
            lua_pushvalue(L, -1)
            lua_setfield(L, detent_lua_registryindex(), LuaState.overridesKey)
        }
        if lua_rawgeti(L, -1, lua_Integer(id)) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_createtable(L, 0, 1)
            lua_pushvalue(L, -1)
            lua_rawseti(L, -3, lua_Integer(id))
        }
        if let valueIndex { lua_pushvalue(L, valueIndex) } else { lua_pushnil(L) }
        lua_setfield(L, -2, name)
        lua_settop(L, -3)
        if valueIndex != nil { hasMethodOverrides = true }
    }

    /// Forgets every replaced method (between tests: their handles are dead).
    public func clearMethodOverrides() {
        guard hasMethodOverrides else { return }
        lua_pushnil(L)
        lua_setfield(L, detent_lua_registryindex(), LuaState.overridesKey)
        hasMethodOverrides = false
    }

    /// A function, or a table or userdata whose metatable has __call (a spy).
    func isCallable(at index: Int32, in L: OpaquePointer) -> Bool {
        switch lua_type(L, index) {
        case LUA_TFUNCTION: return true
        case LUA_TTABLE, LUA_TUSERDATA:
            guard luaL_getmetafield(L, index, "__call") != LUA_TNIL else { return false }
            lua_settop(L, -2)
            return true
        default: return false
        }
    }

    func handleBlock(at index: Int32, in L: OpaquePointer, className: String) -> HandleBlock? {
        guard let cls = classes[className], cls.metatableRef != 0,
              let raw = detent_handle_block(L, index, cls.metatableRef) else { return nil }
        return raw.load(as: HandleBlock.self)
    }

    /// The object behind the handle at `index`, checking the handle's class by metatable
    /// identity (no string lookups) and that the object still exists.
    func liveObject(at index: Int32, in L: OpaquePointer, cls: AnyLuaClass, call: LuaCall, member: () -> String) throws -> AnyObject {
        guard let raw = detent_handle_block(L, index, cls.metatableRef) else {
            throw LuaRaise("calling '\(member())' on bad self (\(cls.name) expected, got \(call.typeName(at: index)))")
        }
        guard let object = handles.object(for: raw.load(as: HandleBlock.self).id) else {
            throw cls.deadHandle(accessing: member())
        }
        return object
    }

    func handleObject<Object: AnyObject>(at index: Int32, in L: OpaquePointer, expected: Object.Type, call: LuaCall) throws -> Object {
        // The handle's class by its metatable's name (then checked by identity).
        if lua_type(L, index) == LUA_TUSERDATA, luaL_getmetafield(L, index, "__name") != LUA_TNIL {
            let name = lua_type(L, -1) == LUA_TSTRING ? String(cString: lua_tolstring(L, -1, nil)) : ""
            lua_settop(L, -2)
            if let cls = classes[name], let block = handleBlock(at: index, in: L, className: name) {
                guard let object = handles.object(for: block.id) else {
                    throw LuaRaise("\(name) handle used after its world was destroyed")
                }
                if cls.matches(object), let typed = object as? Object { return typed }
            }
        }
        throw call.badArgument(index, String(describing: Object.self).lowercased())
    }

    /// The class name, field names and method names (each sorted) of the handle at `index` of
    /// `thread` (default: the main thread), or nil for a value that is not a live handle: the
    /// console completes and prints engine objects from these, so a new property completes
    /// without a list to keep in sync.
    public func handleMembers(at index: Int32, in thread: OpaquePointer? = nil) -> (className: String, fields: [String], methods: [String])? {
        let T = thread ?? L
        let index = lua_absindex(T, index)
        guard lua_type(T, index) == LUA_TUSERDATA, luaL_getmetafield(T, index, "__name") != LUA_TNIL else { return nil }
        let name = LuaThreadView(L: T).string(at: -1)
        lua_settop(T, -2)
        guard let name, let cls = classes[name], let block = handleBlock(at: index, in: T, className: name),
              handles.object(for: block.id) != nil else { return nil }
        return (name, cls.getterNames, cls.methodNames)
    }

    /// Pushes a handle for `object` of registered class `className` (building the class's
    /// metatable at its first handle).
    public func pushHandle(_ object: AnyObject, className: String, onto thread: OpaquePointer? = nil) {
        let T = thread ?? L
        guard let cls = classes[className] else { preconditionFailure("no class '\(className)' is registered") }
        if cls.metatableRef == 0 { buildMetatable(for: cls) }
        let id = handles.id(for: object)
        // One userdata per live object and class: pushing it again gives the same handle
        // (and so the same read cache).
        var isNew: Int32 = 0
        let raw = detent_push_handle(T, cls.metatableRef, id, MemoryLayout<detent_handle>.size, &isNew)!
        if isNew != 0 { raw.storeBytes(of: detent_handle(id: id, epoch: 0, read_once: 0), as: detent_handle.self) }
    }

    /// Kills every handle to `object`: scripts that still hold one get a clear error.
    public func invalidateHandles(to object: AnyObject) {
        handles.invalidate(object)
    }

    /// Forgets registrations whose objects are gone (between tests), so a long spec file
    /// does not accumulate one entry per handle it ever handed out.
    public func forgetDeadHandles() {
        handles.compact()
    }

    /// Handle registrations kept, live or not yet forgotten (for leak tests).
    public var handleRegistrations: Int { handles.count }
}
