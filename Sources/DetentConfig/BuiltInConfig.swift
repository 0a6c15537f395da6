/// The files of this repository's config/ folder, compiled into the binary (Package.swift
/// embeds `Sources/DetentConfig/Defaults`, a link to config/, as it embeds the Lua prelude):
/// the defaults every command starts from, so Detent works in any folder with no config of
/// its own. config/ stays the one source of these values and the reference users read.
enum BuiltInConfig {
    /// One built-in file: its name, where its top level sits in the whole tree and which
    /// top-level keys it may hold. A folder given to --config holds files of the same names.
    struct File {
        let name: String
        let prefix: String
        let allowed: [String]
        let bytes: [UInt8]
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    static let files: [File] = [
        File(name: "devices.toml", prefix: "", allowed: ["device"], bytes: PackageResources.devices_toml),
        File(name: "engine.toml", prefix: "engine", allowed: DetentConfiguration.engineSections, bytes: PackageResources.engine_toml),
        File(name: "runner.toml", prefix: "", allowed: ["run", "limits", "plugins", "lua"], bytes: PackageResources.runner_toml),
        File(name: "daemon.toml", prefix: "daemon", allowed: DaemonConfiguration.sections, bytes: PackageResources.daemon_toml),
    ]

    /// The top-level keys of a project file (detent.toml): every built-in file's, with
    /// engine.toml's under `engine` and daemon.toml's under `daemon`.
    static let projectSections = ["run", "limits", "plugins", "lua", "device", "engine", "daemon"]

    /// detent.toml as a `File`, for `DetentConfiguration.check`.
    static let project = File(name: "detent.toml", prefix: "", allowed: projectSections, bytes: [])
}

extension DetentConfiguration {
    /// The built-in engine.toml as written, comments and all: the defaults and the source of
    /// each, which the reference pages' configuration tables quote.
    public static var builtInEngineText: String {
        BuiltInConfig.files.first { $0.name == "engine.toml" }!.text
    }
}
