import ArgumentParser
import DetentPlatform
import DetentRuntime
import FoundationEssentials
import DetentReports

/// `detent merge-reports FILE…`: the JSON reports of a suite's shards (`detent run --shard i/n
/// --report shard-i.json`) combined into one report, equal to a single machine's run of the
/// whole suite apart from durations, printed with `-o` and written with `--report` as `run`.
struct MergeReports: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Combine the JSON reports of shards into one report.",
        discussion: """
            Reads JSON reports written by detent run --report FILE.json (one per shard of a run), checks they are shards of \
            one run (same seed, shuffle, device and spec files; every shard once), and reports the whole run: standard output \
            in the -o format, and each --report file. Exit status: 0 all passed, 1 failures, 2 unreadable or mismatched \
            reports and load errors.
            """
    )

    @Argument(help: ArgumentHelp("JSON reports of the shards.", valueName: "FILE"))
    var files: [String] = []

    @OptionGroup var reports: ReportFlags

    @Flag(name: .customLong("fail-on-flaky"), help: "Exit 1 when a test is flaky (failed, then passed on a retry).")
    var failOnFlaky = false

    @Flag(name: .shortAndLong, help: "Print tracebacks of errors.")
    var verbose = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("name the JSON reports to merge, like detent merge-reports shard-1.json shard-2.json") }
    }

    func run() throws {
        var records: [(source: String, record: RunRecord)] = []
        do {
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw ReportMerge.Mismatch(description: "cannot read \(file)")
                }
                records.append((file, try JSONReport.read(data, source: file)))
            }
            let merged = try ReportMerge.merge(records)
            merged.replay(into: reports.makeReporter(stdout: TextSink.standardOutput(), verbose: verbose))
            let status = merged.summary.exitCode(failOnFlaky: failOnFlaky)
            if status != 0 { throw ExitCode(status) }
        } catch let error as JSONReport.ReadError {
            StandardError.write("detent merge-reports: \(error)\n")
            throw ExitCode(2)
        } catch let error as ReportMerge.Mismatch {
            StandardError.write("detent merge-reports: \(error)\n")
            throw ExitCode(2)
        }
    }
}
