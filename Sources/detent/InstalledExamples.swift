import DetentPlatform
import FoundationEssentials
import Glibc

/// The examples scripts/install.sh puts beside the binary, in `PREFIX/share/detent/examples`
/// (the bundled plugins, their specs, the hello-world script, the daemon's example clients),
/// laid out as they sit in a project: `detent init --examples` copies the tree as it is.
enum InstalledExamples {
    /// The examples folder of the prefix this binary was installed into: `bin/detent`'s
    /// `../share/detent/examples`, found from the binary itself (symbolic links resolved),
    /// so a copy under any prefix, or unpacked from the archive, finds its own.
    static func folder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let binary = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        let prefix = PathText.parent(of: PathText.parent(of: binary))
        return PathText.join(prefix, "share/detent/examples")
    }

    /// Every file under `folder`, relative to it, in name order, with whether its owner may
    /// execute it. Throws a sentence naming the folder when it is missing (a binary run from
    /// a build folder has no installed examples).
    static func files(in folder: String) throws -> [(path: String, executable: Bool)] {
        var isDirectory: Bool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
            throw Missing(description: "no examples at \(folder): they are installed beside bin/detent by scripts/install.sh "
                          + "(and are in the release archive); a detent run from a build folder has none")
        }
        var found: [(path: String, executable: Bool)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : PathText.join(folder, relative)
            for name in try FileManager.default.contentsOfDirectory(atPath: absolute) {
                let path = relative.isEmpty ? name : PathText.join(relative, name)
                var status = stat()
                guard lstat(PathText.join(folder, path), &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: pending.append(path)
                case S_IFREG: found.append((path, status.st_mode & S_IXUSR != 0))
                default: continue
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }
}
