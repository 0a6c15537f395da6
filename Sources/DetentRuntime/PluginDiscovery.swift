import DetentConfig
import DetentPlatform
import FoundationEssentials
import DetentScripting

/// Finds plugin files (SPEC §12): every `*.lua` directly in `scripts/plugins/`, in the
/// folders of `[plugins] paths` and in each `--plugins DIR`, loaded in file-name order
/// (a name in two folders: the earlier folder's first).
public enum PluginDiscovery {
    /// The folder every run looks in, relative to the project folder
    /// (`DetentConfiguration.RunDefaults.pluginFolder` holds it as the run shows it).
    public static let defaultFolder = DetentConfiguration.defaultPluginFolder

    /// Reads the plugin files of `defaultFolder` (the project's; it may be missing) and of
    /// `folders` (named by the user: they must exist), paths as given, resolved against `base`.
    public static func sources(defaultFolder: String?, folders: [String], base: String) throws -> [PluginSource] {
        var found: [(name: String, order: Int, path: String)] = []
        let all = (defaultFolder.map { [($0, false)] } ?? []) + folders.map { ($0, true) }
        for (order, (folder, required)) in all.enumerated() {
            let resolved = SpecDiscovery.resolve(folder, base: base)
            var isDirectory: Bool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory else {
                if required { throw UsageError(description: "plugin folder '\(folder)' does not exist (from --plugins or [plugins] paths)") }
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: resolved)) ?? []
            for name in names where name.hasSuffix(".lua") && !name.hasPrefix(".") {
                let shown = PathText.join(folder, name)
                found.append((name, order, shown))
            }
        }
        found.sort { ($0.name, $0.order) < ($1.name, $1.order) }
        return try found.map { entry in
            guard let text = try? String(contentsOfFile: SpecDiscovery.resolve(entry.path, base: base), encoding: .utf8) else {
                throw UsageError(description: "cannot read plugin \(entry.path) as UTF-8 text")
            }
            return PluginSource(path: entry.path, text: text)
        }
    }
}
