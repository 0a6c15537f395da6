import Foundation
import Logging
import DetentScripting
import DetentLua

/// `detent run`: the coordinator. It discovers spec files, gives each a session of its own
/// (a fresh Lua state on its own queue), and hands what the sessions report to a reporter;
/// it prints nothing itself (SPEC §9, §10, §13). The daemon's `run` uses the same pieces.
///
/// A test that fails, raises, runs away or eats memory fails alone; the run goes on.
public final class SpecRunner {
    public typealias UsageError = DetentRuntime.UsageError
    public let settings: SessionSettings
    public let options: RunOptions
    public let reporter: Reporter
    /// Receives each selected test when `options.list` is set.
    public var listSink: (String) -> Void = { _ in }
    /// Diagnostics for tuning limits (`detent run -v` shows them on standard error); never
    /// part of the report, which stays deterministic.
    public var logger = Logger(label: "detent.run")
    /// Set from any thread to stop the run: the running test ends as "interrupted" and no
    /// further test starts.
    public private(set) var isCancelled = false
    /// Spec text given directly (the daemon's `run {source}`), by the name it is shown as;
    /// consulted before the file system.
    public var inlineSources: [String: String] = [:]
    private var current: Session?
    private let lock = NSLock()

    /// The folder relative paths are resolved against.
    let base: String

    public init(configuration: DetentConfiguration, options: RunOptions, reporter: Reporter, scriptsRoot: URL?) throws {
        self.options = options
        self.reporter = reporter
        self.base = options.workingDirectory ?? FileManager.default.currentDirectoryPath
        var settings = try SessionSettings(configuration: configuration, scriptsRoot: scriptsRoot, seed: options.seed, device: options.device)
        if !options.noPlugins {
            let sources = try PluginDiscovery.sources(folders: configuration.run.pluginPaths + options.pluginFolders, base: base)
            settings = try PluginProbe.check(sources, settings: settings)
        }
        // Curve names in engine.toml may be plugins' (SPEC §12); now the plugins are known.
        do { try configuration.checkCurveNames(pluginCurves: settings.pluginCurveNames) } catch let error as ConfigError {
            throw UsageError(description: error.description)
        }
        self.settings = settings
    }

    public init(settings: SessionSettings, options: RunOptions, reporter: Reporter) {
        self.settings = settings
        self.options = options
        self.reporter = reporter
        self.base = options.workingDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// Stops the run from any thread.
    public func cancel() {
        lock.lock()
        isCancelled = true
        let session = current
        lock.unlock()
        session?.cancellation.request()
    }

    /// The spec files the options name, in run order. Throws `UsageError` for a missing path.
    public func files() throws -> [String] {
        if !inlineSources.isEmpty && options.paths.allSatisfy({ inlineSources[$0] != nil }) { return options.paths }
        let paths = options.paths.isEmpty ? [settings.configuration.run.scenarios] : options.paths
        var files: [String]
        do { files = try SpecDiscovery.files(in: paths, base: base) } catch let error as SpecDiscovery.Missing {
            throw UsageError(description: error.description)
        }
        if options.shuffle { files = files.seededShuffle(seed: settings.seed) }
        return files
    }

    /// Checks every --filter/--filter-out pattern compiles as a Lua pattern; throws
    /// `UsageError` naming the first that does not.
    public func validatePatterns() throws {
        let lua = LuaState(libraries: .safe)
        try lua.run("function __check(p) return string.find('', p) end", chunkName: "=(detent filter)")
        for pattern in options.filters + options.filtersOut {
            lua.getGlobal("__check")
            LuaValue.string(pattern).push(onto: lua)
            do { try lua.call(argumentCount: 1, resultCount: 0) } catch let error as LuaError {
                throw UsageError(description: "invalid pattern '\(pattern)': " + error.message.replacingOccurrences(of: "(detent filter):1: ", with: ""))
            }
        }
    }

    /// Runs every selected test of every file and returns the totals.
    public func run() throws -> RunSummary {
        let files = try files()
        var summary = RunSummary()
        if !options.list { reporter.runStarted(RunInfo(seed: settings.seed, shuffled: options.shuffle, device: settings.defaultDevice.name, files: files)) }
        // A plugin that failed is a load error of the run (exit 2), reported once; the
        // others loaded and every spec file gets them.
        for failure in settings.pluginFailures {
            summary.loadErrors += 1
            reporter.loadFailed(file: failure.file, message: "plugin failed to load: " + failure.message)
        }
        for file in files {
            lock.lock()
            let stop = isCancelled
            lock.unlock()
            if stop { summary.cancelled = true; break }
            try runFile(file, into: &summary)
        }
        if !options.list { reporter.runFinished(summary) }
        return summary
    }

    private func runFile(_ path: String, into summary: inout RunSummary) throws {
        guard let text = inlineSources[path] ?? (try? String(contentsOfFile: SpecDiscovery.resolve(path, base: base), encoding: .utf8)) else {
            summary.loadErrors += 1
            reporter.loadFailed(file: path, message: "cannot read \(path) as UTF-8 text")
            return
        }
        let session = try Session(settings: settings, label: "detent.run.session")
        session.logger = logger
        lock.lock()
        current = session
        if isCancelled { session.cancellation.request() }
        lock.unlock()
        defer { lock.lock(); current = nil; lock.unlock() }
        do { try session.queue.sync {
            try session.runSpec(text: text, file: path, selection: options.selection) { outcome in
                switch outcome {
                case let .fileStarted(file): reporter.fileStarted(file)
                case let .output(text): reporter.output(text)
                case .testStarted: break
                case let .testFinished(result):
                    summary.add(result)
                    reporter.testFinished(result)
                case let .loadFailed(file, message):
                    summary.loadErrors += 1
                    reporter.loadFailed(file: file, message: message)
                case let .listed(line): listSink(line)
                }
            }
        } } catch is LuaError where session.cancellation.isRequested {
            // Cancelled while the file loaded or planned: the run ends with its result, not an error.
        }
        if session.cancellation.isRequested { summary.cancelled = true }
    }
}
