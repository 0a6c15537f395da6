import Foundation
import DetentAdaptive
import DetentDrawer
import DetentLua
import DetentMotion
import DetentNavigation
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
    }

    public func device(named name: String) throws -> DeviceProfile {
        if let device = devices.first(where: { $0.name == name }) { return device }
        if let device = devices.first(where: { $0.name.lowercased() == name.lowercased() }) { return device }
        throw ConfigError(file: devicesFile, "no device named '\(name)' (expected one of: \(devices.map(\.name).joined(separator: ", ")))")
    }

    /// Loads `devices.toml`, `engine.toml` and `runner.toml` from `directory`.
    public static func load(from directory: URL) throws -> DetentConfiguration {
        func reader(_ name: String) throws -> TOMLReader {
            let url = directory.appendingPathComponent(name)
            let display = displayPath(url)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw ConfigError(file: display, "cannot read \(url.path) (pass --config DIR pointing at Detent's config folder)")
            }
            return try TOMLReader(file: display, text: text)
        }
        let devices = try loadDevices(try reader("devices.toml"))
        let engine = try reader("engine.toml")
        try engine.rejectUnknownKeys(["motion", "navigation", "drawer", "sheet", "adaptive"])
        let motion = try loadMotion(engine)
        let navigation = try loadNavigation(engine)
        let drawer = try loadDrawer(engine)
        let sheet = try loadSheet(engine, release: drawer)
        let adaptive = try loadAdaptive(engine)
        let run = try loadRun(try reader("runner.toml"))
        var configuration = DetentConfiguration(devices: devices, motion: motion, navigation: navigation, drawer: drawer,
                                                sheet: sheet, adaptive: adaptive, run: run)
        configuration.devicesFile = displayPath(directory.appendingPathComponent("devices.toml"))
        _ = try configuration.device(named: run.defaultDevice)
        return configuration
    }

    /// Checks the text of one config file, named by its base name (devices.toml, engine.toml,
    /// runner.toml or daemon.toml), as `load` would: throws the `ConfigError` a user would
    /// see. (The config fuzzer drives this.)
    public static func check(_ text: String, asFile name: String) throws {
        switch name {
        case "devices.toml": _ = try loadDevices(try TOMLReader(file: name, text: text))
        case "engine.toml":
            let engine = try TOMLReader(file: name, text: text)
            try engine.rejectUnknownKeys(["motion", "navigation", "drawer", "sheet", "adaptive"])
            _ = try loadMotion(engine)
            _ = try loadNavigation(engine)
            let drawer = try loadDrawer(engine)
            _ = try loadSheet(engine, release: drawer)
            _ = try loadAdaptive(engine)
        case "runner.toml": _ = try loadRun(try TOMLReader(file: name, text: text))
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

    static func loadDevices(_ toml: TOMLReader) throws -> [DeviceProfile] {
        try toml.rejectUnknownKeys(["device"])
        return try toml.tables("device").map { d in
            try d.rejectUnknownKeys(["name", "width", "height", "scale", "idiom", "refresh", "touch_rate", "insets", "size_class", "multitasking"])
            let idiomName = try d.string("idiom")
            guard let idiom = DeviceProfile.Idiom(rawValue: idiomName) else {
                throw ConfigError(file: toml.file, "key '\(d.key("idiom"))' must be one of: phone, pad (found \"\(idiomName)\")")
            }
            let (rate, maximum) = try d.numberOrPair("refresh", .whole(1...1000, unit: "Hz"))
            if let maximum, maximum < rate {
                throw ConfigError(file: toml.file, "key '\(d.key("refresh"))' must be [minimum, maximum] with minimum <= maximum, found [\(Int(rate)), \(Int(maximum))]")
            }
            let refresh: RefreshRate = maximum.map { .variable(minimumHz: Int(rate), maximumHz: Int($0)) } ?? .fixed(hz: Int(rate))
            guard refresh.gridHz > 0 else { throw ConfigError(file: toml.file, "key '\(d.key("refresh"))' must be positive") }
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
    static func loadSizeClasses(_ d: TOMLReader) throws -> [Orientation: SizeClass]? {
        guard let t = try d.optionalTable("size_class") else { return nil }
        try t.rejectUnknownKeys(Orientation.allCases.map(\.rawValue))
        var result: [Orientation: SizeClass] = [:]
        for orientation in Orientation.allCases {
            result[orientation] = try sizeClass(t, orientation.rawValue)
        }
        return result
    }

    static func sizeClass(_ t: TOMLReader, _ key: String) throws -> SizeClass {
        let name = try t.string(key)
        guard let value = SizeClass(rawValue: name) else {
            throw ConfigError(file: t.file, "key '\(t.key(key))' must be one of: \(SizeClass.allCases.map(\.rawValue).joined(separator: ", ")) (found \"\(name)\")")
        }
        return value
    }

    /// `multitasking.portrait = [{ mode =, width =, size_class = }, ...]` and the same for
    /// landscape (iPads; optional).
    static func loadMultitasking(_ d: TOMLReader) throws -> [Orientation: [MultitaskingWidth]] {
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

    static func loadMotion(_ toml: TOMLReader) throws -> MotionDefaults {
        var motion = MotionDefaults()
        guard let m = try toml.optionalTable("motion") else { return motion }
        try m.rejectUnknownKeys(["duration", "curve", "spring_mass", "spring_stiffness", "spring_damping_ratio",
                                 "deceleration_rate", "velocity_tracker"])
        let positive = NumberRule(Double.leastNonzeroMagnitude...1e9)
        motion.duration = try m.optionalNumber("duration", .seconds) ?? motion.duration
        motion.curve = try curveName(m, "curve") ?? motion.curve
        motion.springMass = try m.optionalNumber("spring_mass", positive) ?? motion.springMass
        motion.springStiffness = try m.optionalNumber("spring_stiffness", positive) ?? motion.springStiffness
        motion.springDampingRatio = try m.optionalNumber("spring_damping_ratio", positive) ?? motion.springDampingRatio
        if let rate = try m.optionalString("deceleration_rate") {
            guard DecelerationRate.named(rate) != nil else {
                throw ConfigError(file: m.file, "key '\(m.key("deceleration_rate"))' must be one of: normal, fast (found \"\(rate)\")")
            }
            motion.decelerationRate = rate
        }
        if let tracker = try m.optionalString("velocity_tracker") {
            guard VelocityTrackingStrategy(name: tracker) != nil else {
                throw ConfigError(file: m.file, "key '\(m.key("velocity_tracker"))' must be one of: lsq2, ios (found \"\(tracker)\")")
            }
            motion.velocityTracker = tracker
        }
        return motion
    }

    static func loadNavigation(_ toml: TOMLReader) throws -> NavigationDefaults {
        var n = NavigationDefaults()
        guard let t = try toml.optionalTable("navigation") else { return n }
        let numbers: [(String, WritableKeyPath<NavigationDefaults, Double>)] = [
            ("transition_duration", \.transitionDuration), ("parallax", \.parallax),
            ("bar_height_phone_portrait", \.barHeightPhonePortrait), ("bar_height_phone_landscape", \.barHeightPhoneLandscape),
            ("bar_height_pad", \.barHeightPad), ("bar_height_in_sheet", \.barHeightInSheet), ("large_title_extra", \.largeTitleExtra),
            ("prompt_extra", \.promptExtra), ("minimum_bar_inset", \.minimumBarInset), ("hide_show_bar_duration", \.hideShowBarDuration),
            ("edge_width", \.edgeWidth), ("decisive_velocity", \.decisiveVelocity), ("finish_threshold", \.finishThreshold),
            ("back_button_width", \.backButtonWidth), ("bar_button_width", \.barButtonWidth),
        ]
        let strings: [(String, WritableKeyPath<NavigationDefaults, String>)] = [
            ("transition_curve", \.transitionCurve), ("completion_curve", \.completionCurve),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0) + strings.map(\.0))
        // Durations, heights, widths and velocities: finite and >= 0; the two fractions in [0, 1].
        let fractions: Set<String> = ["parallax", "finish_threshold"]
        for (key, path) in numbers {
            if let value = try t.optionalNumber(key, fractions.contains(key) ? NumberRule(0...1) : NumberRule(0...1e7)) { n[keyPath: path] = value }
        }
        for (key, path) in strings {
            if let value = try curveName(t, key) { n[keyPath: path] = value }
        }
        return n
    }

    static func loadDrawer(_ toml: TOMLReader) throws -> DrawerDefaults {
        var d = DrawerDefaults()
        guard let t = try toml.optionalTable("drawer") else { return d }
        let numbers: [(String, WritableKeyPath<DrawerDefaults, Double>)] = [
            ("deceleration_rate", \.decelerationRate), ("floating_panel_deceleration_rate", \.floatingPanelDecelerationRate),
            ("redirect_threshold", \.redirectThreshold), ("spring_mass", \.springMass), ("spring_stiffness", \.springStiffness),
            ("spring_damping_ratio", \.springDampingRatio), ("rubber_band_coefficient", \.rubberBandCoefficient),
            ("top_inset", \.topInset), ("middle_fraction", \.middleFraction), ("header_height", \.headerHeight),
            ("content_deceleration_rate", \.contentDecelerationRate),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0))
        for (key, path) in numbers { if let value = try t.optionalDouble(key) { d[keyPath: path] = value } }
        try checkRanges(t, file: toml.file, [
            ("deceleration_rate", d.decelerationRate, .rate), ("floating_panel_deceleration_rate", d.floatingPanelDecelerationRate, .rate),
            ("content_deceleration_rate", d.contentDecelerationRate, .rate), ("redirect_threshold", d.redirectThreshold, .fraction),
            ("spring_mass", d.springMass, .positive), ("spring_stiffness", d.springStiffness, .positive),
            ("spring_damping_ratio", d.springDampingRatio, .positive), ("rubber_band_coefficient", d.rubberBandCoefficient, .positive),
            ("middle_fraction", d.middleFraction, .fraction), ("header_height", d.headerHeight, .nonNegative), ("top_inset", d.topInset, .nonNegative),
        ])
        return d
    }

    /// A timing curve's name at `key`, if present; anything but a named curve is an error
    /// listing the names.
    static func curveName(_ t: TOMLReader, _ key: String) throws -> String? {
        guard let value = try t.optionalString(key) else { return nil }
        guard CubicBezier.named(value) != nil else {
            throw ConfigError(file: t.file, "key '\(t.key(key))' must name a curve (expected one of: \(CubicBezier.namedCurves.map(\.name).joined(separator: ", "))), found \"\(value)\"")
        }
        return value
    }

    static func checkRanges(_ t: TOMLReader, file: String, _ values: [(key: String, value: Double, rule: NumberRule)]) throws {
        for (key, value, rule) in values where !rule.accepts(value) {
            throw ConfigError(file: file, "key '\(t.key(key))' must be \(rule.expectation), found \(NumberRule.format(value))")
        }
    }

    /// `[sheet]`; the §6 numbers the sheet shares with the drawer (projection, policies,
    /// spring, rubber band, content momentum) come from `[drawer]`.
    static func loadSheet(_ toml: TOMLReader, release: DrawerDefaults) throws -> SheetDefaults {
        var d = SheetDefaults()
        d.release = release
        guard let t = try toml.optionalTable("sheet") else { return d }
        let numbers: [(String, WritableKeyPath<SheetDefaults, Double>)] = [
            ("duration", \.duration), ("dimming_alpha", \.dimmingAlpha), ("dismiss_velocity_threshold", \.dismissVelocityThreshold),
            ("dismiss_projected_fraction", \.dismissProjectedFraction), ("medium_fraction", \.mediumFraction),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0) + ["curve", "dismisses_on_dimming_tap"])
        for (key, path) in numbers { if let value = try t.optionalDouble(key) { d[keyPath: path] = value } }
        if let curve = try curveName(t, "curve") { d.curve = curve }
        if let taps = try t.optionalBool("dismisses_on_dimming_tap") { d.dismissesOnDimmingTap = taps }
        try checkRanges(t, file: toml.file, [
            ("duration", d.duration, .nonNegative), ("dimming_alpha", d.dimmingAlpha, .fraction),
            ("dismiss_velocity_threshold", d.dismissVelocityThreshold, .positive), ("dismiss_projected_fraction", d.dismissProjectedFraction, .fraction),
            ("medium_fraction", d.mediumFraction, .fraction),
        ])
        return d
    }

    static func loadAdaptive(_ toml: TOMLReader) throws -> AdaptiveDefaults {
        var a = AdaptiveDefaults()
        guard let t = try toml.optionalTable("adaptive") else { return a }
        let numbers: [(String, WritableKeyPath<AdaptiveDefaults, Double>)] = [
            ("tab_bar_height_phone", \.tabBarHeightPhone), ("tab_bar_height_phone_landscape_narrow", \.tabBarHeightPhoneLandscapeNarrow),
            ("narrow_phone_width", \.narrowPhoneWidth), ("tab_bar_height_pad", \.tabBarHeightPad),
            ("tab_bar_fade_duration", \.tabBarFadeDuration), ("primary_column_width", \.primaryColumnWidth),
            ("size_change_duration", \.sizeChangeDuration),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0) + ["tab_bar_fade_curve"])
        for (key, path) in numbers {
            if let value = try t.optionalNumber(key, .nonNegative) { a[keyPath: path] = value }
        }
        if let curve = try curveName(t, "tab_bar_fade_curve") { a.tabBarFadeCurve = curve }
        return a
    }

    static func loadRun(_ toml: TOMLReader) throws -> RunDefaults {
        try toml.rejectUnknownKeys(["run", "limits"])
        let r = try toml.table("run")
        try r.rejectUnknownKeys(["default_device", "scenarios", "seed"])
        let l = try toml.table("limits")
        try l.rejectUnknownKeys(["instruction_budget", "memory_cap_mib", "default_wait_timeout", "max_test_virtual_seconds",
                                "cpu_seconds_per_test"])
        // No value turns a limit off (SPEC §13): zero, negative, NaN or huge are errors.
        return RunDefaults(defaultDevice: try r.string("default_device"), scenarios: try r.string("scenarios"),
                           seed: UInt64(try r.int("seed", .whole(0...9_007_199_254_740_991))),
                           instructionBudget: Int64(try l.int("instruction_budget", .whole(1000...1e13, unit: "instructions"))),
                           memoryCapBytes: try l.int("memory_cap_mib", .whole(1...1_048_576, unit: "MiB")) * 1024 * 1024,
                           defaultWaitTimeout: try l.number("default_wait_timeout", .positiveSeconds),
                           maxTestVirtualSeconds: try l.number("max_test_virtual_seconds", .positiveSeconds),
                           cpuSecondsPerTest: try l.number("cpu_seconds_per_test", .cpuSeconds))
    }
}

/// The ranges of engine.toml's numbers, in the words its errors use.
extension NumberRule {
    fileprivate static let rate = NumberRule.openUnitInterval("a deceleration rate per millisecond")
        .withSummary("a deceleration rate per millisecond between 0 and 1 (exclusive), like 0.998")
    fileprivate static let fraction = NumberRule(0...1).withSummary("a fraction between 0 and 1")
    fileprivate static let positive = NumberRule(Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude)
    fileprivate static let nonNegative = NumberRule(0...Double.greatestFiniteMagnitude)
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
