import DetentRuntime
import DetentPlatform
import DetentLua
import DetentScripting

extension Benchmarks {
    /// Per-spec-file cost of plugins (issue 13: within 20 % of the cost without them): a
    /// fresh state with its prelude, without and with `sources` loaded, measured side by side
    /// in alternating rounds so both see the same machine.
    public static func pluginCost(sources: [PluginSource], rounds: Int = 15, perRound: Int = 20) throws -> [BenchmarkFigure] {
        func makeHost() throws -> ScriptHost {
            try ScriptHost(limits: ScriptLimits(instructionBudget: 200_000_000, memoryCapBytes: 64 << 20), luaSetup: nil,
                           output: { _ in }, worldFactory: { _ in throw LuaRaise("no worlds in this benchmark") })
        }
        var without: [Double] = [], with: [Double] = []
        for round in 0...rounds {   // round 0 warms up
            let a = BenchmarkClock.now()
            for _ in 0..<perRound { _ = try makeHost() }
            let b = BenchmarkClock.now()
            for _ in 0..<perRound {
                let host = try makeHost()
                let failed = host.loadPlugins(sources).failed
                precondition(failed.isEmpty, "a bundled plugin failed to load: \(failed)")
            }
            let c = BenchmarkClock.now()
            guard round > 0 else { continue }
            without.append(Double(b - a) / 1e9 / Double(perRound))
            with.append(Double(c - b) / 1e9 / Double(perRound))
        }
        without.sort()
        with.sort()
        let base = without[without.count / 2], loaded = with[with.count / 2]
        func spread(_ v: [Double]) -> String { "\(formatNumber(v.first! * 1e6))–\(formatNumber(v.last! * 1e6))" }
        return [
            BenchmarkFigure(name: "fresh state + prelude, no plugins", value: base * 1e6, unit: "µs", spread: spread(without)),
            BenchmarkFigure(name: "fresh state + prelude + \(sources.count) bundled plugins", value: loaded * 1e6, unit: "µs", spread: spread(with),
                            note: String(printf: "%+.1f %% (target: within +20 %%)", (loaded / base - 1) * 100)),
        ]
    }
}
