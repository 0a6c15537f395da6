/// Where one setting's value came from, as `detent config` and errors name it.
public struct ConfigOrigin: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// The defaults compiled into the binary (this repository's config/ files).
        case builtIn = "built-in"
        /// A file: the project's detent.toml, a file named with --config, or one of the
        /// files of a folder laid out like config/.
        case file
        /// A command-line flag (`--device`, `--seed`).
        case flag
        /// An environment variable (`LUA_PATH_5_4`, `DETENT_CONFIG`).
        case environment
    }

    public var kind: Kind
    /// The file as shown (relative to the working folder when below it), the flag, or the
    /// variable.
    public var name: String
    /// 1-based line in `name`, for files.
    public var line: Int?
    /// The key as its file spells it: `drawer.spring_stiffness` in engine.toml is
    /// `engine.drawer.spring_stiffness` in detent.toml.
    public var writtenKey: String

    public init(kind: Kind, name: String, line: Int? = nil, writtenKey: String) {
        self.kind = kind
        self.name = name
        self.line = line
        self.writtenKey = writtenKey
    }

    /// The file as errors name it: a built-in one says so ("built-in config/runner.toml"),
    /// since the user's own files hold no such line.
    public var file: String { kind == .builtIn ? "built-in " + name : name }

    /// `built-in config/runner.toml:5`, `detent.toml:3`, `flag --device`, `environment LUA_PATH`.
    public var description: String {
        let place = line.map { "\(name):\($0)" } ?? name
        switch kind {
        case .builtIn: return "built-in " + place
        case .file: return place
        case .flag: return "flag " + name
        case .environment: return "environment " + name
        }
    }
}
