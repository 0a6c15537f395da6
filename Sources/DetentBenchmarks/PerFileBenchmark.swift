import DetentRuntime
import FoundationEssentials
import DetentLua
import DetentPlatform
import DetentScripting
import DetentConfig
import DetentReports

extension Benchmarks {
    /// The cost of a spec file before its first test (issue 16 §3), through the real runner
    /// with one job and no plugins: `count` files of one trivial test against one file of
    /// `count` such tests, written to `scratch`. Each sample runs both, back to back; the
    /// figure is the median over samples of (T_files − T_one) / count, in µs per file.
    public static func perFile(configuration: DetentConfiguration, scratch: URL, count: Int = 200, samples: Int = 7) throws -> BenchmarkFigure {
        let many = scratch.appendingPathComponent("per-file-many")
        let one = scratch.appendingPathComponent("per-file-one")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: one, withIntermediateDirectories: true)
        var all = "describe(\"one file\", function()\n"
        for i in 1...count {
            let file = "describe(\"f\(i)\", function()\n  it(\"passes\", function() assert.is_true(true) end)\nend)\n"
            try AtomicFile.write(file, to: many.appendingPathComponent("f\(i)_spec.lua").path, flush: false)
            all += "  it(\"passes \(i)\", function() assert.is_true(true) end)\n"
        }
        all += "end)\n"
        try AtomicFile.write(all, to: one.appendingPathComponent("all_spec.lua").path, flush: false)

        func seconds(_ folder: URL) throws -> Double {
            var options = RunOptions()
            options.paths = [folder.path]
            options.jobs = 1
            options.noPlugins = true
            let start = BenchmarkClock.now()
            let runner = try SpecRunner(configuration: configuration, options: options, reporter: SilentReporter())
            let summary = try runner.run()
            precondition(summary.passed == count, "per-file benchmark: \(summary.passed) of \(count) tests passed")
            return Double(BenchmarkClock.now() - start) / 1e9
        }
        _ = try seconds(many)   // warm-up: the prelude's bytecode, config, page cache
        _ = try seconds(one)
        var perFile: [Double] = []
        for _ in 0..<samples {
            let files = try seconds(many)
            let single = try seconds(one)
            perFile.append((files - single) / Double(count))
        }
        perFile.sort()
        return BenchmarkFigure(name: "cost of a spec file before its first test (\(count) files vs 1 file of \(count) tests)",
                               value: perFile[perFile.count / 2] * 1e6, unit: "µs",
                               spread: "\(formatNumber(perFile.first! * 1e6))–\(formatNumber(perFile.last! * 1e6))",
                               note: "target ≤ 300 µs; detent run --jobs 1 --no-plugins in-process")
    }

    /// Putting a state back to pristine between spec files (ScriptHost.restorePristine), after
    /// a file that changed a few globals and prelude tables; µs per restore.
    public static func pristineRestore(operations: Int = 500) throws -> BenchmarkFigure {
        let host = try ScriptHost(limits: ScriptLimits(instructionBudget: 0, memoryCapBytes: 0), luaSetup: nil,
                                  output: { _ in }, worldFactory: { _ in throw LuaRaise("no worlds in this benchmark") })
        let recorded = try host.takePristineSnapshot()
        let m = try BenchmarkClock.perOperation(operations: operations) {
            for _ in 0..<operations {
                try host.lua.run(String(decoding: PackageResources.leak_lua, as: UTF8.self), chunkName: "=(bench)")
                try host.restorePristine()
            }
        }
        return BenchmarkFigure(name: "pristine restore between spec files", value: m.median * 1e6, unit: "µs",
                               spread: "\(formatNumber(m.min * 1e6))–\(formatNumber(m.max * 1e6))",
                               note: "\(recorded) recorded; includes running a 3-statement chunk")
    }
}
