import FoundationEssentials
import DetentJSON

extension JSONReport {
    /// A JSON report that cannot be read back: which file, where in it, what was expected.
    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Reads a report `render` wrote back into its record. `source` names the file in errors.
    public static func read(_ data: Data, source: String) throws -> RunRecord {
        let root: JSONValue
        do { root = try JSONValue.parse(Array(data)) } catch {
            throw ReadError(description: "\(source) is not JSON: \(error)")
        }
        let top = Reader(value: root, path: "", source: source)
        let format = try top["format"].string()
        guard format == Self.format else {
            throw ReadError(description: "\(source): format is \"\(format)\", expected \"\(Self.format)\" (a report written by detent run --report FILE.json)")
        }
        let version = try top["format_version"].int()
        guard version == formatVersion else {
            throw ReadError(description: "\(source): format_version \(version) is not supported (this detent reads version \(formatVersion))")
        }
        let run = top["run"]
        let info = RunInfo(seed: try run["seed"].unsigned(), shuffled: try run["shuffled"].bool(), device: try run["device"].string(),
                           files: try run["files"].array().map { try $0.string() }, shard: try run["shard"].optionalString())
        var record = RunRecord(detentVersion: try top["detent_version"].string(), info: info)

        let summary = top["summary"]
        record.summary.passed = try summary["passed"].int()
        record.summary.failed = try summary["failed"].int()
        record.summary.errors = try summary["errors"].int()
        record.summary.pending = try summary["skipped"].int()
        record.summary.flaky = try summary["flaky"].int()
        record.summary.notRun = try summary["not_run"].int()
        // Written since the key came; a report from before it reads as none counted.
        record.summary.noAssertions = try summary["no_assertions"].absentOrInt() ?? 0
        record.summary.loadErrors = try summary["load_errors"].int()
        record.summary.cancelled = try summary["cancelled"].bool()

        var tests = try top["tests"].array().map(readTest)[...]
        var loadErrors = try top["load_errors"].array().map { error in
            RunRecord.LoadError(file: try error["file"].string(), message: try error["message"].string(), output: try error["output"].strings())
        }[...]
        for entry in try top["files"].array() {
            var section = RunRecord.Section(file: try entry["file"].string(), started: try entry["started"].bool(),
                                            trailingOutput: try entry["output"].strings())
            let errorCount = try entry["load_errors"].int(), testCount = try entry["tests"].int()
            guard errorCount >= 0, testCount >= 0, errorCount <= loadErrors.count, testCount <= tests.count else {
                throw ReadError(description: "\(source): \(entry.path) counts more tests or load errors than the report lists")
            }
            section.loadErrors = Array(loadErrors.prefix(errorCount))
            loadErrors = loadErrors.dropFirst(errorCount)
            section.tests = Array(tests.prefix(testCount))
            tests = tests.dropFirst(testCount)
            record.sections.append(section)
        }
        guard tests.isEmpty, loadErrors.isEmpty else {
            throw ReadError(description: "\(source): \(tests.count) tests and \(loadErrors.count) load errors belong to no entry of files")
        }
        return record
    }

    /// A test `testObject` wrote, read back; `source` names where it came from in errors.
    package static func readTest(_ value: JSONValue, source: String) throws -> RunRecord.RecordedTest {
        try readTest(Reader(value: value, path: "test", source: source))
    }

    private static func readTest(_ test: Reader) throws -> RunRecord.RecordedTest {
        var result = TestResult(file: try test["file"].string(), name: try test["name"].string(), fullName: try test["full_name"].string(),
                                location: try test["location"].string(), tags: try test["tags"].strings(), status: try test["status"].status(),
                                message: try test["message"].optionalString(), expected: try test["expected"].optionalString(),
                                actual: try test["actual"].optionalString(), traceback: try test["traceback"].optionalString(),
                                virtualTime: try test["virtual_time"].double(), frame: Int64(try test["frame"].int()))
        result.duration = try test["duration"].double()
        result.iteration = try test["iteration"].optionalInt()
        result.tracePath = try test["trace_path"].optionalString()
        result.assertions = try test["assertions"].absentOrInt()
        result.retries = try test["retries"].array().map { attempt in
            TestResult.Attempt(status: try attempt["status"].status(), message: try attempt["message"].optionalString(),
                               virtualTime: try attempt["virtual_time"].double(), frame: Int64(try attempt["frame"].int()),
                               duration: try attempt["duration"].double(), tracePath: try attempt["trace_path"].optionalString())
        }
        return RunRecord.RecordedTest(result: result, output: try test["output"].strings())
    }

    /// A value of the parsed document with its path (`tests[3].status`), for errors that say
    /// where the report is wrong.
    private struct Reader {
        var value: JSONValue?
        var path: String
        var source: String

        subscript(key: String) -> Reader {
            Reader(value: value?[key], path: path.isEmpty ? key : path + "." + key, source: source)
        }

        private func fail(_ expected: String) -> ReadError {
            ReadError(description: "\(source): \(path) " + (value == nil ? "is missing" : "is not \(expected)") + " (expected \(expected))")
        }

        func string() throws -> String {
            guard let text = value?.stringValue else { throw fail("a string") }
            return text
        }
        func optionalString() throws -> String? { value?.isNull == true ? nil : try string() }
        func strings() throws -> [String] { try array().map { try $0.string() } }
        func bool() throws -> Bool {
            guard let flag = value?.boolValue else { throw fail("true or false") }
            return flag
        }
        func int() throws -> Int {
            guard let int = value?.integer.flatMap({ Int(exactly: $0) }) else { throw fail("a whole number") }
            return int
        }
        func optionalInt() throws -> Int? { value?.isNull == true ? nil : try int() }
        /// A key a report of the same format version may lack (added later): nil when missing
        /// or null.
        func absentOrInt() throws -> Int? { value == nil ? nil : try optionalInt() }
        func unsigned() throws -> UInt64 {
            guard let integer = value?.unsignedInteger else { throw fail("a whole number") }
            return integer
        }
        func double() throws -> Double {
            // The writer gives a value that is not finite as null (JSON has no NaN).
            if value?.isNull == true { return .nan }
            guard let number = value?.number else { throw fail("a number") }
            return number
        }
        func status() throws -> TestResult.Status {
            let text = try string()
            guard let status = TestResult.Status(rawValue: text) else {
                throw ReadError(description: "\(source): \(path) is \"\(text)\" (expected one of: passed, failed, error, pending, not_run)")
            }
            return status
        }
        func array() throws -> [Reader] {
            guard let items = value?.arrayValue else { throw fail("an array") }
            return items.enumerated().map { Reader(value: $1, path: "\(path)[\($0)]", source: source) }
        }
    }
}
