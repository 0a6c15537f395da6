import FoundationEssentials
import DetentPlatform

/// Finds spec files: explicit files as given, folders searched recursively for
/// `*_spec.lua`, sorted by path so discovery order never depends on the file system.
enum SpecDiscovery {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "no such file or folder: \(path)" }
    }

    /// Paths come back as given (relative ones stay relative to `base`).
    static func files(in paths: [String], base: String) throws -> [String] {
        var result: [String] = []
        let fm = FileManager.default
        for path in paths {
            guard !path.trimmingSpaces().isEmpty else { throw Missing(path: "\"\" (an empty path)") }
            let absolute = resolve(path, base: base)
            var isDirectory: Bool = false
            guard fm.fileExists(atPath: absolute, isDirectory: &isDirectory) else { throw Missing(path: path) }
            if !isDirectory {
                result.append(path)
                continue
            }
            var found: [String] = []
            for relative in (try? fm.subpathsOfDirectory(atPath: absolute)) ?? [] where relative.hasSuffix("_spec.lua") {
                found.append(PathText.join(path, relative))
            }
            result.append(contentsOf: found.sorted())
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    static func resolve(_ path: String, base: String) -> String {
        path.hasPrefix("/") ? path : PathText.join(base, path)
    }
}
