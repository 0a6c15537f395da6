import ArgumentParser
import DetentPlatform
import DetentRuntime
import FoundationEssentials

/// The config folder a command was given (`--config`, `$DETENT_CONFIG` or `./config`), loaded;
/// a config error is printed as `detent: file: …` and exits 2 (SPEC §10).
func loadConfigurationOrExit(_ explicit: String?) throws -> DetentConfiguration {
    do {
        return try DetentConfiguration.load(from: DetentConfiguration.locate(explicit: explicit))
    } catch let error as ConfigError {
        StandardError.write("detent: \(error)\n")
        throw ExitCode(2)
    }
}
