import DetentLua
import DetentMotion

/// The numbers one engine kind starts from: its section of `config/engine.toml` (also
/// `[engine.<section>]` in detent.toml and a world's `config = {<section> = {...}}`). Each
/// engine's defaults type conforms, and its registration says how the section is read.
public protocol EngineSettings: Equatable, Sendable {
    /// The SPEC's values (what `config/engine.toml` repeats).
    init()
}

extension EngineSettings {
    /// Whether `other` holds the same numbers; a missing value stands for the SPEC's.
    func isEqual(to other: (any EngineSettings)?) -> Bool {
        guard let other else { return self == Self() }
        guard let same = other as? Self else { return false }
        return self == same
    }
}

/// Typed reads from one section of configuration, failing with a sentence that names the file,
/// line and key (a config file) or the argument's key (a script's `config`). The configuration
/// layer provides it; engine registrations only say which keys they take and by which rules.
public protocol EngineSettingsReader {
    func rejectUnknownKeys(_ allowed: [String], reasons: [String: String]) throws
    func optionalNumber(_ name: String, _ rule: NumberRule) throws -> Double?
    func optionalCurveName(_ name: String) throws -> String?
    func optionalBool(_ name: String) throws -> Bool?
    func optionalName(_ name: String, oneOf names: [String]) throws -> String?
    /// A spring in any dialect (`SpringSpecification`): a preset's name (`"smooth"`) or a
    /// table (`{duration = 0.5, bounce = 0.3}`) over `defaults`; nil when absent. Refused
    /// beside any of `alternatives` (the keys that give the same spring one number each),
    /// naming both keys.
    func optionalSpring(_ name: String, replacing alternatives: [String], defaults: SpringParameters) throws -> SpringParameters?
}

/// One key of an engine's config section and where its value goes.
public struct EngineSettingKey<Settings: EngineSettings>: Sendable {
    // Key paths to stored properties, made from literals: immutable values, safe to share
    // (the standard library does not mark WritableKeyPath Sendable).
    enum Kind: @unchecked Sendable {
        case number(WritableKeyPath<Settings, Double>, NumberRule)
        case curve(WritableKeyPath<Settings, String>)
        case boolean(WritableKeyPath<Settings, Bool>)
        case name(WritableKeyPath<Settings, String>, oneOf: [String])
        /// One spring written in any dialect, stored as the three numbers of the keys `replacing`.
        case spring(SpringPaths, replacing: [String])
    }

    /// Where a section keeps its spring's numbers.
    struct SpringPaths {
        let mass: WritableKeyPath<Settings, Double>
        let stiffness: WritableKeyPath<Settings, Double>
        let dampingRatio: WritableKeyPath<Settings, Double>
    }

    public let key: String
    let kind: Kind
    /// Whether the key is one of the section's own, written in config/engine.toml and listed
    /// with its value; false for another spelling of keys that are (`spring`).
    var listed: Bool {
        if case .spring = kind { return false }
        return true
    }

    /// A number checked by `rule` (its range and unit are what errors quote).
    public static func number(_ key: String, _ path: WritableKeyPath<Settings, Double>, _ rule: NumberRule) -> Self {
        Self(key: key, kind: .number(path, rule))
    }

    /// A timing curve's name (built-in, or a plugin's).
    public static func curve(_ key: String, _ path: WritableKeyPath<Settings, String>) -> Self { Self(key: key, kind: .curve(path)) }

    public static func boolean(_ key: String, _ path: WritableKeyPath<Settings, Bool>) -> Self { Self(key: key, kind: .boolean(path)) }

    /// One of a fixed set of words.
    public static func name(_ key: String, _ path: WritableKeyPath<Settings, String>, oneOf names: [String]) -> Self {
        Self(key: key, kind: .name(path, oneOf: names))
    }

    /// The section's spring as one `spring` key, in any dialect (`SpringSpecification`): a
    /// preset's name or a table, stored in the numbers of `spring_mass`, `spring_stiffness`
    /// and `spring_damping_ratio` (which it cannot be given beside).
    public static func spring(mass: WritableKeyPath<Settings, Double>, stiffness: WritableKeyPath<Settings, Double>,
                              dampingRatio: WritableKeyPath<Settings, Double>) -> Self {
        Self(key: "spring", kind: .spring(SpringPaths(mass: mass, stiffness: stiffness, dampingRatio: dampingRatio),
                                          replacing: ["spring_mass", "spring_stiffness", "spring_damping_ratio"]))
    }

