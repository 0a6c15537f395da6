import FoundationEssentials
import DetentPlatform
import Glibc

/// Finds spec files: explicit files as given, folders searched recursively for
/// `*_spec.lua`, sorted by path so discovery order never depends on the file system.
enum SpecDiscovery {
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "no such file or folder: \(path)" }
    }

    /// Paths come back as given (relative ones stay relative to `base`). `isSpec` decides
    /// which file names in a folder are specs (`SpecFilePattern`: `[run] pattern`).
    static func files(in paths: [String], base: String, isSpec: (String) -> Bool) throws -> [String] {
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
            for relative in subpaths(of: absolute) where isSpec(PathText.lastComponent(of: relative)) {
                found.append(PathText.join(path, relative))
            }
            result.append(contentsOf: found.sorted())
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// Every path under `folder`, relative to it, searched recursively without following
    /// symbolic links. A folder that cannot be read is skipped and the search goes on (as
    /// Foundation's enumerator did): FileManager's `subpathsOfDirectory` throws at the first
    /// one, and an unreadable subfolder must not leave a run with no specs, passing.
    static func subpaths(of folder: String) -> [String] {
        var result: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : PathText.join(folder, relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names {
                let path = relative.isEmpty ? name : PathText.join(relative, name)
                result.append(path)
                var status = stat()
                if lstat(PathText.join(folder, path), &status) == 0, status.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
            }
        }
        return result
    }

    static func resolve(_ path: String, base: String) -> String {
        path.hasPrefix("/") ? path : PathText.join(base, path)
    }
}
