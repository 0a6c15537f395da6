import Foundation

/// The package's own executables, as the tests run them: found beside the test bundle (the
/// same build, with the same sanitizers), else in .build/debug; and a run that captures
/// standard output and error together.
public enum BuiltExecutables {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of executable `name` (`detent`, `detent-fuzz-lua`, …) this build made.
    public static func path(of name: String) throws -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = root.appendingPathComponent(".build/debug/\(name)").path
        guard FileManager.default.isExecutableFile(atPath: fallback) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no \(name) binary beside the tests; run swift build first"])
        }
        return fallback
    }

    /// What a finished process left: how it ended and everything it printed.
    public struct Run {
        public var status: Int32
        public var exitedNormally: Bool
        public var output: String
    }

    /// Runs `executable` with `arguments` in `folder` (default: the repository root) and
    /// waits for it.
    public static func run(_ executable: String, _ arguments: [String], in folder: String? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder.map { URL(fileURLWithPath: $0) } ?? root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
                   output: String(decoding: data, as: UTF8.self))
    }
}
