import DetentDaemonClient
import DetentPlatform
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Where the daemon listens, and the checks before it binds: a private folder, a stale
/// socket from a dead daemon replaced, a live daemon on the same path refused.
public enum DaemonSocket {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// `$XDG_RUNTIME_DIR/detent/detent.sock`, else `/tmp/detent-$UID/detent.sock`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/detent/detent.sock"
        }
        return "/tmp/detent-\(getuid())/detent.sock"
    }

    /// Makes the socket's folder (mode 0700) when missing, and checks that a folder we did
    /// not make is ours and not writable by others.
    public static func prepareFolder(for path: String) throws {
        let folder = PathText.parent(of: path)
        var info = stat()
        if stat(folder, &info) != 0 {
            guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
                throw Problem(description: "cannot create the socket folder \(folder): \(String(cString: strerror(errno)))")
            }
            _ = chmod(folder, 0o700)
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Problem(description: "\(folder) is not a folder") }
        if info.st_uid != getuid() && (info.st_mode & 0o1000) == 0 {
            throw Problem(description: "the socket folder \(folder) belongs to another user")
        }
    }

    /// Removes a stale socket at `path` (nobody accepts on it); refuses when a daemon is
    /// listening there or the path is something other than a socket.
    public static func clearStale(at path: String) throws -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw Problem(description: "\(path) exists and is not a socket; remove it or pass another --socket")
        }
        if isListening(path) {
            throw Problem(description: "another detent daemon is already listening on \(path) (stop it, or pass another --socket)")
        }
        guard unlink(path) == 0 else {
            throw Problem(description: "cannot remove the stale socket \(path): \(String(cString: strerror(errno)))")
        }
        return true
    }

    /// Whether something accepts connections on the Unix socket at `path`.
    public static func isListening(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }
}
