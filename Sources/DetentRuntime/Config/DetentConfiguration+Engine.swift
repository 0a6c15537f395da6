import DetentAdaptive
import DetentDrawer
import DetentLua
import DetentMotion
import DetentNavigation
import DetentScripting
import DetentSheet
import DetentWorld
import DetentRelease

/// `engine.toml`: the defaults of motion and of each engine. The same loaders read a world's
/// `detent.world{config = {...}}` overrides (`DetentConfiguration.overriding(with:)`), each
/// over the values it replaces, so both are held to one set of rules.
extension DetentConfiguration {
    /// The sections of engine.toml, in the order they are read.
    static let engineSections = ["motion", "navigation", "drawer", "sheet", "adaptive"]

    /// Reads engine.toml's sections from `toml` over `base`: a key that is present replaces
    /// base's value after passing its rule; everything else stays base's. `reasons` explains
    /// top-level keys that are refused for a reason of their own.
    static func loadEngine(_ toml: ConfigReader, base: EngineDefaults, reasons: [String: String] = [:]) throws -> EngineDefaults {
        try toml.rejectUnknownKeys(engineSections, reasons: reasons)
        let motion = try loadMotion(toml, base: base.motion)
        let navigation = try loadNavigation(toml, base: base.navigation)
        let drawer = try loadDrawer(toml, base: base.drawer)
        let sheet = try loadSheet(toml, base: base.sheet, release: drawer)
        let adaptive = try loadAdaptive(toml, base: base.adaptive)
        return EngineDefaults(motion: motion, navigation: navigation, drawer: drawer, sheet: sheet, adaptive: adaptive)
    }

    static func loadMotion(_ toml: ConfigReader, base: MotionDefaults = MotionDefaults()) throws -> MotionDefaults {
        var motion = base
        guard let m = try toml.optionalTable("motion") else { return motion }
        try m.rejectUnknownKeys(["duration", "curve", "spring_mass", "spring_stiffness", "spring_damping_ratio",
                                 "deceleration_rate", "velocity_tracker"])
        motion.duration = try m.optionalNumber("duration", .seconds) ?? motion.duration
        motion.curve = try m.optionalCurveName("curve") ?? motion.curve
        motion.springMass = try m.optionalNumber("spring_mass", .spring) ?? motion.springMass
        motion.springStiffness = try m.optionalNumber("spring_stiffness", .spring) ?? motion.springStiffness
        motion.springDampingRatio = try m.optionalNumber("spring_damping_ratio", .spring) ?? motion.springDampingRatio
        motion.decelerationRate = try m.optionalName("deceleration_rate", oneOf: DecelerationRate.namedRates.map(\.name))
            ?? motion.decelerationRate
        motion.velocityTracker = try m.optionalName("velocity_tracker", oneOf: VelocityTrackingStrategy.allCases.map(\.name))
            ?? motion.velocityTracker
        return motion
    }

