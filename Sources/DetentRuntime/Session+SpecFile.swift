import DetentPlatform
import FoundationEssentials
import Logging
import DetentLua
import DetentScripting
import DetentTime
import DetentWorld
import DetentTrace
import DetentReports

/// Which tests of a file run, and how (the selection flags of `detent run`, SPEC §10).
public struct TestSelection: Equatable, Sendable {
    /// Lua patterns a test's full name must match (any of them).
    public var filters: [String] = []
    /// Lua patterns that exclude a test when its full name matches.
    public var filtersOut: [String] = []
    /// Run only tests carrying one of these `#tags`.
    public var tags: [String] = []
    /// Skip tests carrying one of these `#tags`.
    public var excludeTags: [String] = []
    /// Report the selected tests (`.listed`) instead of running them.
    public var list = false
    /// Order tests in a seeded random order.
    public var shuffle = false
    /// Whether each test writes a trace, and where (`--trace`, `--trace-dir`).
    public var trace = TraceOptions()
    /// Extra attempts for a test that fails or raises (`--retries`); the last attempt is
    /// reported, the failed ones before it in `TestResult.retries`.
    public var retries = 0
    /// Times each test runs, each iteration reported with `TestResult.iteration` (`--repeat`).
    public var repeatCount = 1
    /// A test that passes having made no assertion fails instead (`[run] require_assertions`,
    /// `--require-assertions`).
    public var requireAssertions = false
    public init() {}
}

extension Session {
    /// Runs one spec file (or plain script) whose text is `text`, shown as `file`: loads it,
    /// runs its top level like a test, then every selected test in a fresh world inside a
    /// coroutine, emitting what happens in order. A test that fails, raises, runs away or
    /// eats memory fails alone. Throws `UsageError` for a malformed pattern.
    ///
    /// `shouldStop` is asked before each test: once it says yes (`--max-failures` was
    /// reached), the file's remaining tests are reported as not run instead of running.
    ///
    /// With `skipping` N, the file's first N steps (a test run or not run, with its hooks'
    /// errors, or a block's error — each begins with one `.testStarted`) are passed by: those
    /// tests do not run, and nothing is emitted until the last of them — how a fresh worker
    /// process goes on after the test its predecessor was stopped in.
    public func runSpec(text: String, file: String, selection: TestSelection, skipping: Int = 0, shouldStop: () -> Bool = { false },
                        emit: (SessionOutcome) -> Void) throws {
        try withoutActuallyEscaping(emit) { emit in
            try withoutActuallyEscaping(shouldStop) { shouldStop in
                var passedBy = 0
                let passesBy = { () -> Bool in
                    guard passedBy < skipping else { return false }
                    passedBy += 1
                    return true
                }
                try runSpecEscaping(text: text, file: file, selection: selection, shouldStop: shouldStop, passesBy: passesBy) { outcome in
                    if passedBy < skipping { return }
                    if skipping > 0, case .fileStarted = outcome { return }
                    emit(outcome)
                }
            }
        }
    }

