import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see the old content or the new, never part of it: the text
/// goes to a temporary file in the same folder (same file system), is flushed to disk, then
/// rename(2) puts it in place in one step. A run killed before the rename leaves the previous
/// report (or none); one killed during the write leaves at most a `.NAME.tmp-PID-N` file.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        // 0666 less the umask, as an ordinary file the user creates.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(folder)", path: path) }
        var ok = true
        var bytes = Array(text.utf8)
        var written = 0
        bytes.withUnsafeMutableBytes { buffer in
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 { if errno == EINTR { continue }; ok = false; return }
                written += count
            }
        }
        let error = errno
        if ok && fsync(descriptor) != 0 { ok = false }
        if close(descriptor) != 0 { ok = false }
        guard ok else {
            unlink(temporary)
            errno = error
            throw failure("cannot write the report", path: path)
        }
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            errno = error
            throw failure("cannot move the report into place", path: path)
        }
    }

    private static func failure(_ what: String, path: String) -> WriteError {
        WriteError(description: "\(what) for \(path): \(String(cString: strerror(errno)))")
    }
}
