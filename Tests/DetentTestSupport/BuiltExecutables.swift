import CPlatform
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
    ///
    /// Started with `posix_spawn` and waited for with `waitpid` on the calling thread, its
    /// output going to a file read after the exit — not Foundation's `Process` and a pipe.
    /// `Process` learns of an exit on a dispatch queue: while other tests held the worker
    /// threads of a 2-core machine in blocking waits, a run that had ended long before went on
    /// "running" (both studio tests once timed out at 300 s, then passed after 302 s, each the
    /// moment another test finished); and a pipe's write end inherited by a program another
    /// test started keeps a read to its end waiting for that program.
    public static func run(_ executable: String, _ arguments: [String], in folder: String? = nil) throws -> Run {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("detent-run-\(getpid())-\(UUID().uuidString).out").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        detent_spawn_chdir(&actions, folder ?? root.path)
        detent_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with every signal at its default and none blocked.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(executable): \(String(cString: strerror(spawned)))"]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let data = FileManager.default.contents(atPath: output) ?? Data()
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let exited = status & 0x7f == 0
        return Run(status: exited ? (status >> 8) & 0xff : status & 0x7f, exitedNormally: exited,
                   output: String(decoding: data, as: UTF8.self))
    }
}
