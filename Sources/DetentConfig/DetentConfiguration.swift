import DetentPlatform
import FoundationEssentials
import DetentLua
import DetentMotion
import DetentScripting
import DetentTime
import DetentWorld

/// Everything a command is configured with: device profiles, engine defaults, runner
/// defaults, Lua's search paths and the daemon's settings — the built-in defaults (this
/// repository's config/ files, compiled in), a config folder's files and the project's
/// detent.toml laid over each other (`ConfigTree`), each value checked by its rule.
public struct DetentConfiguration: Equatable, Sendable {
    /// Where plugins are found when nothing says otherwise, below the project's root.
    public static let defaultPluginFolder = "scripts/plugins"
    public var devices: [DeviceProfile]
    /// engine.toml: `[motion]` and each registered engine's section (`EngineRegistry`).
    public var engineDefaults: EngineDefaults
    public var run: RunDefaults
    /// `[lua]`: where `require` looks and which standard library specs get.
    public var lua = LuaDefaults()
    /// `[daemon.*]` (config/daemon.toml).
    public var daemon: DaemonConfiguration
    /// Where the settings came from: what `detent config` shows and `--watch` rereads. Not
    /// part of what they are (the trace digest skips it).
    public var source = ConfigSource()
    /// Where the devices came from, for errors that name a device (built-in config/devices.toml,
    /// the file in the folder given to --config, or detent.toml).
    public var devicesFile: String { source.tree.origins["device"]?.file ?? "config/devices.toml" }

    /// `[run]`, `[limits]` and `[plugins]`.
    public struct RunDefaults: Equatable, Sendable {
        public var defaultDevice: String
        /// Spec files or folders run when no path is given, as shown (relative to the
        /// working folder where they lie below it).
        public var scenarios: [String]
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
        /// `[limits] test_timeout_seconds`: wall-clock seconds one test may go without a
        /// result before the coordinator stops its worker process from outside.
        public var testTimeoutSeconds: Double = 60
        /// `[limits] worker_memory_mib`, in bytes: the address space a worker process may map.
        public var workerMemoryBytes: Int = 4096 << 20
        /// Folders of plugin files besides the project's scripts/plugins (`[plugins] paths`).
        public var pluginPaths: [String] = []
        /// Lua patterns a .lua file's name must match to be a spec in a folder, and patterns
        /// that exclude it again.
        public var specPatterns = ["_spec%.lua$"]
        public var excludedSpecPatterns: [String] = []
        /// Tags selected and skipped when the command line names none (without `#`).
        public var tags: [String] = []
        public var excludedTags: [String] = []
        /// A Lua file each spec file's state runs first (as shown; nil for none).
        public var helper: String?
        public var shuffle = false
        public var verbose = false
        /// A test that passes having made no assertion fails (`--require-assertions`).
        public var requireAssertions = false
        /// `-o`'s format when it is not given.
        public var output = "console"
        /// The project's own plugin folder (scripts/plugins below the project folder), which
        /// may be missing.
        public var pluginFolder = DetentConfiguration.defaultPluginFolder
    }

    /// `[lua]`: the project's `package.path` and `package.cpath` entries (absolute `?`
    /// templates, searched before LUA_PATH_5_4/LUA_PATH or Lua's default path) and the
    /// standard library, when the project chose one for every command.
    public struct LuaDefaults: Equatable, Sendable {
        public var path: [String] = []
        public var cpath: [String] = []
        /// nil: each command's own default — full for `run` and `console`, sandboxed for the
        /// daemon, whose clients' code shares one process.
        public var standardLibrary: LuaSetup.StandardLibrary?
        public init() {}
    }

    public func device(named name: String) throws -> DeviceProfile {
        if let device = devices.first(where: { $0.name == name }) { return device }
        if let device = devices.first(where: { $0.name.lowercased() == name.lowercased() }) { return device }
        throw ConfigError(file: devicesFile, "no device named '\(name)' (expected one of: \(devices.map(\.name).joined(separator: ", ")))")
    }

