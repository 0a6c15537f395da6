import FoundationEssentials
import DetentAdaptive
import DetentDrawer
import DetentLua
import DetentMotion
import DetentNavigation
import DetentScripting
import DetentSheet
import DetentTime
import DetentWorld

/// Everything `config/` holds: device profiles, engine defaults and runner defaults.
public struct DetentConfiguration: Equatable, Sendable {
    public var devices: [DeviceProfile]
    public var motion: MotionDefaults
    public var navigation: NavigationDefaults
    public var drawer: DrawerDefaults
    public var sheet: SheetDefaults
    public var adaptive: AdaptiveDefaults
    public var run: RunDefaults
    /// Where the devices came from, for errors that name a device ("config/devices.toml", or
    /// the file in the folder given to --config).
    public var devicesFile = "config/devices.toml"
    /// Where the engine sections came from, for errors found after loading (curve names).
    public var engineFile = "config/engine.toml"

    /// `[run]` and `[limits]` of `config/runner.toml`.
    public struct RunDefaults: Equatable, Sendable {
        public var defaultDevice: String
        public var scenarios: String
        public var seed: UInt64
        public var instructionBudget: Int64
        public var memoryCapBytes: Int
        /// Seconds of virtual time.
        public var defaultWaitTimeout: Double
        /// Seconds of virtual time.
        public var maxTestVirtualSeconds: Double
        /// Seconds of CPU time one test may use before the watchdog stops it: the last line
        /// behind the instruction budget, for work the count hook cannot reach.
        public var cpuSecondsPerTest: Double
        /// `[limits] instruction_counting`: "exact" counts every instruction against the budget
        /// (deterministic, ~2× the cost of plain Lua for pure Lua work); "watchdog" (the
        /// default) runs guest code at Lua's own speed and stops a runaway by CPU time.
        public var countsInstructions = false
        /// Folders of plugin files besides scripts/plugins (`[plugins] paths`).
        public var pluginPaths: [String] = []
    }

    public func device(named name: String) throws -> DeviceProfile {
        if let device = devices.first(where: { $0.name == name }) { return device }
        if let device = devices.first(where: { $0.name.lowercased() == name.lowercased() }) { return device }
        throw ConfigError(file: devicesFile, "no device named '\(name)' (expected one of: \(devices.map(\.name).joined(separator: ", ")))")
    }

