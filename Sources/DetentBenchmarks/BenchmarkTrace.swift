import DetentRuntime
import DetentWorld

extension Benchmarks {
    /// What the tick workloads trace when asked: two properties per frame, recorded by the
    /// world's `TraceRecorder` in phase 6, as a spec's `trace{...}` records them.
    struct TraceLoad {
        let recorder: TraceRecorder?

        /// Starts recording `names` in `world` when `traced`; nothing otherwise.
        init(_ names: [String], in world: World, traced: Bool) {
            guard traced else { recorder = nil; return }
            let recorder = TraceRecorder(names: names)
            world.addTrace(recorder)
            self.recorder = recorder
        }

        /// Checks that every frame was sampled and that each traced name was a property
        /// (an unknown name records nil, which would measure nothing).
        func verify(frames: Int) {
            guard let recorder else { return }
            precondition(recorder.frames.count == frames, "the trace missed frames")
            for name in recorder.names {
                precondition(recorder.series(name)?.values.last.flatMap { $0 } != nil, "'\(name)' is not a property of the benchmark's world")
            }
        }

        /// The figure's name, with how many of `names` were traced when `traced`.
        static func label(_ name: String, tracing names: [String], traced: Bool) -> String {
            traced ? name + ", tracing \(names.count) propert\(names.count == 1 ? "y" : "ies")" : name
        }
    }
}
