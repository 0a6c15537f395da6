import FoundationEssentials
import DetentJSON

/// The JSON report (`-o json`, `--report FILE.json`): schema in docs/report-schema.json,
/// described in docs/reports.md. Keys are written in a fixed order and every value comes from
/// the run's results, so two identical runs give the same bytes apart from `duration` fields.
/// `read` gives back the record it was rendered from (what `merge-reports` combines).
public enum JSONReport {
    /// The value of the `format` key: what `read` accepts.
    public static let format = "detent-report"
    /// Bumped when a key changes meaning or goes away (adding keys keeps it).
    public static let formatVersion = 1

    public static func render(_ record: RunRecord) -> String { document(record).indentedText() }

    public static func document(_ record: RunRecord) -> JSONValue {
        let info = record.info
        let summary = record.summary
        let tests = record.tests
        return .object([
            ("format", .string(format)),
            ("format_version", .int(Int64(formatVersion))),
            ("detent_version", .string(record.detentVersion)),
            ("run", .object([
                ("seed", .unsigned(info.seed)),
                ("shuffled", .bool(info.shuffled)),
                ("device", .string(info.device)),
                ("shard", .string(info.shard)),
                ("files", .array(info.files.map { .string($0) })),
            ])),
            ("summary", .object([
                ("tests", .int(Int64(tests.count))),
                ("passed", .int(Int64(summary.passed))),
                ("failed", .int(Int64(summary.failed))),
                ("errors", .int(Int64(summary.errors))),
                ("skipped", .int(Int64(summary.pending))),
                ("flaky", .int(Int64(summary.flaky))),
                ("not_run", .int(Int64(summary.notRun))),
                ("no_assertions", .int(Int64(summary.noAssertions))),
                ("load_errors", .int(Int64(summary.loadErrors))),
                ("cancelled", .bool(summary.cancelled)),
            ])),
            ("tests", .array(tests.map(testObject))),
            ("load_errors", .array(record.loadErrors.map { error in
                .object([
                    ("file", .string(error.file)),
                    ("message", .string(error.message)),
                    ("location", .string(failureLocation(in: error.message))),
                    ("output", .array(error.output.map { .string($0) })),
                ])
            })),
            ("files", .array(record.sections.map { section in
                .object([
                    ("file", .string(section.file)),
                    ("started", .bool(section.started)),
                    ("load_errors", .int(Int64(section.loadErrors.count))),
                    ("tests", .int(Int64(section.tests.count))),
                    ("output", .array(section.trailingOutput.map { .string($0) })),
                ])
            })),
        ])
    }

    /// One test as the report lists it (also how a worker process hands a result over).
    package static func testObject(_ test: RunRecord.RecordedTest) -> JSONValue {
        let result = test.result
        return .object([
            ("file", .string(result.file)),
            ("line", .int(line(of: result.location))),
            ("location", .string(result.location)),
            ("name", .string(result.name)),
            ("full_name", .string(result.fullName)),
            ("tags", .array(result.tags.map { .string($0) })),
            ("status", .string(result.status.rawValue)),
            ("iteration", .int(result.iteration)),
            ("flaky", .bool(result.isFlaky)),
            ("duration", .double(result.duration)),
            ("virtual_time", .double(result.virtualTime)),
            ("frame", .int(result.frame)),
            ("message", .string(result.message)),
            ("failure_location", .string(failureLocation(in: result.message))),
            ("expected", .string(result.expected)),
            ("actual", .string(result.actual)),
            ("traceback", .string(result.traceback)),
            ("trace_path", .string(result.tracePath)),
            ("assertions", .int(result.assertions)),
            ("retries", .array(result.retries.map { attempt in
                .object([
                    ("status", .string(attempt.status.rawValue)),
                    ("message", .string(attempt.message)),
                    ("failure_location", .string(failureLocation(in: attempt.message))),
                    ("duration", .double(attempt.duration)),
                    ("virtual_time", .double(attempt.virtualTime)),
                    ("frame", .int(attempt.frame)),
                    ("trace_path", .string(attempt.tracePath)),
                ])
            })),
            ("output", .array(test.output.map { .string($0) })),
        ])
    }

    /// The line of a `file:line` location (nil for a plain script, located by its file).
    static func line(of location: String) -> Int? {
        guard let colon = location.lastIndex(of: ":") else { return nil }
        return Int(location[location.index(after: colon)...])
    }

    /// Where a failure happened: the first `FILE.lua:LINE:` of the message's first line, as
    /// Lua prefixes errors and assertions (`scripts/x_spec.lua:12: Expected objects ...`).
    public static func failureLocation(in message: String?) -> String? {
        guard let firstLine = message?.split(separator: "\n", omittingEmptySubsequences: false).first else { return nil }
        for word in firstLine.split(separator: " ") where word.hasSuffix(":") {
            let parts = word.dropLast().split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 2, let last = parts.last, !last.isEmpty, last.allSatisfy(\.isNumber) else { continue }
            let file = parts.dropLast().joined(separator: ":")
            if file.hasSuffix(".lua") { return file + ":" + last }
        }
        return nil
    }
}