    /// Loads `devices.toml`, `engine.toml` and `runner.toml` from `directory`.
    public static func load(from directory: URL) throws -> DetentConfiguration {
        func reader(_ name: String) throws -> ConfigReader {
            let url = directory.appendingPathComponent(name)
            let display = displayPath(url)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw ConfigError(file: display, "cannot read \(url.path) (pass --config DIR pointing at Detent's config folder)")
            }
            return try ConfigReader(file: display, text: text)
        }
        let devices = try loadDevices(try reader("devices.toml"))
        let engine = try loadEngine(try reader("engine.toml"), base: EngineDefaults())
        let runner = try reader("runner.toml")
        let run = try loadRun(runner)
        var configuration = DetentConfiguration(devices: devices, motion: engine.motion, navigation: engine.navigation,
                                                drawer: engine.drawer, sheet: engine.sheet, adaptive: engine.adaptive, run: run)
        configuration.devicesFile = displayPath(directory.appendingPathComponent("devices.toml"))
        configuration.engineFile = displayPath(directory.appendingPathComponent("engine.toml"))
        // The key that names a missing device is runner.toml's, so its error names that file.
        guard (try? configuration.device(named: run.defaultDevice)) != nil else {
            throw try runner.table("run").notOneOf("default_device", devices.map(\.name), found: run.defaultDevice)
        }
        return configuration
    }

    /// Checks the text of one config file, named by its base name (devices.toml, engine.toml,
    /// runner.toml or daemon.toml), as `load` would: throws the `ConfigError` a user would
    /// see. (The config fuzzer drives this.)
    public static func check(_ text: String, asFile name: String) throws {
        switch name {
        case "devices.toml": _ = try loadDevices(try ConfigReader(file: name, text: text))
        case "engine.toml": _ = try loadEngine(try ConfigReader(file: name, text: text), base: EngineDefaults())
        case "runner.toml": _ = try loadRun(try ConfigReader(file: name, text: text))
        case "daemon.toml": _ = try DaemonConfiguration.parse(text, file: name)
        default: throw ConfigError(file: name, "not one of Detent's config files (devices.toml, engine.toml, runner.toml, daemon.toml)")
        }
    }

    /// Finds the config folder: an explicit path, `$DETENT_CONFIG`, or `./config`.
    public static func locate(explicit: String?) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit) }
        if let env = ProcessInfo.processInfo.environment["DETENT_CONFIG"], !env.isEmpty { return URL(fileURLWithPath: env) }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("config")
    }

    static func loadDevices(_ toml: ConfigReader) throws -> [DeviceProfile] {
        try toml.rejectUnknownKeys(["device"])
        return try toml.tables("device").map { d in
            try d.rejectUnknownKeys(["name", "width", "height", "scale", "idiom", "refresh", "touch_rate", "insets", "size_class", "multitasking"])
            let idiomName = try d.string("idiom")
            guard let idiom = DeviceProfile.Idiom(rawValue: idiomName) else { throw d.notOneOf("idiom", ["phone", "pad"], found: idiomName) }
            let (rate, maximum) = try d.numberOrPair("refresh", .whole(1...1000, unit: "Hz"))
            if let maximum, maximum < rate {
                throw d.problem("refresh", "must be [minimum, maximum] with minimum <= maximum, found [\(Int(rate)), \(Int(maximum))]")
            }
            let refresh: RefreshRate = maximum.map { .variable(minimumHz: Int(rate), maximumHz: Int($0)) } ?? .fixed(hz: Int(rate))
            guard refresh.gridHz > 0 else { throw d.problem("refresh", "must be positive") }
            let insets = try d.table("insets")
            func readInsets(_ name: String) throws -> DeviceProfile.Insets {
                let t = try insets.table(name)
                try t.rejectUnknownKeys(["top", "left", "bottom", "right"])
                return .init(top: try t.number("top", .length), left: try t.number("left", .length),
                             bottom: try t.number("bottom", .length), right: try t.number("right", .length))
            }
            let size = NumberRule(1...1e5, unit: "points")
            return DeviceProfile(name: try d.string("name"), width: try d.number("width", size), height: try d.number("height", size),
                                 scale: try d.number("scale", NumberRule(Double.leastNonzeroMagnitude...10)), idiom: idiom,
                                 portraitInsets: try readInsets("portrait"), landscapeInsets: try readInsets("landscape"),
                                 refreshRate: refresh, touchRateHz: try d.int("touch_rate", .whole(1...10_000, unit: "Hz")),
                                 sizeClasses: try loadSizeClasses(d), multitasking: try loadMultitasking(d))
        }
    }

    /// `size_class = { portrait = "compact", landscape = "regular" }` (optional).
    static func loadSizeClasses(_ d: ConfigReader) throws -> [Orientation: SizeClass]? {
        guard let t = try d.optionalTable("size_class") else { return nil }
        try t.rejectUnknownKeys(Orientation.allCases.map(\.rawValue))
        var result: [Orientation: SizeClass] = [:]
        for orientation in Orientation.allCases {
            result[orientation] = try sizeClass(t, orientation.rawValue)
        }
        return result
    }

    static func sizeClass(_ t: ConfigReader, _ key: String) throws -> SizeClass {
        let name = try t.string(key)
        guard let value = SizeClass(rawValue: name) else { throw t.notOneOf(key, SizeClass.allCases.map(\.rawValue), found: name) }
        return value
    }

    /// `multitasking.portrait = [{ mode =, width =, size_class = }, ...]` and the same for
    /// landscape (iPads; optional).
    static func loadMultitasking(_ d: ConfigReader) throws -> [Orientation: [MultitaskingWidth]] {
        guard let t = try d.optionalTable("multitasking") else { return [:] }
        try t.rejectUnknownKeys(Orientation.allCases.map(\.rawValue))
        var result: [Orientation: [MultitaskingWidth]] = [:]
        for orientation in Orientation.allCases where t.has(orientation.rawValue) {
            result[orientation] = try t.tables(orientation.rawValue).map { entry in
                try entry.rejectUnknownKeys(["mode", "width", "size_class"])
                let width = try entry.number("width", NumberRule(1...1e5, unit: "points"))
                return MultitaskingWidth(mode: try entry.string("mode"), width: width, sizeClass: try sizeClass(entry, "size_class"))
            }
        }
        return result
    }

    static func loadRun(_ toml: ConfigReader) throws -> RunDefaults {
        try toml.rejectUnknownKeys(["run", "limits", "plugins"])
        let r = try toml.table("run")
        try r.rejectUnknownKeys(["default_device", "scenarios", "seed"])
        let l = try toml.table("limits")
        try l.rejectUnknownKeys(["instruction_budget", "memory_cap_mib", "default_wait_timeout", "max_test_virtual_seconds",
                                "cpu_seconds_per_test", "instruction_counting"])
        // No value turns a limit off (SPEC §13): zero, negative, NaN or huge are errors.
        return RunDefaults(defaultDevice: try r.string("default_device"), scenarios: try r.string("scenarios"),
                           seed: UInt64(try r.int("seed", .whole(0...9_007_199_254_740_991))),
                           instructionBudget: Int64(try l.int("instruction_budget", .whole(1000...1e13, unit: "instructions"))),
                           memoryCapBytes: try l.int("memory_cap_mib", .whole(1...1_048_576, unit: "MiB")) * 1024 * 1024,
                           defaultWaitTimeout: try l.number("default_wait_timeout", .positiveSeconds),
                           maxTestVirtualSeconds: try l.number("max_test_virtual_seconds", .positiveSeconds),
                           cpuSecondsPerTest: try l.number("cpu_seconds_per_test", .cpuSeconds),
                           countsInstructions: try l.optionalName("instruction_counting", oneOf: ["watchdog", "exact"]) == "exact",
                           pluginPaths: try pluginPaths(toml))
    }

    /// `[plugins] paths`: folders of plugin files besides scripts/plugins (SPEC §12).
    static func pluginPaths(_ toml: ConfigReader) throws -> [String] {
        guard let p = try toml.optionalTable("plugins") else { return [] }
        try p.rejectUnknownKeys(["paths"])
        return try p.strings("paths")
    }
}

/// The range of runner.toml's CPU-time limit, in the words its errors use.
extension NumberRule {
    /// A watchdog of under a millisecond would stop healthy tests; one of over a day is "off".
    fileprivate static let cpuSeconds = NumberRule(0.001...86_400).withSummary("seconds of CPU time from 0.001 to 86400")
}

/// A config file's path as errors show it: relative to the working directory when it lies
/// below it ("config/engine.toml"), absolute otherwise ("/tmp/ci-config/engine.toml").
func displayPath(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    if path.hasPrefix(here + "/") { return String(path.dropFirst(here.count + 1)) }
    return path
}
