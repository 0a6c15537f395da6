import DetentPlatform
import FoundationEssentials

/// `detent run --watch` (SPEC §10): which files a watched run depends on, and which spec files
/// to run again when some of them change. Linux has no FSEvents, so the command polls
/// `snapshot()` (modification time and size of every watched file) and asks `plan(from:to:)`:
///
/// - a spec file that changed (or appeared) runs again;
/// - a library under `scripts/` that changed reruns the specs that `require` it, directly or
///   through other libraries (`require("lib.helpers")` is `scripts/lib/helpers.lua`);
/// - a plugin file or a config file that changed reruns every spec (each run reads them anew).
public struct SpecWatcher {
    /// What identifies a version of a file: its modification time and size.
    public struct Stamp: Equatable, Sendable {
        public var modified: Double   // seconds since 1970
        public var size: Int
    }

    /// What to run after a change, and why (for the line printed above the run).
    public struct Plan: Equatable, Sendable {
        /// Spec paths as the run takes them, in discovery order.
        public var specs: [String]
        public var reason: String
    }

    /// Spec paths or folders as given (default: the scenarios folder).
    public let paths: [String]
    /// The folder relative paths are resolved against.
    public let base: String
    /// Where `require` resolves modules (`<base>/scripts`).
    public let scriptsFolder: String
    /// Plugin folders: scripts/plugins, config's `[plugins] paths`, `--plugins` (as given).
    public let pluginFolders: [String]
    /// The config files read besides the built-in ones (a config folder's, detent.toml).
    public let configFiles: [String]

    /// Which files of a spec folder are specs (`[run] pattern`, as the runs see them).
    private let specPattern: SpecFilePattern

    /// `specPatterns` and `excludedSpecPatterns` as `[run] pattern` and `exclude_pattern`
    /// (patterns a run already refused fall back to `*_spec.lua`: that run said why).
    public init(paths: [String], base: String, scriptsFolder: String = "scripts", pluginFolders: [String], configFiles: [String],
                specPatterns: [String] = SpecFilePattern.default, excludedSpecPatterns: [String] = []) {
        self.paths = paths
        self.base = base
        specPattern = (try? SpecFilePattern(patterns: specPatterns, excluded: excludedSpecPatterns)) ?? .suffix
        self.scriptsFolder = scriptsFolder
        self.pluginFolders = pluginFolders
        self.configFiles = configFiles
    }

    private enum Kind { case spec(String), library(module: String), plugin, config }

    /// Every watched file (absolute path) with what it is.
    private func watchedFiles() -> [String: Kind] {
        var result: [String: Kind] = [:]
        let scripts = SpecDiscovery.resolve(scriptsFolder, base: base)
        for path in luaFiles(under: scripts, recursive: true) where !path.hasPrefix(scripts + "/types/") {
            let relative = String(path.dropFirst(scripts.count + 1).dropLast(".lua".count))
            result[path] = .library(module: relative.replacingEvery("/", with: "."))
        }
        for folder in pluginFolders {
            for path in luaFiles(under: SpecDiscovery.resolve(folder, base: base), recursive: false) { result[path] = .plugin }
        }
        for file in configFiles { result[standardized(SpecDiscovery.resolve(file, base: base))] = .config }
        for spec in specFiles() {
            result[standardized(SpecDiscovery.resolve(spec, base: base))] = .spec(spec)
        }
        return result
    }

    /// The spec files the watched paths hold now, as the run takes them.
    public func specFiles() -> [String] {
        (try? SpecDiscovery.files(in: paths, base: base, isSpec: specPattern.matches)) ?? []
    }

