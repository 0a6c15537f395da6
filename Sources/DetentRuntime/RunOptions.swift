import DetentTrace
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
    /// `--coverage`: count the lines the project's Lua files run (SpecRunner.coverage).
    public var coverage = false
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
    /// Spec files run at once, each in a session of its own (`--jobs`; the command line
    /// defaults to the number of cores, a runner made in code to 1).
    public var jobs = 1
    /// This run's part of the suite (`--shard i/n`).
    public var shard: Shard? = nil
    /// A previous JSON report whose durations balance the shards (`--durations`).
    public var durationsFile: String? = nil
    /// Extra attempts for a test that fails or raises (`--retries`).
    public var retries = 0
    /// Times each selected test runs, each reported (`--repeat`).
    public var repeatCount = 1
    /// Failed or errored tests after which nothing more is scheduled (`--max-failures`).
    public var maxFailures: Int? = nil
    /// A flaky test fails the run (`--fail-on-flaky`).
    public var failOnFlaky = false
    /// A test that passes having made no assertion fails (`--require-assertions`, `[run]
    /// require_assertions`).
    public var requireAssertions = false

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
        selection.retries = retries
        selection.repeatCount = repeatCount
        selection.requireAssertions = requireAssertions
        return selection
    }

    /// Throws `UsageError` for a value no run can use, naming the flag and what it expects.
    public func validate() throws {
        if jobs < 1 { throw UsageError(description: "--jobs must be at least 1 (got \(jobs))") }
        if retries < 0 { throw UsageError(description: "--retries must be 0 or more (got \(retries))") }
        if repeatCount < 1 { throw UsageError(description: "--repeat must be at least 1 (got \(repeatCount))") }
        if let maxFailures, maxFailures < 1 { throw UsageError(description: "--max-failures must be at least 1 (got \(maxFailures))") }
        if durationsFile != nil && shard == nil { throw UsageError(description: "--durations balances shards: give --shard i/n with it") }
    }
}

/// One part of a suite split over several runs by spec file (`--shard i/n`, 1-based).
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based: 1...count.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw UsageError(description: "--shard \(index)/\(count): the index must be between 1 and the shard count, like --shard 1/\(max(count, 2))")
        }
        self.index = index
        self.count = count
    }

    /// Parses `i/n`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError(description: "--shard expects i/n with whole numbers, like --shard 2/4 (got '\(text)')")
        }
        try self.init(index: index, count: count)
    }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }
}
