import DetentPlatform
import FoundationEssentials

/// Where a command looks for its configuration (issue 26): `--config FILE|DIR`, else
/// `$DETENT_CONFIG` (the same), and — unless a file was named — the nearest `detent.toml`
/// from the working folder upward, as Cargo and Playwright find theirs. A folder is laid out
/// like config/ and its files override the built-in ones; a file is the project file.
public struct ConfigLocation: Equatable, Sendable {
    /// `--config`.
    public var explicit: String?
    /// `$DETENT_CONFIG`.
    public var environment: String?
    /// Absolute.
    public var workingDirectory: String
    /// Whether to look for detent.toml upward from the working folder.
    public var discoversProjectFile = true
    /// The task of a `.busted` file in the project folder to read (`detent run --run NAME`).
    public var bustedTask = "default"

    public init(explicit: String?, environment: String?, workingDirectory: String) {
        self.explicit = explicit
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// The process's: its working folder and `$DETENT_CONFIG`, with `--config` and
    /// `--run` (the `.busted` task; nil: `default`).
    public static func current(explicit: String?, bustedTask: String? = nil) -> ConfigLocation {
        let variable = ProcessInfo.processInfo.environment["DETENT_CONFIG"]
        var location = ConfigLocation(explicit: explicit, environment: variable?.isEmpty == false ? variable : nil,
                                      workingDirectory: FileManager.default.currentDirectoryPath)
        if let bustedTask { location.bustedTask = bustedTask }
        return location
    }

    /// The project file's name.
    public static let projectFileName = "detent.toml"

    /// What was found: absolute paths.
    struct Found {
        var folder: String?
        var projectFile: String?
        /// The project file's folder, or the working folder without one: what relative paths
        /// of the built-in files and the project file are resolved against.
        var projectRoot: String
    }

    func resolve() throws -> Found {
        var found = Found(projectRoot: workingDirectory)
        let named = explicit.map { ($0, "--config") } ?? environment.map { ($0, "$DETENT_CONFIG") }
        if let (path, from) = named {
            guard !path.isEmpty else { throw ConfigError(file: from, "an empty path (name a detent.toml-style file or a config folder)") }
            let absolute = PathText.absolute(path, base: workingDirectory)
            var isDirectory: Bool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw ConfigError(file: path, "no such file or folder (named by \(from): a detent.toml-style file, or a folder laid out like Detent's config/)")
            }
            if isDirectory { found.folder = absolute } else { found.projectFile = absolute }
        }
        if found.projectFile == nil && discoversProjectFile { found.projectFile = ConfigLocation.nearestProjectFile(from: workingDirectory) }
        if let file = found.projectFile { found.projectRoot = PathText.parent(of: file) }
        return found
    }

    /// The nearest detent.toml in `folder` or a folder above it.
    static func nearestProjectFile(from folder: String) -> String? {
        var current = PathText.standardized(folder)
        while true {
            let candidate = PathText.join(current, projectFileName)
            var isDirectory: Bool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory { return candidate }
            if current == "/" { return nil }
            current = PathText.parent(of: current)
        }
    }
}

/// Where a loaded configuration came from (`DetentConfiguration.source`).
public struct ConfigSource: Equatable, Sendable {
    /// Every key with its value and origin.
    public var tree = ConfigTree()
    /// Absolute paths.
    public var projectFile: String?
    public var projectRoot = "/"
    public var folder: String?
    public var workingDirectory = "/"
    /// The files read besides the built-in ones (a config folder's, .busted, the project file).
    public var files: [String] = []
    /// What a command says once before it runs: keys of a `.busted` file Detent does not use.
    public var notices: [String] = []

    public init() {}

    init(tree: ConfigTree, projectFile: String?, projectRoot: String, folder: String?, workingDirectory: String, files: [String],
         notices: [String]) {
        self.notices = notices
        self.tree = tree
        self.projectFile = projectFile
        self.projectRoot = projectRoot
        self.folder = folder
        self.workingDirectory = workingDirectory
        self.files = files
    }

    /// A config file's text, or the error that names it.
    static func read(_ path: String, cwd: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(file: PathText.shown(path, from: cwd), "cannot be read")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(file: PathText.shown(path, from: cwd), "is not UTF-8 text")
        }
        return text
    }
}