    private func runSpecEscaping(text: String, file: String, selection: TestSelection, shouldStop: @escaping () -> Bool,
                                 passesBy: @escaping () -> Bool, emit: @escaping (SessionOutcome) -> Void) throws {
        checkQueue()
        virtualLoop.traceOptions = selection.trace
        // What the top level prints is held back until we know whether the file is a selected
        // script or a spec file; an unselected script prints nothing.
        var heldOutput: [String] = []
        var reporting = false
        host.output = { text in if reporting { emit(.output(text)) } else { heldOutput.append(text) } }
        defer { host.output = { _ in } }
        func startReporting() {
            guard !selection.list else { return }
            emit(.fileStarted(file))
            for text in heldOutput { emit(.output(text)) }
            reporting = true
        }
        do {
            if let helper = settings.helper {
                // busted's helper runs before the file, in its state: the file's chunk becomes
                // `helper() return file(...)`.
                try host.loadFile(text: Session.helperWrapper, chunkName: "=(detent helper)")
                try host.loadFile(text: helper.text, chunkName: helper.file)
                do { try host.loadFile(text: text, chunkName: file) } catch {
                    host.lua.pop(2)
                    throw error
                }
                host.useSpecGlobals()
                try host.lua.call(argumentCount: 2, resultCount: 1)
            } else {
                try host.loadFile(text: text, chunkName: file)
                host.useSpecGlobals()
            }
        } catch let error as LuaError {
            startReporting()
            emit(.loadFailed(file: file, message: error.message))
            return
        }

        // The top level runs like a test: in a world, in a coroutine, under the limits, so a
        // plain script can wait and a spec file can declare its blocks.
        let started = Stopwatch.now()
        let setup = try makeWorld()
        let world = setup.world
        host.setWorld(setup)
        host.seedRandom(Int64(bitPattern: fnv1a(file, seed: settings.seed)))
        host.lua.resetLimits()
        let thread = LuaThread(state: host.lua)
        let ending = virtualLoop.run(thread, argumentCount: 0, testStart: 0) { $0.snapshot(thread) }
        // A cancel that stopped the top level cut the file short before any test: nothing of
        // it is reported (the run names it as not started), rather than a load error.
        if cancellation.isRequested {
            host.endTest()
            return
        }
        let topLevelSeconds = Stopwatch.seconds(since: started)
        let declared = (try? host.declaredAnything()) ?? false

        if !declared && file.hasSuffix("_spec.lua") {
            // A spec file that declared nothing — empty, or it replaced describe/it before
            // calling them — would otherwise run as a plain script and "pass".
            host.endTest()
            startReporting()
            if case .finished = ending {
                emit(.loadFailed(file: file, message: "\(file) defines no tests: a *_spec.lua file must call describe/it (are they replaced or shadowed?); to run a plain script, name the file without _spec"))
            } else {
                emit(.loadFailed(file: file, message: "error while loading the spec file: " + ending.locatedMessage(killLocation: host.lua.killLocation)))
            }
            return
        }
        if !declared {
            // A plain script: one result named after the file.
            var result = makeResult(file: file, name: file, fullName: file, location: file, tags: [],
                                    ending: ending, world: host.world ?? world, isScript: true)
            result.duration = topLevelSeconds
            host.endTest()
            guard try selected(fullName: file, tags: [], selection: selection) else { return }
            if selection.list { emit(.listed(file)); return }
            startReporting()
            emit(.testFinished(result))
            return
        }
        startReporting()
        if case .finished = ending {} else {
            host.endTest()
            emit(.loadFailed(file: file, message: "error while loading the spec file: " + ending.locatedMessage(killLocation: host.lua.killLocation)))
            return
        }
        host.endTest()
        logger.debug("loaded spec file", metadata: ["file": "\(file)", "state_memory_kib": "\(host.lua.memoryInUse / 1024)"])

        // The blocks run as busted runs them: each step walks on to the next test, running
        // describe bodies, setups and teardowns on the way (spec_run.lua); the test then runs
        // or is passed by. randomize() (every block under --shuffle) shuffles with the run's
        // seed, so the same --seed gives the same order.
        host.prepareWalk(seed: Int64(bitPattern: settings.seed), shuffleEveryBlock: selection.shuffle)
        var stopped = false
        while let (step, stepClock) = try walk(file: file, listing: selection.list || stopped) {
            if cancellation.isRequested { return }
            switch step {
            case let .blockError(name, fullName, location, message, traceback):
                if selection.list {
                    emit(.loadFailed(file: file, message: "error in '\(fullName)': \(message)"))
                } else if !stopped && !passesBy() {
                    var result = TestResult(file: file, name: name, fullName: fullName, location: location, tags: [],
                                            status: .notRun, virtualTime: stepClock.seconds, frame: stepClock.frame)
                    emit(.testStarted(result))
                    result.status = .error
                    result.message = message
                    result.traceback = traceback
                    emit(.testFinished(result))
                }
            case let .test(test):
                guard try selected(fullName: test.fullName, tags: test.tags, selection: selection) else { continue }
                if selection.list {
                    emit(.listed("\(test.location): \(test.fullName)" + (test.tags.isEmpty ? "" : " [\(test.tags.map { "#" + $0 }.joined(separator: " "))]")))
                    continue
                }
                for iteration in 1...selection.repeatCount {
                    if cancellation.isRequested { return }
                    let number = selection.repeatCount > 1 ? iteration : nil
                    if passesBy() { continue }
                    // Every test (run or not) starts with .testStarted: a coordinator counts the
                    // file's tests by it, whatever number of reports each one then makes.
                    emit(.testStarted(TestResult(notRun: test, file: file, iteration: number)))
                    if stopped || shouldStop() {
                        stopped = true
                        emit(.testFinished(TestResult(notRun: test, file: file, iteration: number)))
                        continue
                    }
                    let run = try runAttempts(test, file: file, retries: selection.retries, iteration: number,
                                              leaving: iteration == selection.repeatCount,
                                              requireAssertions: selection.requireAssertions)
                    for var report in run.reports {
                        report.iteration = number   // the hooks' errors belong to the iteration too
                        emit(.testFinished(report))
                    }
                    if let exhausted = memoryExhaustion(file: file, stoppedByMemoryCap: run.stoppedByMemoryCap) {
                        // The walk itself needs room to go on: the file ends here.
                        emit(.testStarted(exhausted.asNotRun))
                        emit(.testFinished(exhausted))
                        return
                    }
                }
            }
        }
    }

    /// One step of the walk over the file's blocks: the next test, a block's or a hook's
    /// error, or nil at the end. A step that runs code of the file (entering or leaving a
    /// block) runs like a test: in a world, in a coroutine, under the limits. One stopped by a
    /// limit is the error of the hook it was in, else of the block it was in. With the step,
    /// where its job stopped in its world (virtual seconds, frame; zero without a job): a block
    /// error is reported there, as a test's failure is.
    private func walk(file: String, listing: Bool) throws -> (SpecStep, clock: (seconds: Double, frame: Int64))? {
        while true {
            host.lua.resetLimits()   // the last test may have spent them
            let quick: Bool
            do { quick = try host.takeNextTestWithoutJob() } catch let error as LuaError where error.isLimit {
                // A limit stopped the step taken without a job (the memory cap: the list of
                // tests reached could not grow): the job below takes it again, under the
                // limits, where a stop is the walk's error, reported like any other.
                quick = false
            }
            if quick { return try host.takeStep().map { ($0, (0, 0)) } }
            let setup = try makeWorld()
            host.setWorld(setup)
            host.lua.resetLimits()
            host.seedRandom(Int64(bitPattern: fnv1a(file + "\u{0}walk", seed: settings.seed)))
            let thread = host.makeStepThread(listing: listing)
            let ending = virtualLoop.run(thread, argumentCount: 1, testStart: setup.world.time) { $0.snapshot(thread) }
            let world = host.world ?? setup.world   // a step may have made a world of its own
            let clock = (seconds: world.seconds, frame: world.frame)
            host.endTest()
            if case .finished = ending { return try host.takeStep().map { ($0, clock) } }
            let message = ending.locatedMessage(killLocation: host.lua.killLocation)
            host.lua.resetLimits()
            guard case let .blockError(name, fullName, location, text, traceback)? = try host.stoppedStep(message: message) else {
                // Stopped in a hook: its error is the next step, reported where the job stopped.
                if try host.takeNextTestWithoutJob(), let step = try host.takeStep() { return (step, clock) }
                continue
            }
            // Stopped outside any block: the error is the file's.
            return (.blockError(name: name.isEmpty ? file : name, fullName: fullName.isEmpty ? file : fullName,
                                location: location.isEmpty ? file : location, message: text, traceback: traceback), clock)
        }
    }

    /// Runs a test, and again while it fails or raises, up to `retries` more times (each
    /// attempt in a fresh world with the same seed): the last attempt is the result, the
    /// failed ones before it its `retries`. Each attempt's wall-clock duration is measured
    /// here, around `runTest`. The hooks' errors of the last attempt are reported with it; a
    /// test a hook kept from running is not retried.
    private func runAttempts(_ test: CollectedTest, file: String, retries: Int, iteration: Int?, leaving: Bool,
                             requireAssertions: Bool) throws -> TestRun {
        var earlier: [TestResult.Attempt] = []
        while true {
            let started = Stopwatch.now()
            var run = runTest(test, file: file, retry: earlier.count, iteration: iteration, leaving: leaving,
                              requireAssertions: requireAssertions)
            guard var result = run.test else { return run }
            result.duration = Stopwatch.seconds(since: started)
            let failed = result.status == .failed || result.status == .error
            guard failed, earlier.count < retries, !cancellation.isRequested else {
                result.retries = earlier
                run.test = result
                return run
            }
            earlier.append(TestResult.Attempt(status: result.status, message: result.message, virtualTime: result.virtualTime,
                                              frame: result.frame, duration: result.duration, tracePath: result.tracePath))
        }
    }

    /// Applies --filter, --filter-out (Lua patterns, as busted), --tags and --exclude-tags.
    /// A malformed pattern is a usage error.
    private func selected(fullName: String, tags: [String], selection: TestSelection) throws -> Bool {
        func matches(_ pattern: String) throws -> Bool {
            do { return try host.matches(fullName, pattern: pattern) } catch {
                throw UsageError(description: "invalid pattern '\(pattern)': \(error)")
            }
        }
        if !selection.filters.isEmpty, try !selection.filters.contains(where: matches) { return false }
        if try selection.filtersOut.contains(where: matches) { return false }
        if !selection.tags.isEmpty && !tags.contains(where: selection.tags.contains) { return false }
        if tags.contains(where: selection.excludeTags.contains) { return false }
        return true
    }

    /// Runs one attempt of a test in a fresh world: its hooks and body as one job, and after a
    /// limit stopped a hook or the body, the rest of the run in another job each time, so
    /// every runaway is stopped once and blamed on what ran away (SPEC §9, §13).
    private func runTest(_ test: CollectedTest, file: String, retry: Int, iteration: Int?, leaving: Bool,
                         requireAssertions: Bool) -> TestRun {
        let setup: WorldSetup
        do { setup = try makeWorld() } catch {
            return TestRun(test: TestResult(file: file, name: test.name, fullName: test.fullName, location: test.location, tags: test.tags,
                                            status: .error, message: String(describing: error), virtualTime: 0, frame: 0))
        }
        // Each test starts from the loaded config's defaults: a world's overrides end with it.
        let world = setup.world
        host.setWorld(setup)
        // Limits first: the reseed must not be cut short by the previous test's exhausted budget.
        host.lua.resetLimits()
        host.seedRandom(Int64(bitPattern: fnv1a(file + "\u{0}" + test.fullName, seed: settings.seed)))
        host.beginPluginTest(tags: test.tags)
        let trace = startTrace(test, file: file, retry: retry, iteration: iteration)
        // A job's thread is let go when its job ends, so what a stopped one held (a memory
        // bomb's tables) is garbage for the collection resetLimits() makes before the next.
        func job(_ thread: LuaThread, argumentCount: Int32) -> JobEnding {
            virtualLoop.run(thread, argumentCount: argumentCount, testStart: world.time) { $0.snapshot(thread) }
        }
        var ending = job(host.makeTestThread(id: test.index, leaving: leaving), argumentCount: 2)
        var stoppedResult: TestResult?
        var stoppedByMemoryCap = false
        while true {
            stoppedByMemoryCap = stoppedByMemoryCap || host.lua.stoppedByMemoryCap
            if case .finished = ending { break }
            if cancellation.isRequested { break }
            let message = ending.locatedMessage(killLocation: host.lua.killLocation)
            let stopped = makeResult(file: file, name: test.name, fullName: test.fullName, location: test.location,
                                     tags: test.tags, ending: ending, world: host.world ?? world, isScript: false)
            host.lua.resetLimits()   // what was spent (memory above all) must not stop the calls below
            if (try? host.stoppedTest(message: message)) ?? .test == .test { stoppedResult = stopped }
            ending = job(host.makeResumeThread(), argumentCount: 0)
        }
        var result = stoppedResult ?? makeResult(file: file, name: test.name, fullName: test.fullName, location: test.location,
                                                 tags: test.tags, ending: ending, world: host.world ?? world, isScript: false,
                                                 requireAssertions: requireAssertions)
        finishTrace(trace, &result)
        logger.debug("test finished", metadata: [
            "test": "\(test.fullName)", "status": "\(result.status.rawValue)",
            "virtual_seconds": "\(result.virtualTime)", "frames": "\(result.frame)",
            "instructions": "\(host.lua.instructionsExecuted)", "budget": "\(host.lua.instructionBudget)",
            "lua_memory_kib": "\(host.lua.memoryInUse / 1024)", "lua_peak_kib": "\(host.lua.peakMemory / 1024)",
        ])
        var run = TestRun(test: nil)
        run.stoppedByMemoryCap = stoppedByMemoryCap
        let clock = host.world ?? world
        var reports = host.takeTestReports()
        // A run cancelled before the test had its result still reports the test, as cancelled.
        if cancellation.isRequested && !reports.contains(.test) { reports.append(.test) }
        for report in reports {
            switch report {
            case .test:
                run.test = result
                run.testIndex = run.reports.count
                run.reports.append(result)
            case let .hookError(name, fullName, location, message, traceback):
                run.reports.append(TestResult(file: file, name: name, fullName: fullName, location: location, tags: [], status: .error,
                                              message: message, traceback: traceback, virtualTime: clock.seconds, frame: clock.frame))
            }
        }
        host.endTest()
        return run
    }

    /// The result of a job's `ending`; with `requireAssertions`, a test that passed with no
    /// assertion fails (`TestResult.requireAssertion`).
    private func makeResult(file: String, name: String, fullName: String, location: String, tags: [String],
                            ending: JobEnding, world: World, isScript: Bool, requireAssertions: Bool = false) -> TestResult {
        var result = TestResult(file: file, name: name, fullName: fullName, location: location, tags: tags,
                                status: .passed, virtualTime: world.seconds, frame: world.frame)
        switch ending {
        case let .finished(record):
            guard !isScript else { return result }
            guard let record else { result.status = .error; return result }
            result.status = TestResult.Status(rawValue: record.status ?? "error") ?? .error
            if let message = record.message { result.message = record.location.map { "\($0): \(message)" } ?? message }
            result.expected = record.expected
            result.actual = record.actual
            result.traceback = record.traceback
            result.assertions = record.assertions
            if requireAssertions { result.requireAssertion() }
        case let .failed(error):
            if case let .runtime(runtime) = error, runtime.fields["invariant"] != nil {
                result.status = .failed
                result.message = error.message
                return result
            }
            result.status = .error
            switch error {
            case _ where error.isLimit:
                // Where it was stopped (the loop, the allocation), or the test's own line when
                // the script had caught the limit and nothing of that stack is left.
                let stoppedAt = host.lua.killLocation ?? error.scriptFrame.map { "\($0.file):\($0.line)" } ?? location
                result.message = "\(stoppedAt): test stopped: \(error.message)"
            default:
                result.message = ending.locatedMessage(killLocation: nil)
            }
            result.traceback = error.traceback
        case let .aborted(message):
            result.status = .error
            result.message = "\(location): \(message)"
        }
        return result
    }
}

/// What one run of a test reports, in order: its hooks' errors and its own result, which is
/// missing when a setup or before_each kept it from running (busted reports no test then).
struct TestRun {
    var test: TestResult? {
        didSet { if let testIndex, let test { reports[testIndex] = test } }
    }
    var reports: [TestResult] = []
    var testIndex: Int?
    /// The memory cap stopped one of the run's jobs (`Session.memoryExhaustion` asks).
    var stoppedByMemoryCap = false
    init(test: TestResult?) {
        self.test = test
        if let test {
            reports = [test]
            testIndex = 0
        }
    }
}

extension TestResult {
    /// A selected test that never ran (`--max-failures` was reached before it).
    init(notRun test: CollectedTest, file: String, iteration: Int?) {
        self.init(file: file, name: test.name, fullName: test.fullName, location: test.location, tags: test.tags,
                  status: .notRun, virtualTime: 0, frame: 0)
        self.iteration = iteration
    }
}

/// A job's ending with the main task's results already read off its stack.
enum JobEnding {
    /// The record a test body returns (`{status=, message=, where=, ...}`); nil for a script
    /// or a spec file's top level.
    struct Record {
        var status, message, location, expected, actual, traceback: String?
        /// The assertions the test evaluated (spec_run's count); nil when the record has none.
        var assertions: Int?
    }
    case finished(Record?)
    case failed(LuaError)
    case aborted(String)

    var message: String {
        switch self {
        case .finished: return ""
        case let .failed(error): return error.message
        case let .aborted(message): return message
        }
    }

    /// The message with the script line it happened on in front, when the message has none
    /// of its own: a limit's stopping line (`killLocation`), else the traceback's first script
    /// frame. For errors of a file's top level and plain scripts.
    func locatedMessage(killLocation: String?) -> String {
        guard case let .failed(error) = self else { return message }
        switch error {
        case _ where error.isLimit:
            if let where_ = killLocation ?? error.scriptFrame.map({ "\($0.file):\($0.line)" }) { return "\(where_): \(error.message)" }
        case let .runtime(runtime) where runtime.fields["where"].map { !error.message.hasPrefix($0) } ?? false:
            // An assertion failure (its record says where) raised in a handler or condition.
            return "\(runtime.fields["where"]!): \(error.message)"
        case .runtime where !error.message.contains(":"):
            if let frame = error.scriptFrame { return "\(frame.file):\(frame.line): \(error.message)" }
        default: break
        }
        return error.message
    }
}

extension TaskScheduler.Ending {
    /// Reads (and pops) the main task's results while they are still on its stack.
    func snapshot(_ thread: LuaThread) -> JobEnding {
        switch self {
        case let .finished(count):
            return thread.withResults(count) { values in
                guard values.type(1) == .table else { return .finished(nil) }
                return .finished(JobEnding.Record(status: values.string(1, field: "status"), message: values.string(1, field: "message"),
                                                  location: values.string(1, field: "where"), expected: values.string(1, field: "expected"),
                                                  actual: values.string(1, field: "actual"), traceback: values.string(1, field: "traceback"),
                                                  assertions: values.numberField(1, "assertions").value.flatMap { Int(exactly: $0) }))
            }
        case let .failed(error): return .failed(error)
        case let .aborted(message): return .aborted(message)
        }
    }
}

extension Session {
    /// Makes a spec file's chunk run `[run] helper` first (loaded, not run, with the file).
    static let helperWrapper = "local helper, file = ... return function(...) helper() return file(...) end"
}
