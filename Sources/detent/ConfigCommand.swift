import DetentJSON
import ArgumentParser
import DetentLua
import DetentPlatform
import DetentRuntime
import FoundationEssentials
import DetentConfig

/// `detent config`: the effective settings and where each came from (issue 26 §2).
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective settings and where each value came from.",
        discussion: """
            Each line is a key of detent.toml with its value, then its origin: `built-in config/FILE:line` \
            (the defaults compiled into detent; this repository's config/ holds them), `FILE:line` (the project \
            file, or a file of the folder given to --config), `flag --NAME`, or `environment NAME`. \
            lua.package_path and lua.package_cpath are what a spec's package.path and package.cpath start as. \
            Exit status 2 when a config file is wrong (the message names FILE:line).
            """
    )

    @Option(name: .long, help: ArgumentHelp(ConfigHelp.text))
    var config: String?

    @Option(name: .long, help: "Show the settings as `detent run --device NAME` would use them.")
    var device: String?

    @Option(name: .long, help: "Show the settings as `detent run --seed N` would use them.")
    var seed: UInt64?

    @Option(name: .customLong("run"), help: "The task of the project's .busted file to read (default: default).")
    var bustedTask: String?

    @Flag(name: .long, help: "Print JSON: {project_file, project_root, config_folder, settings: [{key, value, origin: {kind, name, line, description}}]}.")
    var json = false

    func run() throws {
        var flags: [(key: String, value: ConfigValue, flag: String)] = []
        if let device { flags.append(("run.default_device", .string(device), "--device")) }
        if let seed { flags.append(("run.seed", .integer(Int64(clamping: seed)), "--seed")) }
        let configuration = try loadConfigurationOrExit(config, bustedTask: bustedTask, flags: flags)
        for notice in configuration.source.notices { StandardError.write("detent: \(notice)\n") }
        let listing = ConfigListing(configuration, environment: ProcessInfo.processInfo.environment)
        StandardOutput.write(json ? listing.json.indentedText() + "\n" : listing.text)
    }
}
