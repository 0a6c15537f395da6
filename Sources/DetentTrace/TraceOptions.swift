import DetentPlatform
import FoundationEssentials

/// `detent run --trace on|retain-on-failure|off --trace-dir DIR` (SPEC §10, §11): whether each
/// test writes a trace, and where.
public struct TraceOptions: Equatable, Sendable {
    public enum Mode: String, Equatable, Sendable, CaseIterable {
        case off
        case on
        /// Written for every test, deleted again when the test passes.
        case retainOnFailure = "retain-on-failure"
    }

    public var mode: Mode = .off
    /// The folder traces go to, as given: a result's `tracePath` starts with it.
    public var directory = TraceOptions.defaultDirectory
    /// What a relative `directory` is relative to (the process's current directory when nil).
    public var workingDirectory: String? = nil

    public static let defaultDirectory = "detent-traces"

    public init(mode: Mode = .off, directory: String = TraceOptions.defaultDirectory, workingDirectory: String? = nil) {
        self.mode = mode
        self.directory = directory
        self.workingDirectory = workingDirectory
    }

    public var isEnabled: Bool { mode != .off }

    /// The trace file of one test attempt, as reported (under `directory`):
    /// `<spec path slug>/<line>-<test slug>[.retryN][.iterN].jsonl`. The line keeps two tests
    /// with the same name apart; the slugs keep the path readable and portable.
    public func path(file: String, fullName: String, location: String, retry: Int = 0, iteration: Int? = nil) -> String {
        let line = location.split(separator: ":").last.flatMap { Int($0) }.map { "\($0)-" } ?? ""
        var name = line + TraceOptions.slug(fullName, limit: 80)
        if retry > 0 { name += ".retry\(retry)" }
        if let iteration { name += ".iter\(iteration)" }
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return "\(folder)/\(TraceOptions.slug(file, limit: 120))/\(name).jsonl"
    }

    /// Where `path` (from `path(...)`) is on disk.
    public func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = workingDirectory ?? FileManager.default.currentDirectoryPath
        return PathText.join(base, path)
    }

    /// Lower-case letters, digits, `.` and `-`; every other run of characters becomes one `-`.
    static func slug(_ text: String, limit: Int) -> String {
        var out = ""
        var dash = false
        for scalar in text.lowercased().unicodeScalars {
            let keep = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "."
            if keep {
                if dash && !out.isEmpty { out += "-" }
                dash = false
                out.unicodeScalars.append(scalar)
            } else {
                dash = true
            }
            if out.count > limit { break }
        }
        while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
        if out.count > limit {
            // Long names often differ only at the end ("… block 7"): a hash of the whole
            // text keeps them apart.
            let hex = String(fnv1a(text) & 0xFFFF_FFFF, radix: 16)
            var kept = String(out.prefix(limit - 9))
            while kept.hasSuffix("-") { kept.removeLast() }
            out = kept + "-" + String(repeating: "0", count: 8 - hex.count) + hex
        }
        return out.isEmpty ? "test" : out
    }
}
