import DetentLua
import DetentMotion
import DetentWorld

/// `animator` handles returned by `world:animate` and `world:spring`.
enum AnimatorBinding {
    static let className = "animator"

    static func make() -> LuaClass<AnimatorEngine.Slot> {
        let cls = LuaClass<AnimatorEngine.Slot>(name: className)
        cls.describe = { "animator \($0.name) (\($0.state.rawValue), value \($0.value))" }
        cls.field("name", "string", "") { slot, call in call.push(slot.name) }
        cls.numberField("value", "number", "Current value (the unit of from/to; usually points).") { slot in slot.value }
        cls.numberField("velocity", "number", "Current velocity, units per second (pt/s).") { slot in slot.velocity }
        cls.numberField("target", "number", "The value it animates towards.") { slot in slot.target }
        cls.field("state", "\"running\"|\"finished\"|\"stopped\"", "") { slot, call in call.push(slot.state.rawValue) }
        cls.field("finished", "boolean", "") { slot, call in call.push(slot.state == .finished) }
        cls.field("running", "boolean", "") { slot, call in call.push(slot.state == .running) }
        cls.field("spring", "detent.Spring?", "A spring's constants in every form (as `detent.motion.spring{}` gives them); nil for a timing animation.") { slot, call in
            guard let parameters = slot.springParameters else { call.pushNil(); return }
            SpringBinding.push(parameters, onto: call)
        }
        cls.methods = [
            // Stops where it is and returns the velocity at the stop (pt/s).
            "stop": { slot, call in
                let world = try ScriptHost.of(call).requireWorld()
                call.push(world.animators.stop(slot, in: world))
                return 1
            },
            // Moves a spring's target, keeping position and velocity continuous.
            "retarget": { slot, call in
                let target = try call.number(2, "target", .animatedValue)
                let world = try ScriptHost.of(call).requireWorld()
                guard world.animators.retarget(slot, to: target, in: world) else {
                    throw LuaRaise("retarget: only spring animators can be retargeted (\(slot.name) is a timing animation)")
                }
                return 0
            },
        ]
        return cls
    }
}
