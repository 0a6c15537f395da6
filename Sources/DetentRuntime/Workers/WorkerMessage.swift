import DetentJSON
import DetentReports
/// What a coordinator (`detent run`, the daemon) and a worker process (`detent __worker`) say
/// to each other: one JSON object a line over the worker's pipe (fd 3), the daemon's framing.
///
/// Coordinator to worker: run a file, stop scheduling (`--max-failures`), cancel. Worker to
/// coordinator: ready (or why not), each `SessionOutcome` as the session emits it, and the
/// end of a file with the lines its scripts ran (`--coverage`).
enum WorkerRequest: Equatable {
    /// Run spec file `path` (its text given for the daemon's inline sources), passing by its
    /// first `skipping` tests unrun and unreported: a fresh worker going on after the one
    /// that ran them was stopped.
    case run(index: Int, path: String, text: String?, skipping: Int)
    /// Report the remaining tests as not run (`--max-failures` was reached).
    case stop
    /// Interrupt the running test; nothing further starts.
    case cancel

    var json: JSONValue {
        switch self {
        case let .run(index, path, text, skipping):
            var fields: [(String, JSONValue)] = [("run", .int(Int64(index))), ("path", .string(path)), ("skip", .int(Int64(skipping)))]
            if let text { fields.append(("text", .string(text))) }
            return .object(fields)
        case .stop: return .object([("stop", .bool(true))])
        case .cancel: return .object([("cancel", .bool(true))])
        }
    }

    init(_ value: JSONValue) throws {
        if let index = value["run"]?.integer, let path = value["path"]?.stringValue, let skipping = value["skip"]?.integer {
            self = .run(index: Int(index), path: path, text: value["text"]?.stringValue, skipping: Int(skipping))
        } else if value["stop"] != nil {
            self = .stop
        } else if value["cancel"] != nil {
            self = .cancel
        } else {
            throw WorkerProtocolError(description: "unknown request \(value.text.prefix(200))")
        }
    }
}

enum WorkerReply: Equatable {
    /// Set up (config read, plugins loaded): files may come.
    case ready
    /// The worker could not set up, or a file could not run (a bad pattern): the run fails
    /// with this usage error.
    case usageError(String)
    case outcome(SessionOutcome)
    /// File `index` is done; with `--coverage`, the lines it ran by file and line.
    case done(index: Int, coverage: [String: [Int: Int]])

    var json: JSONValue {
        switch self {
        case .ready: return .object([("ready", .bool(true))])
        case let .usageError(message): return .object([("usage_error", .string(message))])
        case let .done(index, coverage):
            let files = coverage.keys.sorted().map { file in
                (file, JSONValue.array(coverage[file]!.keys.sorted().map { line in .array([.int(Int64(line)), .int(Int64(coverage[file]![line]!))]) }))
            }
            return .object([("done", .int(Int64(index))), ("coverage", .object(files))])
        case let .outcome(outcome):
            switch outcome {
            case let .fileStarted(file): return .object([("o", .string("file")), ("file", .string(file))])
            case let .output(text): return .object([("o", .string("output")), ("text", .string(text))])
            case let .testStarted(test):
                // Only what names the test: its result is not known yet.
                var fields: [(String, JSONValue)] = [("o", .string("started")), ("file", .string(test.file)), ("name", .string(test.name)),
                                                     ("full_name", .string(test.fullName)), ("location", .string(test.location)),
                                                     ("tags", .array(test.tags.map { .string($0) }))]
                if let iteration = test.iteration { fields.append(("iteration", .int(Int64(iteration)))) }
                return .object(fields)
            case let .testFinished(result):
                return .object([("o", .string("test")), ("test", JSONReport.testObject(RunRecord.RecordedTest(result: result)))])
            case let .loadFailed(file, message): return .object([("o", .string("load_error")), ("file", .string(file)), ("message", .string(message))])
            case let .listed(line): return .object([("o", .string("listed")), ("line", .string(line))])
            }
        }
    }

    init(_ value: JSONValue) throws {
        func string(_ key: String) throws -> String {
            guard let text = value[key]?.stringValue else { throw WorkerProtocolError(description: "'\(key)' missing in \(value.text.prefix(200))") }
            return text
        }
        func test() throws -> TestResult {
            guard let test = value["test"] else { throw WorkerProtocolError(description: "'test' missing in \(value.text.prefix(200))") }
            do { return try JSONReport.readTest(test, source: "a worker's message").result } catch {
                throw WorkerProtocolError(description: "\(error)")
            }
        }
        if value["ready"] != nil { self = .ready; return }
        if let message = value["usage_error"]?.stringValue { self = .usageError(message); return }
        if let index = value["done"]?.integer {
            var coverage: [String: [Int: Int]] = [:]
            for (file, lines) in value["coverage"]?.objectValue ?? [] {
                for pair in lines.arrayValue ?? [] {
                    guard let pair = pair.arrayValue, pair.count == 2, let line = pair[0].integer, let count = pair[1].integer else {
                        throw WorkerProtocolError(description: "malformed coverage of \(file)")
                    }
                    coverage[file, default: [:]][Int(line)] = Int(count)
                }
            }
            self = .done(index: Int(index), coverage: coverage)
            return
        }
        switch value["o"]?.stringValue {
        case "file": self = .outcome(.fileStarted(try string("file")))
        case "output": self = .outcome(.output(try string("text")))
        case "started":
            var test = TestResult(file: try string("file"), name: try string("name"), fullName: try string("full_name"),
                                  location: try string("location"), tags: value["tags"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                                  status: .notRun, virtualTime: 0, frame: 0)
            test.iteration = value["iteration"]?.integer.map { Int($0) }
            self = .outcome(.testStarted(test))
        case "test": self = .outcome(.testFinished(try test()))
        case "load_error": self = .outcome(.loadFailed(file: try string("file"), message: try string("message")))
        case "listed": self = .outcome(.listed(try string("line")))
        default: throw WorkerProtocolError(description: "unknown message \(value.text.prefix(200))")
        }
    }
}

/// A line on a worker's pipe that is not what the protocol says.
struct WorkerProtocolError: Error, CustomStringConvertible {
    var description: String
}
