/// What `detent run` was asked to do (SPEC §10). Flags override `config/runner.toml`.
public struct RunOptions: Equatable, Sendable {
    /// Files or folders; folders are searched for `*_spec.lua`.
    public var paths: [String] = []
    /// Lua patterns a test's full name must match (any of them).
    public var filters: [String] = []
    /// Lua patterns that exclude a test when its full name matches.
    public var filtersOut: [String] = []
    /// Run only tests carrying one of these `#tags`.
    public var tags: [String] = []
    /// Skip tests carrying one of these `#tags`.
    public var excludeTags: [String] = []
    /// Print the selected tests instead of running them.
    public var list = false
    public var seed: UInt64? = nil
    public var shuffle = false
    /// Device for each test's default world (overrides config).
    public var device: String? = nil
    public var verbose = false
    /// Folders of plugins besides scripts/plugins and `[plugins] paths` (`--plugins`).
    public var pluginFolders: [String] = []
    /// `--no-plugins`: load none.
    public var noPlugins = false
    /// Relative paths are resolved against this folder and shown relative to it (the
    /// process's current directory when nil).
    public var workingDirectory: String? = nil
    /// `--trace on|retain-on-failure|off` and `--trace-dir` (a relative folder is relative to
    /// `workingDirectory`).
    public var trace = TraceOptions()

    public init() {}

    /// The per-file part of these options.
    public var selection: TestSelection {
        var selection = TestSelection()
        selection.filters = filters
        selection.filtersOut = filtersOut
        selection.tags = tags
        selection.excludeTags = excludeTags
        selection.list = list
        selection.shuffle = shuffle
        selection.trace = trace
        selection.trace.workingDirectory = trace.workingDirectory ?? workingDirectory
        return selection
    }
}