    /// Replaces the value in `settings` when `reader` has the key, after checking it.
    func read(from reader: any EngineSettingsReader, into settings: inout Settings) throws {
        switch kind {
        case let .spring(paths, alternatives):
            let defaults = SpringParameters(mass: settings[keyPath: paths.mass], stiffness: settings[keyPath: paths.stiffness],
                                            dampingRatio: settings[keyPath: paths.dampingRatio])
            guard let spring = try reader.optionalSpring(key, replacing: alternatives, defaults: defaults) else { return }
            settings[keyPath: paths.mass] = spring.mass
            settings[keyPath: paths.stiffness] = spring.stiffness
            settings[keyPath: paths.dampingRatio] = spring.dampingRatio
        case let .number(path, rule): if let value = try reader.optionalNumber(key, rule) { settings[keyPath: path] = value }
        case let .curve(path): if let value = try reader.optionalCurveName(key) { settings[keyPath: path] = value }
        case let .boolean(path): if let value = try reader.optionalBool(key) { settings[keyPath: path] = value }
        case let .name(path, names): if let value = try reader.optionalName(key, oneOf: names) { settings[keyPath: path] = value }
        }
    }

    /// The value `settings` holds for this key, as config shows it (curve and rate names as words).
    func value(in settings: Settings) -> EngineSettingValue {
        switch kind {
        case let .number(path, _): return .number(settings[keyPath: path])
        case let .curve(path): return .curve(settings[keyPath: path])
        case let .name(path, _): return .word(settings[keyPath: path])
        case let .boolean(path): return .boolean(settings[keyPath: path])
        case let .spring(paths, _):
            let spring = SpringParameters(mass: settings[keyPath: paths.mass], stiffness: settings[keyPath: paths.stiffness],
                                          dampingRatio: settings[keyPath: paths.dampingRatio])
            return .word(spring.swiftUI)
        }
    }
}

/// A value of an engine setting, for listings and checks.
public enum EngineSettingValue: Equatable, Sendable {
    case number(Double)
    /// A timing curve's name (built in, or a plugin's: checked once plugins are loaded).
    case curve(String)
    case word(String)
    case boolean(Bool)
}

/// How one section of engine.toml is read: its name, its keys with their rules, and what it
/// takes from the sections read before it (the sheet's release numbers are `[drawer]`'s).
public struct EngineSettingsSection: Sendable {
    /// The section's name: `[drawer]` in engine.toml, `[engine.drawer]` in detent.toml.
    public let name: String
    /// Its keys, in the order they are listed.
    public let keys: [String]
    private let load: @Sendable (_ reader: any EngineSettingsReader, _ defaults: inout EngineDefaults) throws -> Void
    private let deriveValues: @Sendable (_ defaults: inout EngineDefaults) -> Void
    private let listValues: @Sendable (_ defaults: EngineDefaults) -> [(key: String, value: EngineSettingValue)]

    /// A section read into `Settings` by `keys`; `derive` sets what it takes from other
    /// sections, once all are read (also when this one is absent).
    public init<Settings: EngineSettings>(_ name: String, _ type: Settings.Type, keys: [EngineSettingKey<Settings>],
                                          derive: (@Sendable (inout Settings, EngineDefaults) -> Void)? = nil) {
        self.name = name
        self.keys = keys.filter(\.listed).map(\.key)
        let names = keys.map(\.key)
        load = { reader, defaults in
            var settings = defaults[Settings.self]
            try reader.rejectUnknownKeys(names, reasons: [:])
            for key in keys { try key.read(from: reader, into: &settings) }
            defaults[Settings.self] = settings
        }
        deriveValues = { defaults in
            guard let derive else { return }
            var settings = defaults[Settings.self]
            derive(&settings, defaults)
            defaults[Settings.self] = settings
        }
        listValues = { defaults in
            let settings = defaults[Settings.self]
            return keys.filter(\.listed).map { ($0.key, $0.value(in: settings)) }
        }
    }

    /// Reads this section's keys from `reader` over `defaults`.
    public func read(from reader: any EngineSettingsReader, into defaults: inout EngineDefaults) throws {
        try load(reader, &defaults)
    }

    /// Sets what this section takes from others (after every section is read).
    public func derive(in defaults: inout EngineDefaults) { deriveValues(&defaults) }

    /// Each key with the value `defaults` holds for it.
    public func values(in defaults: EngineDefaults) -> [(key: String, value: EngineSettingValue)] { listValues(defaults) }
}