    /// What a command's scripts get of Lua: the project's search paths and `defaultLibrary`
    /// (full for `run` and the console, sandboxed for the daemon), unless the project chose a
    /// standard library for every command; modules' chunk names are shown from `displayBase`
    /// (default: the working folder the configuration was loaded in).
    public func luaSetup(defaultLibrary: LuaSetup.StandardLibrary, displayBase: String? = nil) -> LuaSetup {
        LuaSetup(standardLibrary: lua.standardLibrary ?? defaultLibrary, path: lua.path, cpath: lua.cpath,
                 displayBase: displayBase ?? source.workingDirectory)
    }

    /// Loads the configuration of a folder laid out like config/ (its files over the
    /// built-in ones; no project file is looked for).
    public static func load(from directory: URL) throws -> DetentConfiguration {
        var location = ConfigLocation.current(explicit: directory.path)
        location.environment = nil
        location.discoversProjectFile = false
        return try load(location)
    }

    /// Loads what `location` names: the built-in files, then a config folder's, then the
    /// project file, then `flags` (key, value, flag name) — each over what came before.
    public static func load(_ location: ConfigLocation, flags: [(key: String, value: ConfigValue, flag: String)] = []) throws -> DetentConfiguration {
        let found = try location.resolve()
        let cwd = location.workingDirectory
        var tree = try ConfigTree.builtIn(base: found.projectRoot)
        var files: [String] = []
        if let folder = found.folder {
            for file in BuiltInConfig.files {
                let path = PathText.join(folder, file.name)
                guard FileManager.default.fileExists(atPath: path) else { continue }
                try tree.lay(text: try ConfigSource.read(path, cwd: cwd), file: PathText.shown(path, from: cwd), kind: .file,
                             prefix: file.prefix, allowed: file.allowed, base: cwd, devices: .replace)
                files.append(path)
            }
        }
        var notices: [String] = []
        let busted = PathText.join(found.projectRoot, BustedFile.fileName)
        if FileManager.default.fileExists(atPath: busted) {
            let shown = PathText.shown(busted, from: cwd)
            let file = try BustedFile(text: try ConfigSource.read(busted, cwd: cwd), file: shown, task: location.bustedTask)
            tree.lay(values: file.layer, file: shown, writtenKeys: file.writtenKeys, base: found.projectRoot)
            notices = file.notices
            files.append(busted)
        } else if location.bustedTask != "default" {
            throw ConfigError(file: PathText.shown(busted, from: cwd), "no such file (named by --run \(location.bustedTask))")
        }
        if let project = found.projectFile {
            try tree.lay(text: try ConfigSource.read(project, cwd: cwd), file: PathText.shown(project, from: cwd), kind: .file,
                         prefix: "", allowed: BuiltInConfig.projectSections, base: found.projectRoot, devices: .byName)
            files.append(project)
        }
        for (key, value, flag) in flags { tree.set(key, to: value, origin: ConfigOrigin(kind: .flag, name: flag, writtenKey: key)) }
        // Nothing named the specs and the built-in folder is not in this project: busted's
        // default, spec/, as `busted` with no arguments runs it (run, --watch, --connect and
        // `detent config` alike).
        let bustedRoot = PathText.join(found.projectRoot, BustedFile.defaultRoot)
        var builtInFolders: [String] = []
        if case let .table(run)? = tree.table["run"] {
            switch run["scenarios"] {
            case let .string(folder)?: builtInFolders = [folder]
            case let .array(folders)?: builtInFolders = folders.compactMap { if case let .string(folder) = $0 { folder } else { nil } }
            default: break
            }
        }
        if tree.origins.origin(of: "run.scenarios")?.kind == .builtIn,
           !builtInFolders.contains(where: { FileManager.default.fileExists(atPath: $0) }), FileManager.default.fileExists(atPath: bustedRoot) {
            tree.set("run.scenarios", to: .array([.string(bustedRoot)]),
                     origin: ConfigOrigin(kind: .builtIn, name: "busted's default ROOT, spec/, as "
                                               + builtInFolders.map { PathText.shown($0, from: cwd) }.joined(separator: ", ") + " is missing",
                                          writtenKey: "ROOT"))
        }
        var configuration = try DetentConfiguration(tree: tree, workingDirectory: cwd)
        configuration.run.pluginFolder = PathText.shown(PathText.join(found.projectRoot, DetentConfiguration.defaultPluginFolder), from: cwd, dotDot: true)
        configuration.source = ConfigSource(tree: tree, projectFile: found.projectFile, projectRoot: found.projectRoot,
                                            folder: found.folder, workingDirectory: cwd, files: files, notices: notices)
        return configuration
    }

