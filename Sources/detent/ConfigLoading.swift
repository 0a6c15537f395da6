import ArgumentParser
import DetentLua
import DetentPlatform
import DetentRuntime
import FoundationEssentials
import DetentConfig

/// The configuration a command was given: the built-in defaults, then `--config FILE|DIR` or
/// `$DETENT_CONFIG`, and the nearest detent.toml above the working folder; a config error is
/// printed as `detent: FILE:line: …` and exits 2 (SPEC §10).
func loadConfigurationOrExit(_ explicit: String?, bustedTask: String? = nil,
                             flags: [(key: String, value: ConfigValue, flag: String)] = []) throws -> DetentConfiguration {
    try configurationOrExit(Result { try DetentConfiguration.load(ConfigLocation.current(explicit: explicit, bustedTask: bustedTask), flags: flags) })
}

/// A configuration read already (`Run.startEarly`), or its error reported as
/// `loadConfigurationOrExit` reports it.
func configurationOrExit(_ loaded: Result<DetentConfiguration, Error>) throws -> DetentConfiguration {
    do {
        return try loaded.get()
    } catch let error as ConfigError {
        StandardError.write("detent: \(error)\n")
        throw ExitCode(2)
    }
}

/// The help of every command's `--config`.
enum ConfigHelp {
    static let text = "A project file (like detent.toml) or a folder laid out like Detent's config/ (default: $DETENT_CONFIG, then the nearest detent.toml from here upward; built-in defaults for the rest)."
}
