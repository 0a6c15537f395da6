import DetentLua
import DetentPlatform
import FoundationEssentials

/// `detent run --coverage`: which lines of the project's Lua files ran — specs, the project's
/// modules, plugins, helpers; not Detent's own prelude, nor modules from outside the project
/// folder (LuaRocks' or Debian's) — as LCOV tracefile data (`SF`/`DA`/`LF`/`LH` records, what
/// genhtml, Codecov and GitLab read) and as luacov's `luacov.stats.out`. A file's executable
/// lines are the lines its compiled chunk has code on (`ChunkLines`), so a function that never
/// ran counts as missed lines, not as nothing.
public struct CoverageReport {
    public struct File: Equatable {
        /// As the run showed it (relative to the working folder below it).
        public var path: String
        /// Every line with code → times it ran (0: never).
        public var lines: [Int: Int]
        public var found: Int { lines.count }
        public var hit: Int { lines.values.filter { $0 > 0 }.count }
    }

    public let files: [File]

    /// `hits` as `SpecRunner.coverage` gives them; `base` the working folder, `projectRoot`
    /// the folder whose files count.
    public init(hits: [String: [Int: Int]], base: String, projectRoot: String) {
        var files: [File] = []
        let root = PathText.standardized(projectRoot)
        for (path, ran) in hits {
            let absolute = PathText.absolute(path, base: base)
            guard absolute.hasPrefix(root == "/" ? "/" : root + "/") else { continue }
            var lines: [Int: Int] = [:]
            if let data = FileManager.default.contents(atPath: absolute),
               let executable = try? ChunkLines.of(source: String(decoding: data, as: UTF8.self), chunkName: path) {
                for line in executable { lines[line] = 0 }
            }
            lines.merge(ran, uniquingKeysWith: +)
            files.append(File(path: path, lines: lines))
        }
        self.files = files.sorted { $0.path < $1.path }
    }

    public var linesFound: Int { files.reduce(0) { $0 + $1.found } }
    public var linesHit: Int { files.reduce(0) { $0 + $1.hit } }

    /// LCOV tracefile text (geninfo(1)'s format).
    public var lcov: String {
        var out = ""
        for file in files {
            out += "TN:\nSF:\(file.path)\n"
            for line in file.lines.keys.sorted() { out += "DA:\(line),\(file.lines[line]!)\n" }
            out += "LF:\(file.found)\nLH:\(file.hit)\nend_of_record\n"
        }
        return out
    }

    /// luacov's statistics file: per file `MAX:path` and the hits of lines 1…MAX.
    public var luacovStats: String {
        var out = ""
        for file in files {
            let last = file.lines.keys.max() ?? 0
            out += "\(last):\(file.path)\n"
            out += (0..<last).map { String(file.lines[$0 + 1] ?? 0) }.joined(separator: " ") + " \n"
        }
        return out
    }

    /// "coverage: 87.5 % of 240 lines in 6 files".
    public var summary: String {
        let percent = linesFound == 0 ? 0 : Double(linesHit) * 100 / Double(linesFound)
        return "coverage: \(String(printf: "%.1f", percent)) % of \(linesFound) lines in \(files.count) file\(files.count == 1 ? "" : "s")"
    }
}