    public init(devices: [DeviceProfile], engineDefaults: EngineDefaults, run: RunDefaults, daemon: DaemonConfiguration = .builtIn) {
        self.daemon = daemon
        self.devices = devices
        self.engineDefaults = engineDefaults
        self.run = run
    }

    /// Reads every section of a laid tree.
    init(tree: ConfigTree, workingDirectory cwd: String) throws {
        let root = ConfigReader(tree: tree, fallbackFile: "detent.toml")
        try root.rejectUnknownKeys(BuiltInConfig.projectSections)
        let devices = try DetentConfiguration.deviceProfiles(root)
        let engine = try DetentConfiguration.loadEngine(try root.table("engine"), base: EngineDefaults())
        var run = try DetentConfiguration.loadRun(root)
        run.scenarios = run.scenarios.map { PathText.shown($0, from: cwd, dotDot: true) }
        run.pluginPaths = run.pluginPaths.map { PathText.shown($0, from: cwd, dotDot: true) }
        run.helper = run.helper.map { PathText.shown($0, from: cwd, dotDot: true) }
        self.init(devices: devices, engineDefaults: engine, run: run, daemon: try DaemonConfiguration.parse(try root.table("daemon")))
        lua = try DetentConfiguration.loadLua(root)
        // The key that names a missing device is [run]'s, so its error names that file.
        guard (try? device(named: run.defaultDevice)) != nil else {
            throw try root.table("run").notOneOf("default_device", devices.map(\.name), found: run.defaultDevice)
        }
        if !daemon.liveDevice.isEmpty, (try? device(named: daemon.liveDevice)) == nil {
            throw try root.table("daemon").table("live").notOneOf("device", devices.map(\.name), found: daemon.liveDevice)
        }
    }

    /// Checks the text of one config file, named by its base name (devices.toml, engine.toml,
    /// runner.toml, daemon.toml or detent.toml), as `load` would: throws the `ConfigError` a
    /// user would see. (The config fuzzer drives this.)
    public static func check(_ text: String, asFile name: String) throws {
        guard let file = BuiltInConfig.files.first(where: { $0.name == name }) ?? (name == "detent.toml" ? BuiltInConfig.project : nil) else {
            throw ConfigError(file: name, "not one of Detent's config files (devices.toml, engine.toml, runner.toml, daemon.toml, detent.toml)")
        }
        var tree = try ConfigTree.builtIn(base: "/")
        try tree.lay(text: text, file: name, kind: .file, prefix: file.prefix, allowed: file.allowed, base: "/",
                     devices: name == "detent.toml" ? .byName : .replace)
        _ = try DetentConfiguration(tree: tree, workingDirectory: "/")
    }

    static func loadDevices(_ toml: ConfigReader) throws -> [DeviceProfile] {
        try toml.rejectUnknownKeys(["device"])
        return try deviceProfiles(toml)
    }

