import FoundationEssentials
import Glibc

/// Why a file operation failed, in the system's words ("No such file or directory"): the
/// POSIX error under FoundationEssentials' `CocoaError`, whose own description is a dump of
/// its fields.
enum FileErrorText {
    static func reason(_ error: Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        return "\(error)"
    }
}
