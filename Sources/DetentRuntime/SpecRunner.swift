import Foundation
import Logging
import DetentLua
import DetentScripting
import DetentTime
import DetentWorld

/// `detent run`: discovers spec files, gives each its own Lua state, runs every selected
/// test in a fresh world inside a coroutine, and reports (SPEC §9, §10, §13).
///
/// A test that fails, raises, runs away or eats memory fails alone; the run goes on.
public final class SpecRunner {
    public let configuration: DetentConfiguration
    public let options: RunOptions
    public let reporter: Reporter
    /// Root for `require` (the `scripts/` folder); nil disables require.
    public let scriptsRoot: URL?
    /// Called with each selected test when `options.list` is set.
    public var listSink: (String) -> Void = { print($0) }
    /// Diagnostics for tuning limits (`detent run -v` shows them on standard error); never
    /// part of the report, which stays deterministic.
    public var logger = Logger(label: "detent.run")

    let seed: UInt64
    let defaultDevice: DeviceProfile
    /// The folder relative paths are resolved against.
    let base: String

    /// A usage problem (unknown device, missing path, bad pattern): exit code 2.
    public struct UsageError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(configuration: DetentConfiguration, options: RunOptions, reporter: Reporter, scriptsRoot: URL?) throws {
        self.configuration = configuration
        self.options = options
        self.reporter = reporter
        self.scriptsRoot = scriptsRoot
        self.seed = options.seed ?? configuration.run.seed
        self.base = options.workingDirectory ?? FileManager.default.currentDirectoryPath
        do {
            defaultDevice = try configuration.device(named: options.device ?? configuration.run.defaultDevice)
        } catch let error as ConfigError {
            throw UsageError(description: error.detail)
        }
    }

    var limits: ScriptLimits {
        ScriptLimits(instructionBudget: configuration.run.instructionBudget, memoryCapBytes: configuration.run.memoryCapBytes)
    }

    /// The serial queue that owns every world and Lua state of this run (SPEC §1).
    let queue = DispatchQueue(label: "detent.run")

    /// Builds the world a test asks for (or the default one).
    func makeWorld(_ request: WorldRequest) throws -> World {
        let device = try request.device.map { name -> DeviceProfile in
            do { return try configuration.device(named: name) } catch let error as ConfigError {
                throw LuaRaise("detent.world: \(error.detail)")
            }
        } ?? defaultDevice
        var orientation = Orientation.portrait
        if let name = request.orientation {
            guard let parsed = Orientation(rawValue: name) else {
                throw LuaRaise("detent.world: unknown orientation '\(name)' (expected one of: portrait, landscape)")
            }
            orientation = parsed
        }
        return World(configuration: WorldConfiguration(device: device, orientation: orientation, motion: configuration.motion), owner: queue)
    }

    /// Runs every selected test of every file and returns the totals. The run happens on the
    /// runner's own serial queue, which owns its worlds and Lua states.
    public func run() throws -> RunSummary {
        try queue.sync { try runOnQueue() }
    }

    private func runOnQueue() throws -> RunSummary {
        let paths = options.paths.isEmpty ? [configuration.run.scenarios] : options.paths
        var files: [String]
        do { files = try SpecDiscovery.files(in: paths, base: base) } catch let error as SpecDiscovery.Missing {
            throw UsageError(description: error.description)
        }
        if options.shuffle { files = files.seededShuffle(seed: seed) }
        var summary = RunSummary()
        if !options.list { reporter.runStarted(seed: seed, shuffled: options.shuffle) }
        for file in files {
            try runFile(file, into: &summary)
        }
        if !options.list { reporter.runFinished(summary) }
        return summary
    }

    // MARK: Files

