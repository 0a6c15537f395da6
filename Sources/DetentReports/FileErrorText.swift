import DetentPlatform
import FoundationEssentials
import Glibc

/// Why a file operation failed, in the system's words ("No such file or directory"): the
/// POSIX error under FoundationEssentials' `CocoaError`, whose own description is a dump of
/// its fields.
public enum FileErrorText {
    /// The reason alone: "No such file or directory".
    private static func reason(_ error: Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }

    /// "PATH: reason" for a file error of Foundation's that has a system reason (a
    /// `CocoaError` over a `POSIXError`, or a `POSIXError`), the path when the error names
    /// one; `AtomicFile`'s own sentence; nil for any other error.
    public static func sentence(_ error: Error) -> String? {
        if let write = error as? AtomicFile.WriteError { return write.description }
        if let cocoa = error as? CocoaError, cocoa.underlying is POSIXError {
            return (cocoa.filePath.map { "\($0): " } ?? "") + reason(error)
        }
        if error is POSIXError { return reason(error) }
        return nil
    }
}
