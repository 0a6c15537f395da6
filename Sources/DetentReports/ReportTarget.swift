import FoundationEssentials

/// A `--report` argument: the file a whole-run report goes to, and its format.
///
/// The rule: `FORMAT:FILE` names the format (`junit:out/results`; FORMAT is console, tap,
/// junit or json in any case, so a path like `logs:x.json` is not read as a format); otherwise
/// the extension decides: `.xml` JUnit, `.json` JSON, `.tap` TAP, `.txt` or `.log` console text.
/// Anything else is a usage error that says so.
public struct ReportTarget: Equatable, Sendable {
    public var format: ReportFormat
    public var path: String

    public init(format: ReportFormat, path: String) {
        self.format = format
        self.path = path
    }

    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    static let extensions: [(String, ReportFormat)] = [("xml", .junit), ("json", .json), ("tap", .tap), ("txt", .console), ("log", .console)]

    public static func parse(_ argument: String) throws -> ReportTarget {
        if let colon = argument.firstIndex(of: ":"), let format = ReportFormat(name: String(argument[..<colon])) {
            let path = String(argument[argument.index(after: colon)...])
            guard !path.isEmpty else { throw Invalid(description: "--report \(argument) names no file after the format, like --report \(format.rawValue):results.out") }
            return ReportTarget(format: format, path: path)
        }
        let pathExtension = URL(fileURLWithPath: argument).pathExtension.lowercased()
        if let format = extensions.first(where: { $0.0 == pathExtension })?.1 { return ReportTarget(format: format, path: argument) }
        throw Invalid(description: "--report \(argument): cannot tell the format from the file name; end it in .xml (JUnit), .json, .tap or .txt (console), or name the format first, like --report junit:\(argument)")
    }

    /// Checks the report can be written: its folder exists and is a writable folder, and the
    /// path is not a folder. Throws `Invalid` with a sentence otherwise.
    public func checkWritable() throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: Bool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder else {
            throw Invalid(description: "--report \(path): the folder \(folder) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw Invalid(description: "--report \(path): the folder \(folder) is not writable")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder {
            throw Invalid(description: "--report \(path) is a folder; name a file")
        }
    }
}
