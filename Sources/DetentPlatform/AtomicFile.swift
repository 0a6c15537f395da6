import Glibc

/// Writes a file so that readers see the old content or the new, never part of it: the bytes
/// go to a temporary file in the same folder (same file system), are flushed to disk, then
/// rename(2) puts it in place in one step. A process killed before the rename leaves the
/// previous file (or none); one killed during the write leaves at most a `.NAME.tmp-PID-N`
/// file. Every file Detent writes whole (reports, traces, plots, recordings) goes through it,
/// rather than through FoundationEssentials' `.atomic` writing: that one names its temporary
/// file with mktemp(3), which a static link warns about, and always flushes (traces skip it).
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Writes `text` as UTF-8 to `path`, replacing the file that is there. `flush: false`
    /// skips fsync(2) — still all or nothing for a killed process, not for a power cut — for
    /// files the next run makes again (per-test traces, the benchmarks' generated specs).
    public static func write(_ text: String, to path: String, flush: Bool = true) throws {
        let folder = PathText.parent(of: path)
        let temporary = PathText.join(folder, ".\(PathText.lastComponent(of: path)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        // 0666 less the umask, as an ordinary file the user creates.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure("cannot create a temporary file in \(folder.isEmpty ? "." : folder) for \(path)") }
        var error: Int32 = 0
        var contents = text   // withUTF8 may make the text contiguous in place
        contents.withUTF8 { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 { if errno == EINTR { continue }; error = errno; return }
                written += count
            }
        }
        if error == 0 && flush && fsync(descriptor) != 0 { error = errno }
        if close(descriptor) != 0 && error == 0 { error = errno }
        guard error == 0 else {
            unlink(temporary)
            errno = error
            throw failure("cannot write \(path)")
        }
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            errno = error
            throw failure("cannot move \(temporary) into place as \(path)")
        }
    }

    /// `what` and the system's reason for the last failure (errno).
    private static func failure(_ what: String) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
