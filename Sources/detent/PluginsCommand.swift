import DetentConfig
import ArgumentParser
import DetentPlatform
import DetentRuntime
import DetentScripting
import FoundationEssentials
import DetentJSON

/// `detent plugins`: every plugin found (SPEC §12), loaded in a fresh state as a run would,
/// with its version, file and what it registered, and the plugins that failed with their
/// errors. `--json` for tools. Exit status 2 when a plugin failed to load, as a run would.
struct Plugins: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the plugins a run would load, what each registers, and load errors.",
        discussion: "Exit status: 0 every plugin loaded, 2 a plugin failed to load (or a usage error)."
    )

    @Option(name: .customLong("plugins"), help: "Also look in this folder (repeatable; besides scripts/plugins and [plugins] paths).")
    var pluginFolders: [String] = []

    @Option(name: .long, help: ArgumentHelp(ConfigHelp.text))
    var config: String?

    @Flag(name: .long, help: "Print JSON: {\"loaded\": [{name, version, file, registered, invariant_tags}], \"failed\": [{file, message}]} (the loaded plugins as the daemon's plugins method lists them).")
    var json = false

    func run() throws {
        let configuration = try loadConfigurationOrExit(config)
        let base = FileManager.default.currentDirectoryPath
        let result: (loaded: [PluginRecord], failed: [PluginLoadError])
        do {
            let sources = try PluginDiscovery.sources(defaultFolder: configuration.run.pluginFolder,
                                                      folders: configuration.run.pluginPaths + pluginFolders, base: base)
            let settings = try SessionSettings(configuration: configuration, luaSetup: configuration.luaSetup(defaultLibrary: .full))
            result = try PluginProbe.inspect(sources, settings: settings)
        } catch let error as UsageError {
            StandardError.write("detent: \(error)\n")
            throw ExitCode(2)
        }
        print(json ? PluginListing.json(result.loaded, result.failed) : PluginListing.text(result.loaded, result.failed), terminator: "")
        if !result.failed.isEmpty { throw ExitCode(2) }
    }
}

/// The two forms of `detent plugins`' listing.
enum PluginListing {
    static func text(_ loaded: [PluginRecord], _ failed: [PluginLoadError]) -> String {
        var out = ""
        if loaded.isEmpty && failed.isEmpty { out += "no plugins found (looked in scripts/plugins, [plugins] paths and --plugins)\n" }
        for plugin in loaded {
            out += "\(plugin.name) \(plugin.version)  \(plugin.file)\n"
            for kind in ScriptHost.pluginKinds {
                guard let names = plugin.registered[kind], !names.isEmpty else { continue }
                let shown = kind == "invariant" ? names.map { "\($0) (\(plugin.coverage(ofInvariant: $0)))" } : names
                out += "  \(kind): \(shown.joined(separator: ", "))\n"
            }
        }
        for failure in failed { out += "FAILED  \(failure.file)\n  \(failure.message)\n" }
        out += "\(loaded.count) loaded, \(failed.count) failed\n"
        return out
    }

    /// One compact line, the plugins as the daemon's `plugins` method lists them (`PluginRecord.json`).
    static func json(_ loaded: [PluginRecord], _ failed: [PluginLoadError]) -> String {
        let failures = failed.map { JSONValue.object([("file", .string($0.file)), ("message", .string($0.message))]) }
        return JSONValue.object([("loaded", .array(loaded.map(\.json))), ("failed", .array(failures))]).text + "\n"
    }
}