    static func loadNavigation(_ toml: ConfigReader, base: NavigationDefaults = NavigationDefaults()) throws -> NavigationDefaults {
        var n = base
        guard let t = try toml.optionalTable("navigation") else { return n }
        // Durations in virtual seconds; heights, widths and velocities finite and >= 0; the two
        // fractions in [0, 1].
        let length = NumberRule(0...1e7), fraction = NumberRule(0...1)
        let numbers: [(String, WritableKeyPath<NavigationDefaults, Double>, NumberRule)] = [
            ("transition_duration", \.transitionDuration, .seconds), ("parallax", \.parallax, fraction),
            ("bar_height_phone_portrait", \.barHeightPhonePortrait, length), ("bar_height_phone_landscape", \.barHeightPhoneLandscape, length),
            ("bar_height_pad", \.barHeightPad, length), ("bar_height_in_sheet", \.barHeightInSheet, length),
            ("large_title_extra", \.largeTitleExtra, length), ("prompt_extra", \.promptExtra, length),
            ("minimum_bar_inset", \.minimumBarInset, length), ("hide_show_bar_duration", \.hideShowBarDuration, .seconds),
            ("edge_width", \.edgeWidth, length), ("decisive_velocity", \.decisiveVelocity, length),
            ("finish_threshold", \.finishThreshold, fraction), ("back_button_width", \.backButtonWidth, length),
            ("bar_button_width", \.barButtonWidth, length),
        ]
        let curves: [(String, WritableKeyPath<NavigationDefaults, String>)] = [
            ("transition_curve", \.transitionCurve), ("completion_curve", \.completionCurve),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0) + curves.map(\.0))
        for (key, path, rule) in numbers {
            if let value = try t.optionalNumber(key, rule) { n[keyPath: path] = value }
        }
        for (key, path) in curves {
            if let value = try t.optionalCurveName(key) { n[keyPath: path] = value }
        }
        return n
    }

    static func loadDrawer(_ toml: ConfigReader, base: DrawerDefaults = DrawerDefaults()) throws -> DrawerDefaults {
        var d = base
        guard let t = try toml.optionalTable("drawer") else { return d }
        let numbers: [(String, WritableKeyPath<DrawerDefaults, Double>, NumberRule)] = [
            ("deceleration_rate", \.decelerationRate, .rate), ("floating_panel_deceleration_rate", \.floatingPanelDecelerationRate, .rate),
            ("redirect_threshold", \.redirectThreshold, .fraction), ("spring_mass", \.springMass, .spring),
            ("spring_stiffness", \.springStiffness, .spring), ("spring_damping_ratio", \.springDampingRatio, .spring),
            ("rubber_band_coefficient", \.rubberBandCoefficient, .positive), ("top_inset", \.topInset, .nonNegative),
            ("middle_fraction", \.middleFraction, .fraction), ("header_height", \.headerHeight, .nonNegative),
            ("content_deceleration_rate", \.contentDecelerationRate, .rate),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0))
        for (key, path, rule) in numbers {
            if let value = try t.optionalNumber(key, rule) { d[keyPath: path] = value }
        }
        return d
    }

    /// `[sheet]`; the §6 numbers the sheet shares with the drawer (projection, policies,
    /// spring, rubber band, content momentum) come from `[drawer]`, read as `release`.
    static func loadSheet(_ toml: ConfigReader, base: SheetDefaults = SheetDefaults(), release: DrawerDefaults) throws -> SheetDefaults {
        var d = base
        d.release = release
        guard let t = try toml.optionalTable("sheet") else { return d }
        let numbers: [(String, WritableKeyPath<SheetDefaults, Double>, NumberRule)] = [
            ("duration", \.duration, .seconds), ("dimming_alpha", \.dimmingAlpha, .fraction),
            ("dismiss_velocity_threshold", \.dismissVelocityThreshold, .positive),
            ("dismiss_projected_fraction", \.dismissProjectedFraction, .fraction), ("medium_fraction", \.mediumFraction, .fraction),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0) + ["curve", "dismisses_on_dimming_tap"])
        for (key, path, rule) in numbers {
            if let value = try t.optionalNumber(key, rule) { d[keyPath: path] = value }
        }
        d.curve = try t.optionalCurveName("curve") ?? d.curve
        d.dismissesOnDimmingTap = try t.optionalBool("dismisses_on_dimming_tap") ?? d.dismissesOnDimmingTap
        return d
    }

    static func loadAdaptive(_ toml: ConfigReader, base: AdaptiveDefaults = AdaptiveDefaults()) throws -> AdaptiveDefaults {
        var a = base
        guard let t = try toml.optionalTable("adaptive") else { return a }
        // Heights and widths in points; durations in virtual seconds.
        let numbers: [(String, WritableKeyPath<AdaptiveDefaults, Double>, NumberRule)] = [
            ("tab_bar_height_phone", \.tabBarHeightPhone, .length),
            ("tab_bar_height_phone_landscape_narrow", \.tabBarHeightPhoneLandscapeNarrow, .length),
            ("narrow_phone_width", \.narrowPhoneWidth, .length), ("tab_bar_height_pad", \.tabBarHeightPad, .length),
            ("tab_bar_fade_duration", \.tabBarFadeDuration, .seconds), ("primary_column_width", \.primaryColumnWidth, .length),
            ("size_change_duration", \.sizeChangeDuration, .seconds),
        ]
        try t.rejectUnknownKeys(numbers.map(\.0) + ["tab_bar_fade_curve"])
        for (key, path, rule) in numbers {
            if let value = try t.optionalNumber(key, rule) { a[keyPath: path] = value }
        }
        a.tabBarFadeCurve = try t.optionalCurveName("tab_bar_fade_curve") ?? a.tabBarFadeCurve
        return a
    }
}

/// The ranges of engine.toml's numbers, in the words its errors use.
extension NumberRule {
    fileprivate static let rate = NumberRule.openUnitInterval("a deceleration rate per millisecond")
        .withSummary("a deceleration rate per millisecond between 0 and 1 (exclusive), like 0.998")
    fileprivate static let fraction = NumberRule(0...1).withSummary("a fraction between 0 and 1")
    fileprivate static let positive = NumberRule(Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude)
    fileprivate static let nonNegative = NumberRule(0...Double.greatestFiniteMagnitude)
    /// A spring's mass, stiffness or damping ratio: more than 0, and at most 1e9 so that the
    /// damping 2ζ√(km) stays finite (a mass of 1e300 made it infinite, and the spring trap).
    fileprivate static let spring = NumberRule(Double.leastNonzeroMagnitude...1e9)
}
