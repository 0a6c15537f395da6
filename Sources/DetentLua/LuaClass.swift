import CLua
#if canImport(Glibc)
import Glibc
#endif
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

    public init(name: String) {
        self.name = name
        self.describe = { _ in name }
    }
}

/// The type-erased form the state keeps per class name.
final class AnyLuaClass {
    enum Member {
        case method(name: String)
        case getter((AnyObject, LuaCall) throws -> Void)
    }

    let name: String
    let fieldNames: [String]
    let setterNames: [String]
    let members: [String: Member]
    let set: (AnyObject, String, LuaCall) throws -> Bool
    let fallback: ((AnyObject, String, LuaCall) throws -> Bool)?
    let method: (String) -> ((AnyObject, LuaCall) throws -> Int32)?
    let describe: (AnyObject) -> String
    let matches: (AnyObject) -> Bool
    /// Registry reference of the class's metatable (identity check of handles).
    var metatableRef: Int32 = 0
    /// Member lookups keyed by the address of Lua's interned key string, so that repeated
    /// reads of `obj.name` skip building and hashing a Swift String. The key's bytes are
    /// kept and compared, so a reused address can never return the wrong member.
    private var cache: [UnsafeRawPointer: (bytes: [UInt8], member: Member?)] = [:]

    init<Object: AnyObject>(_ cls: LuaClass<Object>) {
        name = cls.name
        fieldNames = (Array(cls.getters.keys) + Array(cls.methods.keys)).sorted()
        setterNames = cls.setters.keys.sorted()
        var members: [String: Member] = [:]
        for (key, getter) in cls.getters {
            members[key] = .getter { object, call in try getter(unsafeDowncast(object, to: Object.self), call) }
        }
        for key in cls.methods.keys { members[key] = .method(name: key) }
        self.members = members
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
    }

    /// The member named by the string at `index` (nil: no such member), and the key text.
    func member(keyAt index: Int32, in L: OpaquePointer) -> (member: Member?, key: () -> String) {
        var length = 0
        guard lua_type(L, index) == LUA_TSTRING, let chars = detent_lua_tostring(L, index, &length) else {
            return (nil, { "?" })
        }
        let address = UnsafeRawPointer(chars)
        let bytes = UnsafeRawBufferPointer(start: address, count: length)
        let key = { String(decoding: bytes, as: UTF8.self) }
        if let hit = cache[address], hit.bytes.count == length,
           hit.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, chars, length) == 0 }) {
            return (hit.member, key)
        }
        let text = key()
        let member = members[text]
        if cache.count > 4096 { cache.removeAll() }
        cache[address] = (Array(bytes), member)
        return (member, { text })
    }
}

/// What one registered class offers scripts, by name: for tools that check a description
/// of the API against the bindings (the type definitions' drift test).
public struct LuaClassMembers: Equatable, Sendable {
    public var name: String
    public var getters: [String]
    public var setters: [String]
    public var methods: [String]
}

/// The userdata block behind a handle.
struct HandleBlock {
    var id: Int64
}

extension LuaState {
    /// Makes `cls` available; handles of it are pushed with `push(handle:className:)`.
    public func register<Object: AnyObject>(class cls: LuaClass<Object>) {
        let erased = AnyLuaClass(cls)
        classes[cls.name] = erased
        buildMetatable(for: erased)
    }

    /// Every registered class with its getters, setters and methods, sorted by name.
    public var registeredClasses: [LuaClassMembers] {
        classes.values.map { cls in
            var getters: [String] = [], methods: [String] = []
            for (key, member) in cls.members {
                if case .method = member { methods.append(key) } else { getters.append(key) }
            }
            return LuaClassMembers(name: cls.name, getters: getters.sorted(), setters: cls.setterNames, methods: methods.sorted())
        }.sorted { $0.name < $1.name }
    }

    private func metatableName(_ className: String) -> String { "detent.class." + className }

