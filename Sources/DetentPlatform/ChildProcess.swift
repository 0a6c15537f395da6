import Glibc

/// Starting another program (found on PATH, `posix_spawnp`): what Foundation's `Process`
/// did for Detent, without loading Foundation.
public enum ChildProcess {
    /// A program that could not be started, with the system's reason.
    public struct StartFailure: Error, CustomStringConvertible {
        public var program: String
        public var reason: String
        public var description: String { "cannot start \(program): \(reason)" }
    }

    /// Starts `arguments` (the program first) and returns its pid at once; the caller waits
    /// for it (`waitpid`) or lets it go. With `silenced`, its standard output and standard
    /// error go to /dev/null.
    public static func start(_ arguments: [String], silenced: Bool = false) throws -> pid_t {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        if silenced {
            posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let status = posix_spawnp(&pid, arguments[0], &fileActions, nil, &argv, environ)
        guard status == 0 else { throw StartFailure(program: arguments[0], reason: String(cString: strerror(status))) }
        return pid
    }
}
