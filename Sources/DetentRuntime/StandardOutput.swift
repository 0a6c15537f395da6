// Glibc's `stdout` is a C global (`FILE *`) that Swift 6 cannot prove is set once: it is, by the
// C runtime before `main`, and nothing in Detent reassigns it; stdio locks the stream inside
// `fwrite`/`fflush`. This one file imports Glibc with that understanding so that the rest of
// the package writes to standard output through `StandardOutput` without unchecked globals.
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The process's standard output, written whole and flushed at once (reports, listings and
/// the console's lines interleave with `print` in the order they were written).
public enum StandardOutput {
    /// Writes `text` as it is and flushes.
    public static func write(_ text: String) {
        var copy = text
        copy.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, stdout) }
        fflush(stdout)
    }
}
