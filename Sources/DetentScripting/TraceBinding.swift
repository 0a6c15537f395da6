import DetentLua
import DetentTime
import DetentWorld

/// `trace{...}` recorders and the series they hand to `assert.series` (SPEC §9).
enum TraceBinding {
    static let className = "trace"

    static func make() -> LuaClass<TraceRecorder> {
        let cls = LuaClass<TraceRecorder>(name: className)
        cls.describe = { "trace of \($0.names.joined(separator: ", ")) (\($0.frames.count) samples)" }
        cls.field("names", "string[]", "The traced property names.") { trace, call in call.push(.array(trace.names.map { .string($0) })) }
        cls.numberField("count", "integer", "Frames recorded so far.") { trace in Double(trace.frames.count) }
        cls.methods = [
            "series": { trace, call in
                let name = try call.string(2)
                guard try pushSeries(trace, name: name, call: call) else { throw noSeries(trace, name) }
                return 1
            },
            "stop": { trace, call in trace.stop(); return 0 },
        ]
        // `tr["drawer.origin"]` reads a series too; a dotted name that is not traced is a
        // misspelt series, named as such.
        cls.fallback = { trace, key, call in
            if try pushSeries(trace, name: key, call: call) { return true }
            guard key.contains(".") else { return false }
            throw noSeries(trace, key)
        }
        return cls
    }

    static func noSeries(_ trace: TraceRecorder, _ name: String) -> LuaRaise {
        let hint = NameSuggestion.hint(name, among: trace.names)
        return LuaRaise("trace has no series '\(name)' (\(hint)traced: \(trace.names.joined(separator: ", ")))")
    }

    /// Pushes `{ name=, times={...}, frames={...}, values={...}, rests= }`; false if not traced.
    /// Frames where the property did not exist are left out of all three arrays, so the
    /// arrays stay dense and aligned. `rests` is true when the world is at rest at the last
    /// sample (nothing busy, the value unchanged over the last frame, the trace still
    /// recording): the value stays as it is until something moves it, which is what lets
    /// `settles_within` judge a trace read right after `wait_idle()`.
    static func pushSeries(_ trace: TraceRecorder, name: String, call: LuaCall) throws -> Bool {
        guard let series = trace.series(name) else { return false }
        let world = ScriptHost.of(call).world
        let count = series.values.count
        let rests = world.map { world in
            trace.isRecording && !world.isBusy && series.frames.last == world.frame && count >= 2
                && series.values[count - 1] != nil && series.values[count - 1] == series.values[count - 2]
        } ?? false
        var times: [LuaValue] = [], frames: [LuaValue] = [], values: [LuaValue] = []
        for (k, value) in series.values.enumerated() {
            guard let value else { continue }
            times.append(.number(VirtualTime.seconds(series.times[k])))
            frames.append(.integer(series.frames[k]))
            values.append(.number(value))
        }
        call.push(.record([("name", .string(name)), ("times", .array(times)), ("frames", .array(frames)), ("values", .array(values)),
                           ("rests", .boolean(rests))]))
        return true
    }

    /// `trace{"a", "b"}`: starts recording the named properties of `world` every frame.
    static func start(world: World, namesAt index: Int32, call: LuaCall) throws -> Int32 {
        let names = try call.table(index).stringArray()
        guard !names.isEmpty else { throw LuaRaise("trace expects a list of property names like {\"drawer.origin\"}") }
        try ScriptHost.of(call).checkPropertyNames(names, in: world, verb: "trace")
        let recorder = TraceRecorder(names: names)
        world.addTrace(recorder)
        ScriptHost.of(call).retain(recorder)
        call.push(handle: recorder, className: className)
        return 1
    }
}
