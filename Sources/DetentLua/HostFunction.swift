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
    // Guaranteed references: the closure keeps the box alive and the state outlives every
    // call, so neither is retained per call.
    Unmanaged<HostFunctionBox>.fromOpaque(context!)._withUnsafeGuaranteedRef { box in
        LuaState.owner(of: L!)._withUnsafeGuaranteedRef { state in
            let call = LuaCall(L: L!, state: state, functionName: box.name)
            do {
                return try box.body(call)
            } catch {
                return call.fail(with: error)
            }
        }
    }
}

extension LuaCall {
    /// Pushes the message of `error` — at the script's line for a `LuaRaise` that asks for
    /// it or an error Lua did not raise — and returns -1, the status on which C raises it.
    func fail(with error: Error) -> Int32 {
        switch error {
        case let raise as LuaRaise where !raise.withLocation:
            push(raise.message)
        case let raise as LuaRaise:
            pushLocated(raise.message)
        case let error as LuaError:
            push(error.message)
        default:
            pushLocated(String(describing: error))
        }
        return -1
    }

    private func pushLocated(_ message: String) {
        pushScriptLocation()
        let location = LuaThreadView(L: L).string(at: -1) ?? ""
        lua_settop(L, -2)
        push(location + message)
    }
}

let hostRelease: detent_host_release = { context in
    Unmanaged<HostFunctionBox>.fromOpaque(context!).release()
}
