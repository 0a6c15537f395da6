import Foundation
import DetentLua
import DetentMotion
import DetentScripting
import DetentTime
import DetentWorld

/// The workloads of BENCHMARKS.md. Run them with `swift run -c release detent bench`.
public enum Benchmarks {
    /// Ticks per second with `count` timing animators running (none finishes during the run);
    /// `traced`: the first animator's value and the last one's velocity recorded every frame.
    public static func tickThroughput(animators count: Int, device: DeviceProfile, traced: Bool = false, ticks: Int = 200_000) -> BenchmarkFigure {
        let m = BenchmarkClock.perOperation(operations: ticks) {
            let world = World(configuration: WorldConfiguration(device: device))
            for i in 0..<count {
                world.animators.animate(name: "a\(i)", from: 0, to: 1000, duration: 1e9, curve: .sheet, in: world)
            }
            let trace = TraceLoad(["a0.value", "a\(count - 1).velocity"], in: world, traced: traced)
            for _ in 0..<ticks { world.step() }
            precondition(world.isBusy)
            trace.verify(frames: ticks)
        }
        return BenchmarkFigure(name: TraceLoad.label("ticks/s, \(count) running animator\(count == 1 ? "" : "s")", traced: traced), value: 1 / m.median, unit: "ticks/s",
                               spread: "\(formatNumber(1 / m.max))–\(formatNumber(1 / m.min))")
    }

    /// One `wait(60)` in an idle world, through the scenario run loop (fast-forward).
    public static func idleMinute(configuration: DetentConfiguration) throws -> BenchmarkFigure {
        let device = try configuration.device(named: configuration.run.defaultDevice)
        let host = try ScriptHost(limits: ScriptLimits(instructionBudget: 0, memoryCapBytes: 0), scriptsRoot: nil,
                                  output: { _ in }, worldFactory: { _ in WorldSetup(world: World(configuration: WorldConfiguration(device: device))) })
        let loop = VirtualRunLoop(scheduler: TaskScheduler(host: host, defaultTimeout: 10_000_000_000), maxTestTime: 3_600_000_000_000)
        let m = try BenchmarkClock.perOperation(samples: 9, operations: 100) {
            for _ in 0..<100 {
                let world = World(configuration: WorldConfiguration(device: device))
                host.setWorld(world)
                try host.lua.load("wait(60)", chunkName: "=(bench)")
                let thread = LuaThread(state: host.lua)
                let finished = loop.run(thread, argumentCount: 0, testStart: 0) { ending -> Bool in
                    if case .finished = ending { return true } else { return false }
                }
                guard finished, world.frame == 3600 else {
                    fatalError("idle benchmark did not wait 60 s")
                }
            }
        }
        return BenchmarkFigure(name: "60 virtual seconds idle (wait(60))", value: m.median * 1e6, unit: "µs",
                               spread: "\(formatNumber(m.min * 1e6))–\(formatNumber(m.max * 1e6))")
    }

    /// Cost of a fresh Lua state with Detent's prelude (one per run worker; the spec files a
    /// worker runs reuse it, put back to pristine, see `pristineRestore`).
    public static func freshState() throws -> BenchmarkFigure {
        let m = try BenchmarkClock.perOperation(operations: 200) {
            for _ in 0..<200 {
                _ = try ScriptHost(limits: ScriptLimits(instructionBudget: 0, memoryCapBytes: 0), scriptsRoot: nil,
                                   output: { _ in }, worldFactory: { _ in throw LuaRaise("no worlds in this benchmark") })
            }
        }
        return BenchmarkFigure(name: "fresh Lua state + prelude (per run worker)", value: m.median * 1e6, unit: "µs",
                               spread: "\(formatNumber(m.min * 1e6))–\(formatNumber(m.max * 1e6))")
    }

