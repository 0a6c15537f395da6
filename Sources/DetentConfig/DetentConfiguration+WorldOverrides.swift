import DetentLua
import DetentScripting

/// `detent.world{config = {...}}`: one world's overrides of engine.toml's sections.
extension DetentConfiguration {
    /// Top-level keys a script may think of as config but that are not one world's to change,
    /// with why (refused with this sentence rather than as an unknown key).
    static let notWorldSettings: [String: String] = [
        "limits": "is not a world setting: limits hold for the whole run (runner.toml [limits])",
        "run": "is not a world setting: runner.toml [run] is read once for the whole run",
        "device": "is not a config section: choose a device profile with detent.world{device = \"...\"}",
        "devices": "is not a config section: choose a device profile with detent.world{device = \"...\"}",
    ]

    /// The engine defaults of a world whose script passed `config`: this configuration's
    /// (engine.toml, or the folder given to --config) with every key `config` holds replaced,
    /// each checked by the rule its engine.toml key has. Without overrides, this
    /// configuration's own. Throws `WorldRequestError` naming the key as the script wrote it
    /// (`config.drawer.spring_stiffness: a finite number > 0 expected, got -1`).
    public func engineDefaults(overriddenBy config: ConfigValue?) throws -> EngineDefaults {
        let base = engineDefaults
        guard let config else { return base }
        guard case let .table(sections) = config else {
            throw WorldRequestError(detail: "config: a table of sections (\(DetentConfiguration.engineSections.joined(separator: ", "))) expected, got a list")
        }
        return try DetentConfiguration.loadEngine(ConfigReader(argument: sections, path: "config"), base: base,
                                                  reasons: DetentConfiguration.notWorldSettings)
    }
}