    /// Modification time and size of every watched file now.
    public func snapshot() -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        for path in watchedFiles().keys {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[path] = Stamp(modified: modified, size: (attributes[.size] as? UInt).map { Int($0) } ?? 0)
        }
        return result
    }

    /// The specs to run after the files went from `old` to `new`; nil when nothing watched changed.
    /// A plan may hold no specs (a library no spec uses changed, a spec was deleted).
    public func plan(from old: [String: Stamp], to new: [String: Stamp]) -> Plan? {
        let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
        guard !changed.isEmpty else { return nil }
        let files = watchedFiles()
        let specs = specFiles()
        let shown = changed.map { display($0) }.joined(separator: ", ")
        let kinds = changed.map { files[$0] ?? kindOfRemoved($0) }
        if kinds.contains(where: { if case .plugin = $0 { return true }; if case .config = $0 { return true }; return false }) {
            return Plan(specs: specs, reason: "\(shown) changed: running every spec")
        }
        var selected = Set<String>()
        var modules = Set<String>()
        for kind in kinds {
            switch kind {
            case let .spec(path): selected.insert(path)
            case let .library(module): modules.insert(module)
            case .plugin, .config: break
            }
        }
        if !modules.isEmpty {
            let graph = requireGraph(files)
            for spec in specs {
                let absolute = standardized(SpecDiscovery.resolve(spec, base: base))
                if !Self.reachable(from: graph[absolute] ?? [], in: graph, files: files).isDisjoint(with: modules) { selected.insert(spec) }
            }
        }
        return Plan(specs: specs.filter { selected.contains($0) }, reason: "\(shown) changed")
    }

    /// Module names `require`d in `source`: `require("a.b")`, `require 'a.b'`, `require "a.b"`.
    public static func requiredModules(in source: String) -> Set<String> {
        var result = Set<String>()
        var rest = Substring(source)
        while let range = rest.firstRange(of: "require") {
            rest = rest[range.upperBound...]
            var scan = rest.drop { $0 == " " || $0 == "\t" }
            if scan.first == "(" { scan = scan.dropFirst().drop { $0 == " " || $0 == "\t" } }
            guard let quote = scan.first, quote == "\"" || quote == "'" else { continue }
            let name = scan.dropFirst().prefix { $0 != quote && $0 != "\n" }
            if !name.isEmpty { result.insert(String(name)) }
        }
        return result
    }

    // MARK: Helpers

    /// Modules each watched spec or library requires directly (absolute path → names).
    private func requireGraph(_ files: [String: Kind]) -> [String: Set<String>] {
        var graph: [String: Set<String>] = [:]
        for (path, kind) in files {
            switch kind {
            case .spec, .library:
                graph[path] = (try? String(contentsOfFile: path, encoding: .utf8)).map(Self.requiredModules) ?? []
            case .plugin, .config: break
            }
        }
        return graph
    }

    /// Every module reachable from `start` through the libraries' own requires.
    private static func reachable(from start: Set<String>, in graph: [String: Set<String>], files: [String: Kind]) -> Set<String> {
        var pathOfModule: [String: String] = [:]
        for (path, kind) in files { if case let .library(module) = kind { pathOfModule[module] = path } }
        var seen = Set<String>(), queue = Array(start)
        while let module = queue.popLast() {
            guard seen.insert(module).inserted else { continue }
            if let path = pathOfModule[module] { queue += graph[path] ?? [] }
        }
        return seen
    }

    /// A file that no longer exists: a library if it was under scripts/ (its dependants rerun
    /// and report the missing module), else a spec that needs no run.
    private func kindOfRemoved(_ path: String) -> Kind {
        let scripts = SpecDiscovery.resolve(scriptsFolder, base: base)
        if path.hasSuffix(".toml") { return .config }
        if path.hasPrefix(scripts + "/"), !path.hasSuffix("_spec.lua") {
            let relative = String(path.dropFirst(scripts.count + 1).dropLast(".lua".count))
            return .library(module: relative.replacingEvery("/", with: "."))
        }
        return .spec("")
    }

    private func luaFiles(under folder: String, recursive: Bool) -> [String] {
        let root = standardized(folder)
        let fm = FileManager.default
        var isDirectory: Bool = false
        guard fm.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory else { return [] }
        let names = recursive ? SpecDiscovery.subpaths(of: root) : ((try? fm.contentsOfDirectory(atPath: root)) ?? [])
        return names.filter { $0.hasSuffix(".lua") && !$0.hasSuffix("_spec.lua") }.map { PathText.join(root, $0) }
    }

    private func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    private func display(_ path: String) -> String {
        let prefix = standardized(base) + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// The polling loop of `detent run --watch`, with its clock and output injected: runs every
/// spec once, then after each change the plan's specs, clearing the screen first.
public struct WatchLoop {
    public var watcher: SpecWatcher
    /// Seconds between polls (wall clock; this is the command line, not an engine).
    public var interval: Double = 0.3
    /// Runs spec paths and returns the run's exit status.
    public var runSpecs: ([String]) -> Int32
    /// Writes a line of the loop's own output.
    public var print: (String) -> Void
    /// Clears the terminal before each rerun (nothing when output is not a terminal).
    public var clearScreen: () -> Void
    /// Waits `seconds` of wall-clock time.
    public var sleep: (Double) -> Void
    /// Consulted between polls; true ends the loop.
    public var shouldStop: () -> Bool = { false }
    /// Told the exit status of each finished run (Ctrl-C ends with the last one).
    public var finished: (Int32) -> Void = { _ in }

    public init(watcher: SpecWatcher, runSpecs: @escaping ([String]) -> Int32, print: @escaping (String) -> Void,
                clearScreen: @escaping () -> Void, sleep: @escaping (Double) -> Void) {
        self.watcher = watcher
        self.runSpecs = runSpecs
        self.print = print
        self.clearScreen = clearScreen
        self.sleep = sleep
    }

    /// Runs until `shouldStop`; returns the last run's exit status.
    @discardableResult
    public func run() -> Int32 {
        var stamps = watcher.snapshot()
        var status = runSpecs(watcher.paths)
        finished(status)
        print(waitingLine)
        while !shouldStop() {
            sleep(interval)
            var now = watcher.snapshot()
            guard now != stamps else { continue }
            // An editor may save in steps (truncate, write, rename): wait until the files
            // hold still for one interval before running.
            while true {
                sleep(interval)
                let again = watcher.snapshot()
                if again == now { break }
                now = again
            }
            guard let plan = watcher.plan(from: stamps, to: now) else { stamps = now; continue }
            stamps = now
            clearScreen()
            print("detent --watch: \(plan.reason)")
            if plan.specs.isEmpty {
                print("no spec uses it")
            } else {
                status = runSpecs(plan.specs)
                finished(status)
            }
            print(waitingLine)
        }
        return status
    }

    private var waitingLine: String { "Watching for changes (Ctrl-C to stop)." }
}