    /// Per-test overhead: a fresh world, a coroutine, hooks and bookkeeping for an empty `it`,
    /// measured through the real runner on a file of 1,000 empty tests.
    public static func perTest(configuration: DetentConfiguration, scratch: URL) throws -> BenchmarkFigure {
        let file = scratch.appendingPathComponent("empty_tests_spec.lua")
        var text = "describe(\"overhead\", function()\n"
        for i in 1...1000 { text += "  it(\"empty \(i)\", function() end)\n" }
        text += "end)\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.paths = [file.path]
        let m = try BenchmarkClock.perOperation(operations: 1000) {
            let runner = try SpecRunner(configuration: configuration, options: options, reporter: SilentReporter(), scriptsRoot: nil)
            let summary = try runner.run()
            precondition(summary.passed == 1000)
        }
        return BenchmarkFigure(name: "per-test overhead (fresh world + coroutine, empty it)", value: m.median * 1e6, unit: "µs",
                               spread: "\(formatNumber(m.min * 1e6))–\(formatNumber(m.max * 1e6))",
                               note: "includes the file's state and prelude amortised over 1,000 tests")
    }

    /// Lua → Swift: a host-function call and handle property reads (`world.frame`, and
    /// `drawer.origin` of a drawer made in the bench world), against a plain Lua table read,
    /// each per operation with the empty loop's cost subtracted. Issue 16 asks a property
    /// read to cost at most 5× the table read; the notes print the ratio.
    public static func bridgeCosts(configuration: DetentConfiguration) throws -> [BenchmarkFigure] {
        let device = try configuration.device(named: configuration.run.defaultDevice)
        let host = try ScriptHost(limits: ScriptLimits(instructionBudget: 0, memoryCapBytes: 0), scriptsRoot: nil,
                                  output: { _ in }, worldFactory: { _ in WorldSetup(world: World(configuration: WorldConfiguration(device: device))) })
        host.setWorld(World(configuration: WorldConfiguration(device: device)))
        host.lua.register("bench_noop") { _ in 0 }
        try host.lua.run("bench_drawer = world:drawer{ anchors = { \"top\", \"middle\", \"bottom\" } }", chunkName: "=(bench)")
        let n = 2_000_000
        func timeLoop(_ body: String) throws -> Double {
            try host.lua.run("""
                local n, t, world, drawer, noop = \(n), { frame = 1, origin = 1 }, world, bench_drawer, bench_noop
                local v
                bench_loop = function()
                  for i = 1, n do \(body) end
                end
                """, chunkName: "=(bench)")
            host.lua.getGlobal("bench_loop")
            let loop = host.lua.ref()
            return try BenchmarkClock.perOperation(operations: n) { try host.lua.call(loop) }.median
        }
        let empty = try timeLoop("")
        let table = try timeLoop("v = t.origin") - empty
        let frame = try timeLoop("v = world.frame") - empty
        let origin = try timeLoop("v = drawer.origin") - empty
        let call = try timeLoop("noop()") - empty
        return [
            BenchmarkFigure(name: "Lua table field read (t.origin)", value: table * 1e9, unit: "ns", spread: ""),
            BenchmarkFigure(name: "handle property read (world.frame)", value: frame * 1e9, unit: "ns", spread: "",
                            note: String(format: "%.1f× the table read", frame / table)),
            BenchmarkFigure(name: "engine property read (drawer.origin)", value: origin * 1e9, unit: "ns", spread: "",
                            note: String(format: "%.1f× the table read (issue 16: ≤ 5×)", origin / table)),
            BenchmarkFigure(name: "Lua → Swift host function call", value: call * 1e9, unit: "ns", spread: ""),
        ]
    }
}

/// A reporter that prints nothing (benchmarks).
final class SilentReporter: Reporter {
    func runStarted(_ info: RunInfo) {}
    func fileStarted(_ file: String) {}
    func output(_ text: String) {}
    func testFinished(_ result: TestResult) {}
    func loadFailed(file: String, message: String) {}
    func runFinished(_ summary: RunSummary) {}
}