    private func runFile(_ path: String, into summary: inout RunSummary) throws {
        guard let text = try? String(contentsOfFile: SpecDiscovery.resolve(path, base: base), encoding: .utf8) else {
            summary.loadErrors += 1
            reporter.loadFailed(file: path, message: "cannot read \(path) as UTF-8 text")
            return
        }
        // What the top level prints is held back until we know whether the file is a selected
        // script or a spec file; an unselected script prints nothing.
        var heldOutput: [String] = []
        let host = try ScriptHost(limits: limits, scriptsRoot: scriptsRoot, owner: queue, output: { heldOutput.append($0) },
                                  worldFactory: { [unowned self] in try makeWorld($0) })
        host.navigationDefaults = configuration.navigation
        host.drawerDefaults = configuration.drawer
        host.sheetDefaults = configuration.sheet
        host.adaptiveDefaults = configuration.adaptive
        let runLoop = ScenarioRunLoop(host: host,
                                      defaultTimeout: VirtualTime.nanoseconds(fromSeconds: configuration.run.defaultWaitTimeout),
                                      maxTestTime: VirtualTime.nanoseconds(fromSeconds: configuration.run.maxTestVirtualSeconds))
        func startReporting() {
            guard !options.list else { return }
            reporter.fileStarted(path)
            for text in heldOutput { reporter.output(text) }
            host.output = { [reporter] in reporter.output($0) }
        }
        do {
            try host.loadFile(text: text, chunkName: path)
        } catch let error as LuaError {
            startReporting()
            summary.loadErrors += 1
            reporter.loadFailed(file: path, message: error.message)
            return
        }

        // The top level runs like a test: in a world, in a coroutine, under the limits, so a
        // plain script can wait and a spec file's describe blocks can be collected.
        let world = try makeWorld(WorldRequest())
        host.setWorld(world)
        host.seedRandom(Int64(bitPattern: fnv1a(path, seed: seed)))
        host.lua.resetLimits()
        let thread = LuaThread(state: host.lua)
        let ending = runLoop.run(thread, argumentCount: 0, testStart: 0)
        let tests = (try? host.collectedTests()) ?? []

        if tests.isEmpty {
            // A plain script: one result named after the file.
            let result = makeResult(file: path, name: path, fullName: path, location: path, tags: [],
                                    ending: ending, thread: thread, world: host.world ?? world, isScript: true)
            host.endTest()
            guard try selected(fullName: path, tags: [], host: host) else { return }
            if options.list { listSink(path); return }
            startReporting()
            summary.add(result)
            reporter.testFinished(result)
            return
        }
        startReporting()
        if case .finished = ending {} else {
            let message = describe(ending)
            host.endTest()
            summary.loadErrors += 1
            reporter.loadFailed(file: path, message: "error while loading the spec file: " + message)
            return
        }
        host.endTest()
        logger.debug("loaded spec file", metadata: ["file": "\(path)", "tests": "\(tests.count)",
                                                   "state_memory_kib": "\(host.lua.memoryInUse / 1024)"])

        var chosen: [CollectedTest] = []
        for test in tests where try selected(fullName: test.fullName, tags: test.tags, host: host) { chosen.append(test) }
        if options.shuffle { chosen = chosen.seededShuffle(seed: seed ^ fnv1a(path)) }
        if options.list {
            for test in chosen {
                listSink("\(test.location): \(test.fullName)" + (test.tags.isEmpty ? "" : " [\(test.tags.map { "#" + $0 }.joined(separator: " "))]"))
            }
            return
        }
        try host.plan(chosen.map(\.index))
        for test in chosen {
            let result = runTest(test, file: path, host: host, runLoop: runLoop)
            summary.add(result)
            reporter.testFinished(result)
        }
    }

    /// Applies --filter, --filter-out (Lua patterns, as busted), --tags and --exclude-tags.
    /// A malformed pattern is a usage error.
    private func selected(fullName: String, tags: [String], host: ScriptHost) throws -> Bool {
        func matches(_ pattern: String) throws -> Bool {
            do { return try host.matches(fullName, pattern: pattern) } catch {
                throw UsageError(description: "invalid pattern '\(pattern)': \(error)")
            }
        }
        if !options.filters.isEmpty, try !options.filters.contains(where: matches) { return false }
        if try options.filtersOut.contains(where: matches) { return false }
        if !options.tags.isEmpty && !tags.contains(where: options.tags.contains) { return false }
        if tags.contains(where: options.excludeTags.contains) { return false }
        return true
    }

    // MARK: Tests

    private func runTest(_ test: CollectedTest, file: String, host: ScriptHost, runLoop: ScenarioRunLoop) -> TestResult {
        let world: World
        do { world = try makeWorld(WorldRequest()) } catch {
            return TestResult(file: file, name: test.name, fullName: test.fullName, location: test.location, tags: test.tags,
                              status: .error, message: String(describing: error), virtualTime: 0, frame: 0)
        }
        host.setWorld(world)
        host.seedRandom(Int64(bitPattern: fnv1a(file + "\u{0}" + test.fullName, seed: seed)))
        host.lua.resetLimits()
        let thread = host.makeTestThread(index: test.index)
        let ending = runLoop.run(thread, argumentCount: 1, testStart: world.time)
        let result = makeResult(file: file, name: test.name, fullName: test.fullName, location: test.location,
                                tags: test.tags, ending: ending, thread: thread, world: host.world ?? world, isScript: false)
        logger.debug("test finished", metadata: [
            "test": "\(test.fullName)", "status": "\(result.status.rawValue)",
            "virtual_seconds": "\(result.virtualTime)", "frames": "\(result.frame)",
            "instructions": "\(host.lua.instructionsExecuted)", "budget": "\(host.lua.instructionBudget)",
            "lua_memory_kib": "\(host.lua.memoryInUse / 1024)", "lua_peak_kib": "\(host.lua.peakMemory / 1024)",
        ])
        host.endTest()
        return result
    }

    private func describe(_ ending: ScenarioRunLoop.Ending) -> String {
        switch ending {
        case .finished: return ""
        case let .failed(error): return error.message
        case let .aborted(message): return message
        }
    }

    private func makeResult(file: String, name: String, fullName: String, location: String, tags: [String],
                            ending: ScenarioRunLoop.Ending, thread: LuaThread, world: World, isScript: Bool) -> TestResult {
        var result = TestResult(file: file, name: name, fullName: fullName, location: location, tags: tags,
                                status: .passed, virtualTime: world.seconds, frame: world.frame)
        switch ending {
        case let .finished(count):
            guard !isScript else { thread.withResults(count) { _ in }; return result }
            thread.withResults(count) { values in
                let status = values.string(1, field: "status") ?? "error"
                result.status = TestResult.Status(rawValue: status) ?? .error
                let message = values.string(1, field: "message")
                let location = values.string(1, field: "where")
                if let message { result.message = location.map { "\($0): \(message)" } ?? message }
                result.expected = values.string(1, field: "expected")
                result.actual = values.string(1, field: "actual")
                result.traceback = values.string(1, field: "traceback")
            }
        case let .failed(error):
            result.status = .error
            switch error {
            case .instructionBudgetExceeded, .memoryLimitExceeded:
                result.message = "\(location): test stopped: \(error.message)"
            default:
                result.message = error.message
            }
            result.traceback = error.traceback
        case let .aborted(message):
            result.status = .error
            result.message = "\(location): \(message)"
        }
        return result
    }
}
