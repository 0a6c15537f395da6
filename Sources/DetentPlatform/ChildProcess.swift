import CPlatform
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
    /// error go to /dev/null. The program starts with no signal blocked and every signal at
    /// its default, as Foundation's `Process` started it: a caller that blocks SIGTERM (the
    /// daemon) or ignores SIGINT (a run, the console) does not pass that on.
    public static func start(_ arguments: [String], silenced: Bool = false) throws -> pid_t {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var attributes = posix_spawnattr_t()
        initializeCleanSignals(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if silenced {
            posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        }
        detent_spawn_close_from(&fileActions, 3)   // standard streams only (see WorkerProcess)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        let status = posix_spawnp(&pid, arguments[0], &fileActions, &attributes, &argv, environ)
        guard status == 0 else { throw StartFailure(program: arguments[0], reason: String(cString: strerror(status))) }
        return pid
    }

    /// Spawn attributes with no signal blocked and every signal at its default (initialized
    /// here; the caller destroys them).
    static func initializeCleanSignals(_ attributes: inout posix_spawnattr_t) {
        posix_spawnattr_init(&attributes)
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Writes all of `bytes` to `fd`, retrying short writes and interruptions; false when the
    /// other end is gone (or the fd is). On a socket a gone reader is EPIPE, never SIGPIPE: a
    /// coordinator writing to a worker that just died must not die with it.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        var socket = true
        while offset < bytes.count {
            var written = bytes.withUnsafeBytes { raw -> Int in
                socket ? send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL)) : -1
            }
            if written < 0 && (!socket || errno == ENOTSOCK) {
                socket = false
                written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
