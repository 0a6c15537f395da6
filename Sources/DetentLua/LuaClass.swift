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

    public init(name: String) {
        self.name = name
        self.describe = { _ in name }
    }
}

/// The type-erased form the state keeps per class name.
struct AnyLuaClass {
    let name: String
    let fieldNames: [String]
    let get: (AnyObject, String, LuaCall) throws -> Bool      // false: no such field
    let set: (AnyObject, String, LuaCall) throws -> Bool
    let methodNames: Set<String>
    let method: (String) -> ((AnyObject, LuaCall) throws -> Int32)?
    let describe: (AnyObject) -> String
    let matches: (AnyObject) -> Bool
}

/// The userdata block behind a handle.
struct HandleBlock {
    var id: Int64
}

extension LuaState {
    /// Makes `cls` available; handles of it are pushed with `push(handle:className:)`.
    public func register<Object: AnyObject>(class cls: LuaClass<Object>) {
        let erased = AnyLuaClass(
            name: cls.name,
            fieldNames: (Array(cls.getters.keys) + Array(cls.methods.keys)).sorted(),
            get: { object, key, call in
                if let getter = cls.getters[key] {
                    try getter(object as! Object, call)
                    return true
                }
                return try cls.fallback?(object as! Object, key, call) ?? false
            },
            set: { object, key, call in
                guard let setter = cls.setters[key] else { return false }
                try setter(object as! Object, call)
                return true
            },
            methodNames: Set(cls.methods.keys),
            method: { key in
                guard let body = cls.methods[key] else { return nil }
                return { object, call in try body(object as! Object, call) }
            },
            describe: { cls.describe($0 as! Object) },
            matches: { $0 is Object }
        )
        classes[cls.name] = erased
        buildMetatable(for: erased)
    }

    private func metatableName(_ className: String) -> String { "detent.class." + className }

    private func buildMetatable(for cls: AnyLuaClass) {
        luaL_newmetatable(L, metatableName(cls.name))
        let className = cls.name
        // Methods are shared closures that check `self` on each call.
        newTable()
        for methodName in cls.methodNames.sorted() {
            setFunction(methodName) { call in
                var call = call
                call.selfOffset = 1
                let object = try call.state.liveObject(at: 1, in: call.L, className: className, call: call, member: methodName)
                guard let body = call.state.classes[className]?.method(methodName) else { return 0 }
                return try body(object, call)
            }
        }
        let methodTable = ref()
        setFunction("__index") { call in
            let key = try call.string(2)
            let object = try call.state.liveObject(at: 1, in: call.L, className: className, call: call, member: key)
            guard let cls = call.state.classes[className] else { return 0 }
            if cls.methodNames.contains(key) {
                methodTable.push(onto: call.L)
                call.push(key)
                lua_rawget(call.L, -2)
                return 1
            }
            if try cls.get(object, key, call) { return 1 }
            throw LuaRaise("\(className) has no field '\(key)' (fields: \(cls.fieldNames.joined(separator: ", ")))")
        }
        setFunction("__newindex") { call in
            let key = try call.string(2)
            let object = try call.state.liveObject(at: 1, in: call.L, className: className, call: call, member: key)
            guard let cls = call.state.classes[className] else { return 0 }
            if try cls.set(object, key, call) { return 0 }
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
        pop()
    }

    func handleBlock(at index: Int32, in L: OpaquePointer, className: String) -> HandleBlock? {
        guard let raw = luaL_testudata(L, index, metatableName(className)) else { return nil }
        return raw.load(as: HandleBlock.self)
    }

    func liveObject(at index: Int32, in L: OpaquePointer, className: String, call: LuaCall, member: String) throws -> AnyObject {
        guard let block = handleBlock(at: index, in: L, className: className) else {
            throw LuaRaise("calling '\(member)' on bad self (\(className) expected, got \(call.typeName(at: index)))")
        }
        guard let object = handles.object(for: block.id) else {
            throw LuaRaise("\(className) handle used after its world was destroyed (accessing '\(member)')")
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

    /// Number of live handle registrations (for leak tests).
    public var liveHandleCount: Int {
        handles.compact()
        return handles.count
    }
}
