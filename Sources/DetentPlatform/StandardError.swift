import Glibc

/// The process's standard error (file descriptor 2), written unbuffered — what Foundation's
/// `FileHandle.standardError` was, without loading Foundation.
public enum StandardError {
    /// Writes `text` as UTF-8, all of it (retrying short and interrupted writes); a closed or
    /// broken stream loses the text silently, as a diagnostic must not stop the process.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(2, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 { offset += written } else if written < 0, errno == EINTR { continue } else { return }
            }
        }
    }
}
