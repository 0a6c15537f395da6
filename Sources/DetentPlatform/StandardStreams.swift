// Glibc's `stdout` and `stderr` are C globals (`FILE *`) that Swift 6 cannot prove are set
// once: they are, by the C runtime before `main`, and nothing in Detent reassigns them; stdio
// locks a stream inside `fwrite`/`fflush`. This one file imports Glibc with that understanding
// so that the rest of the package writes to the standard streams without unchecked globals.
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The process's standard output, written whole and flushed at once (reports, listings and
/// the console's lines interleave with `print` in the order they were written).
public enum StandardOutput {
    /// Writes `text` as it is and flushes.
    public static func write(_ text: String) { writeWhole(text, to: stdout) }
}

/// The process's standard error (diagnostics), written whole and flushed at once — what
/// Foundation's `FileHandle.standardError` was, without loading Foundation. A closed or broken
/// stream loses the text silently: a diagnostic must not stop the process.
public enum StandardError {
    /// Writes `text` as it is and flushes.
    public static func write(_ text: String) { writeWhole(text, to: stderr) }
}

private func writeWhole(_ text: String, to stream: UnsafeMutablePointer<FILE>) {
    var copy = text
    copy.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, stream) }
    fflush(stream)
}