    private func buildMetatable(for cls: AnyLuaClass) {
        luaL_newmetatable(L, metatableName(cls.name))
        let className = cls.name
        // Methods are shared closures that check `self` on each call.
        newTable()
        let methodNames = cls.members.compactMap { key, member -> String? in
            if case .method = member { return key } else { return nil }
        }
        for methodName in methodNames.sorted() {
            guard let body = cls.method(methodName) else { continue }
            setFunction(methodName) { call in
                var call = call
                call.selfOffset = 1
                let object = try call.state.liveObject(at: 1, in: call.L, cls: cls, call: call, member: { methodName })
                return try body(object, call)
            }
        }
        let methodTable = ref()
        // The closures hold the class itself (not the state), so no lookup by name per access.
        setFunction("__index") { call in
            let (member, key) = cls.member(keyAt: 2, in: call.L)
            let object = try call.state.liveObject(at: 1, in: call.L, cls: cls, call: call, member: key)
            switch member {
            case let .method(name):
                if call.state.hasMethodOverrides, call.state.pushMethodOverride(handleAt: 1, name: name, in: call.L) { return 1 }
                methodTable.push(onto: call.L)
                call.push(name)
                lua_rawget(call.L, -2)
                return 1
            case let .getter(getter):
                try getter(object, call)
                return 1
            case nil:
                let text = key()
                if let fallback = cls.fallback, try fallback(object, text, call) { return 1 }
                throw LuaRaise("\(className) has no field '\(text)' (fields: \(cls.fieldNames.joined(separator: ", ")))")
            }
        }
        setFunction("__newindex") { call in
            let key = try call.string(2)
            let object = try call.state.liveObject(at: 1, in: call.L, cls: cls, call: call, member: { key })
            // A method replaced on this one object — what spy.on(handle, "method") and
            // stub do — and put back when the class's own function is assigned again.
            if case .method? = cls.member(keyAt: 2, in: call.L).member, call.state.isCallable(at: 3, in: call.L) {
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
            throw LuaRaise("\(className).\(key) cannot be assigned")
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
        guard let raw = luaL_testudata(L, index, metatableName(className)) else { return nil }
        return raw.load(as: HandleBlock.self)
    }

    /// The object behind the handle at `index`, checking the handle's class by metatable
    /// identity (no string lookups) and that the object still exists.
    func liveObject(at index: Int32, in L: OpaquePointer, cls: AnyLuaClass, call: LuaCall, member: () -> String) throws -> AnyObject {
        guard let raw = lua_touserdata(L, index), lua_getmetatable(L, index) != 0 else {
            throw LuaRaise("calling '\(member())' on bad self (\(cls.name) expected, got \(call.typeName(at: index)))")
        }
        lua_rawgeti(L, detent_lua_registryindex(), lua_Integer(cls.metatableRef))
        let sameClass = lua_rawequal(L, -1, -2) != 0
        lua_settop(L, -3)
        guard sameClass else {
            throw LuaRaise("calling '\(member())' on bad self (\(cls.name) expected, got \(call.typeName(at: index)))")
        }
        guard let object = handles.object(for: raw.load(as: HandleBlock.self).id) else {
            throw LuaRaise("\(cls.name) handle used after its world was destroyed (accessing '\(member())')")
        }
        return object
    }

    func handleObject<Object: AnyObject>(at index: Int32, in L: OpaquePointer, expected: Object.Type, call: LuaCall) throws -> Object {
        for (name, cls) in classes.sorted(by: { $0.key < $1.key }) {
            guard let block = handleBlock(at: index, in: L, className: name) else { continue }
            guard let object = handles.object(for: block.id) else {
                throw LuaRaise("\(name) handle used after its world was destroyed")
            }
            if cls.matches(object), let typed = object as? Object { return typed }
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
        var fields: [String] = [], methods: [String] = []
        for key in cls.fieldNames {
            if case .method? = cls.members[key] { methods.append(key) } else { fields.append(key) }
        }
        return (name, fields, methods)
    }

    /// Pushes a handle for `object` of registered class `className`.
    public func pushHandle(_ object: AnyObject, className: String, onto thread: OpaquePointer? = nil) {
        let T = thread ?? L
        let id = handles.id(for: object, className: className)
        let raw = detent_lua_newuserdata(T, MemoryLayout<HandleBlock>.size)!
        raw.storeBytes(of: HandleBlock(id: id), as: HandleBlock.self)
        luaL_setmetatable(T, metatableName(className))
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
