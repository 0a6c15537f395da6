import ArgumentParser
import DetentRuntime
import Foundation

/// The config folder a command was given (`--config`, `$DETENT_CONFIG` or `./config`), loaded;
/// a config error is printed as `detent: file: …` and exits 2 (SPEC §10).
func loadConfigurationOrExit(_ explicit: String?) throws -> DetentConfiguration {
    do {
        return try DetentConfiguration.load(from: DetentConfiguration.locate(explicit: explicit))
    } catch let error as ConfigError {
        FileHandle.standardError.write(Data("detent: \(error)\n".utf8))
        throw ExitCode(2)
    }
}
