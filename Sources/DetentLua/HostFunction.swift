import CLua
import CLuaShim

/// A Swift closure callable from Lua, kept alive by the Lua closure that wraps it and
/// released by that closure's `__gc` (or by `lua_close`).
final class HostFunctionBox {
    let name: String
    let body: (LuaCall) throws -> Int32
    init(name: String, body: @escaping (LuaCall) throws -> Int32) {
        self.name = name
        self.body = body
    }
}

/// The C-callable entry point of every host function. Never raises: on error it pushes the
/// message and returns -1, and the C trampoline raises.
let hostInvoke: detent_host_invoke = { L, context in
    let box = Unmanaged<HostFunctionBox>.fromOpaque(context!).takeUnretainedValue()
    let state = LuaState.owner(of: L!)
    let call = LuaCall(L: L!, state: state, functionName: box.name)
    do {
        return try box.body(call)
    } catch let raise as LuaRaise {
        if raise.withLocation {
            detent_push_script_where(L, 1)
            let location = LuaThreadView(L: L!).string(at: -1) ?? ""
            lua_settop(L, -2)
            call.push(location + raise.message)
        } else {
            call.push(raise.message)
        }
        return -1
    } catch let error as LuaError {
        call.push(error.message)
        return -1
    } catch {
        detent_push_script_where(L, 1)
        let location = LuaThreadView(L: L!).string(at: -1) ?? ""
        lua_settop(L, -2)
        call.push(location + String(describing: error))
        return -1
    }
}

let hostRelease: detent_host_release = { context in
    Unmanaged<HostFunctionBox>.fromOpaque(context!).release()
}
