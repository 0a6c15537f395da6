import DetentWorld

/// The numbers the engines of one world start from: `config/engine.toml`'s `[motion]` and each
/// registered engine's section (`EngineRegistry`), with whatever that world's
/// `detent.world{config = {...}}` overrides. An engine's settings are read by their type:
/// `defaults[DrawerDefaults.self]`.
public struct EngineDefaults: Equatable, Sendable {
    /// `[motion]`: generic animators, `detent.motion`, velocity tracking (not an engine's).
    public var motion: MotionDefaults
    /// Each engine's settings, by type; a type not stored has the SPEC's values.
    private var settings: [ObjectIdentifier: any EngineSettings] = [:]

    /// The SPEC's values for every engine, and `motion`.
    public init(motion: MotionDefaults = MotionDefaults()) {
        self.motion = motion
    }

    /// One engine kind's settings.
    public subscript<Settings: EngineSettings>(_ type: Settings.Type) -> Settings {
        get { settings[ObjectIdentifier(type)] as? Settings ?? Settings() }
        set { settings[ObjectIdentifier(type)] = newValue }
    }

    public static func == (a: EngineDefaults, b: EngineDefaults) -> Bool {
        guard a.motion == b.motion else { return false }
        for (id, value) in a.settings where !value.isEqual(to: b.settings[id]) { return false }
        for (id, value) in b.settings where a.settings[id] == nil && !value.isEqual(to: nil) { return false }
        return true
    }
}