    /// The `[[device]]` entries of `toml`.
    static func deviceProfiles(_ toml: ConfigReader) throws -> [DeviceProfile] {
        try toml.tables("device").map { d in
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
            try insets.rejectUnknownKeys(["portrait", "landscape"])
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

    /// `[run]`, `[limits]` and `[plugins]` (the top level's other keys are checked by whoever
    /// reads the top level).
    static func loadRun(_ toml: ConfigReader) throws -> RunDefaults {
        let r = try toml.table("run")
        try r.rejectUnknownKeys(["default_device", "scenarios", "seed", "pattern", "exclude_pattern", "tags", "exclude_tags", "helper",
                                 "shuffle", "verbose", "output", "require_assertions"])
        let l = try toml.table("limits")
        try l.rejectUnknownKeys(["instruction_budget", "memory_cap_mib", "default_wait_timeout", "max_test_virtual_seconds",
                                "cpu_seconds_per_test", "instruction_counting", "test_timeout_seconds", "worker_memory_mib"])
        // No value turns a limit off (SPEC §13): zero, negative, NaN or huge are errors.
        var run = RunDefaults(defaultDevice: try r.string("default_device"), scenarios: try r.pathList("scenarios"),
                           seed: UInt64(try r.int("seed", .whole(0...9_007_199_254_740_991))),
                           instructionBudget: Int64(try l.int("instruction_budget", .whole(1000...1e13, unit: "instructions"))),
                           memoryCapBytes: try l.int("memory_cap_mib", .whole(1...1_048_576, unit: "MiB")) * 1024 * 1024,
                           defaultWaitTimeout: try l.number("default_wait_timeout", .positiveSeconds),
                           maxTestVirtualSeconds: try l.number("max_test_virtual_seconds", .positiveSeconds),
                           cpuSecondsPerTest: try l.number("cpu_seconds_per_test", .cpuSeconds),
                           countsInstructions: try l.optionalName("instruction_counting", oneOf: ["watchdog", "exact"]) == "exact",
                           pluginPaths: try pluginPaths(toml))
        run.testTimeoutSeconds = try l.number("test_timeout_seconds", NumberRule(0.1...86_400).withSummary("wall-clock seconds from 0.1 to 86400"))
        run.workerMemoryBytes = try l.int("worker_memory_mib", .whole(256...1_048_576, unit: "MiB")) << 20
        if r.has("pattern") { run.specPatterns = try r.pathList("pattern") }
        run.excludedSpecPatterns = try r.strings("exclude_pattern")
        run.tags = try r.strings("tags").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        run.excludedTags = try r.strings("exclude_tags").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        run.helper = try r.optionalString("helper").flatMap { $0.isEmpty ? nil : $0 }
        run.shuffle = try r.optionalBool("shuffle") ?? false
        run.verbose = try r.optionalBool("verbose") ?? false
        run.requireAssertions = try r.optionalBool("require_assertions") ?? false
        run.output = try r.optionalName("output", oneOf: ["console", "tap", "junit", "json"]) ?? "console"
        return run
    }

    /// `[plugins] paths`: folders of plugin files besides scripts/plugins (SPEC §12).
    static func pluginPaths(_ toml: ConfigReader) throws -> [String] {
        guard let p = try toml.optionalTable("plugins") else { return [] }
        try p.rejectUnknownKeys(["paths"])
        return try p.strings("paths")
    }

    /// `[lua]`: `path` and `cpath` (lists of `?` templates) and `stdlib`.
    static func loadLua(_ toml: ConfigReader) throws -> LuaDefaults {
        var lua = LuaDefaults()
        guard let l = try toml.optionalTable("lua") else { return lua }
        try l.rejectUnknownKeys(["path", "cpath", "stdlib"])
        for key in ["path", "cpath"] {
            let templates = try l.strings(key)
            if let bad = templates.first(where: { !$0.contains("?") || $0.contains(";") }) {
                throw l.problem(key, "must hold templates with a '?' for the module name and no ';' (found \"\(bad)\")")
            }
            if key == "path" { lua.path = templates } else { lua.cpath = templates }
        }
        lua.standardLibrary = try l.optionalName("stdlib", oneOf: LuaSetup.StandardLibrary.allCases.map(\.rawValue))
            .flatMap(LuaSetup.StandardLibrary.init(rawValue:))
        return lua
    }
}

/// The range of runner.toml's CPU-time limit, in the words its errors use.
extension NumberRule {
    /// A watchdog of under a millisecond would stop healthy tests; one of over a day is "off".
    fileprivate static let cpuSeconds = NumberRule(0.001...86_400).withSummary("seconds of CPU time from 0.001 to 86400")
}
