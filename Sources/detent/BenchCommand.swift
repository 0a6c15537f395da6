import DetentConfig
import ArgumentParser
import DetentBenchmarks
import DetentRuntime
import DetentPlatform
import FoundationEssentials
import Glibc

/// `detent bench`: the release-mode benchmarks behind BENCHMARKS.md.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run Detent's benchmarks and print a Markdown table (build with -c release).",
        discussion: "Each figure is the median of several samples on this machine. The 1,000-spec comparison needs busted (apt-get install lua-busted)."
    )

    @Option(name: .long, help: ArgumentHelp(ConfigHelp.text))
    var config: String?

    @Flag(name: .long, help: "Skip the subprocess comparison with busted.")
    var skipSuite = false

    @Option(name: .long, help: "Run only the workloads whose group is one of: ticks, navigation, drawer, sheet, adaptive, idle, state, plugins, per-test, per-file, bridge, jitter, suite (comma-separated).")
    var only: String?

    func validate() throws {
        let known: Set<String> = ["ticks", "navigation", "drawer", "sheet", "adaptive", "idle", "state", "plugins", "per-test", "per-file", "bridge", "jitter", "suite"]
        for group in (only ?? "").split(separator: ",").map({ $0.trimmingSpaces() }) where !known.contains(group) {
            throw ValidationError("unknown benchmark group '\(group)' (expected one of: \(known.sorted().joined(separator: ", ")))")
        }
    }

    func run() throws {
        #if DEBUG
        StandardError.write("detent bench: this is a debug build; figures are meaningless. Use swift run -c release detent bench\n")
        #endif
        let configuration = try loadConfigurationOrExit(config)
        let device = try configuration.device(named: configuration.run.defaultDevice)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("detent-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var figures: [BenchmarkFigure] = []
        func add(_ figure: BenchmarkFigure) {
            figures.append(figure)
            StandardError.write("  \(figure.name): \(figure.value) \(figure.unit)\n")
        }
        let groups = only.map { Set($0.split(separator: ",").map { $0.trimmingSpaces() }) }
        func wanted(_ group: String) -> Bool { groups?.contains(group) ?? true }
        // Each tick workload untraced, then tracing two properties per frame (issue 16's target).
        if wanted("ticks") {
            for count in [1, 10, 100] { add(Benchmarks.tickThroughput(animators: count, device: device)) }
            add(Benchmarks.tickThroughput(animators: 100, device: device, traced: true))
        }
        for traced in [false, true] {
            if wanted("navigation") { add(Benchmarks.navigationThroughput(device: device, engine: configuration.engineDefaults, traced: traced)) }
            if wanted("drawer") { add(Benchmarks.drawerThroughput(device: device, engine: configuration.engineDefaults, traced: traced)) }
            if wanted("sheet") {
                add(Benchmarks.sheetThroughput(device: device, engine: configuration.engineDefaults, traced: traced))
            }
            if wanted("adaptive") {
                add(try Benchmarks.adaptiveThroughput(device: try configuration.device(named: "iPad Pro 11-inch"), engine: configuration.engineDefaults, traced: traced))
            }
        }
        if wanted("idle") { add(try Benchmarks.idleMinute(configuration: configuration)) }
        if wanted("state") { add(try Benchmarks.freshState()) }
        if wanted("plugins") {
            let sources = try PluginDiscovery.sources(defaultFolder: configuration.run.pluginFolder, folders: [],
                                                      base: FileManager.default.currentDirectoryPath)
            for figure in try Benchmarks.pluginCost(sources: sources) { add(figure) }
        }
        if wanted("per-test") { add(try Benchmarks.perTest(configuration: configuration, scratch: scratch)) }
        if wanted("per-file") {
            add(try Benchmarks.perFile(configuration: configuration, scratch: scratch))
            add(try Benchmarks.pristineRestore())
        }
        if wanted("bridge") { for figure in try Benchmarks.bridgeCosts(configuration: configuration) { add(figure) } }
        if wanted("jitter") {
            // SPEC §1 real-time mode at 120 Hz, 10 wall seconds.
            for figure in Benchmarks.tickJitter(device: try configuration.device(named: "iPhone 15 Pro"), seconds: 10) { add(figure) }
        }
        if wanted("suite") && !skipSuite {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            for figure in try Benchmarks.thousandSpecs(detentExecutable: executable, configArgument: config, scratch: scratch) {
                add(figure)
            }
        }
        print("| workload | median | unit | samples (min–max) | note |")
        print("|---|---:|---|---|---|")
        for f in figures {
            let value = f.value.isNaN ? "—" : formatted(f.value)
            print("| \(f.name) | \(value) | \(f.unit) | \(f.spread) | \(f.note) |")
        }
    }

    private func formatted(_ value: Double) -> String {
        if value >= 1000 { return String(Int(value.rounded())).reversed().enumerated().map { $0 > 0 && $0 % 3 == 0 ? "\($1)," : "\($1)" }.reversed().joined() }
        if value >= 100 { return String(Int(value.rounded())) }
        return String(printf: "%.3g", value)
    }
}
