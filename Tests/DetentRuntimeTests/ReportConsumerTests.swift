import Testing
import Foundation
import DetentPlatform
import DetentRuntime
import DetentTestSupport
#if canImport(Glibc)
import Glibc
@testable import DetentReports
#endif

/// Reports as their consumers read them: `detent run` and `detent merge-reports` run as
/// processes, the JUnit file validated by xmllint against Jenkins' junit-10.xsd
/// (Tests/Fixtures/junit-10.xsd) and read back by junitparser, the TAP file read by tap.py and
/// by prove, the JSON file checked by jsonschema against docs/report-schema.json. The Python packages come from scripts/setup.sh's virtual environment; a missing
/// tool is a failure that says how to install it.
@Suite("Reports: read by real consumers", .serialized)
struct ReportConsumerTests {
    static let suite = ReportMergeTests.suite
    /// `detent run`'s flags for ReportMergeTests.configure.
    static let runFlags = ["--plugins", "Tests/Fixtures/plugins/mixed", "--shuffle", "--seed", "11", "--retries", "1", "--repeat", "2"]
    static let schema = ReportSupport.root.appendingPathComponent("Tests/Fixtures/junit-10.xsd").path

    private func detent() throws -> String { try BuiltExecutables.path(of: "detent") }

    private func xmllint(_ file: String, folder: URL) throws -> WatchedProcess.Finished {
        let xmllint = try ReportSupport.requireTool("/usr/bin/xmllint", package: "libxml2-utils")
        return try WatchedProcess.run(xmllint, ["--noout", "--schema", Self.schema, file], folder: folder, timeout: 60)
    }

    @Test(.timeLimit(.minutes(10))) func junitReportsValidateAgainstTheJenkinsSchema() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromRun = folder.appendingPathComponent("run.xml").path
        let run = try WatchedProcess.run(try detent(), ["run"] + Self.suite + Self.runFlags + ["--report", fromRun], folder: folder)
        #expect(run.status == 2 && !run.timedOut, "a run with load errors exits 2: \(run.error)")
        let sample = folder.appendingPathComponent("sample.xml").path
        try AtomicFile.write(JUnitReport.render(ReportSamples.record), to: sample)
        for file in [fromRun, sample] {
            let check = try xmllint(file, folder: folder)
            #expect(check.status == 0 && !check.timedOut, "\(file) does not validate:\n\(check.error)")
        }
        // The check can fail: the xunit1 family's `file` and `line` on a testcase, which the
        // schema the plugin uses today does not have (the April 2018 one did), are refused.
        let legacy = folder.appendingPathComponent("xunit1.xml").path
        let run1 = try WatchedProcess.run(try detent(), ["run"] + Self.suite + Self.runFlags + ["--junit-family", "xunit1", "--report", legacy],
                                          folder: folder)
        #expect(!run1.timedOut)
        let refused = try xmllint(legacy, folder: folder)
        #expect(refused.status != 0 && refused.error.contains("'file'"), "xmllint accepted an attribute junit-10.xsd does not have:\n\(refused.error)")
    }

    @Test(.timeLimit(.minutes(10))) func jsonReportsValidateAgainstTheDocumentedSchema() throws {
        let python = try ReportSupport.requirePython()
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fromRun = folder.appendingPathComponent("run.json").path
        _ = try WatchedProcess.run(try detent(), ["run"] + Self.suite + Self.runFlags + ["--report", fromRun], folder: folder)
        let sample = folder.appendingPathComponent("sample.json").path
        try AtomicFile.write(JSONReport.render(ReportSamples.record), to: sample)
        let check = try WatchedProcess.run(python, ["Tests/python/check_json_report.py", "docs/report-schema.json", fromRun, sample], folder: folder, timeout: 60)
        #expect(check.status == 0 && check.output == "valid \(fromRun)\nvalid \(sample)\n", "\(check.output)\(check.error)")
        // The check can fail: a report missing a key the schema requires is refused.
        let invalid = folder.appendingPathComponent("invalid.json").path
        try AtomicFile.write(JSONReport.render(ReportSamples.record).replacingOccurrences(of: "\"failure_location\"", with: "\"where\""), to: invalid)
        let refused = try WatchedProcess.run(python, ["Tests/python/check_json_report.py", "docs/report-schema.json", invalid], folder: folder, timeout: 60)
        #expect(refused.status == 1 && refused.output.contains("'failure_location' is a required property"), "\(refused.output)\(refused.error)")
    }

    @Test(.timeLimit(.minutes(10))) func junitparserReadsBackTestsFailuresAndProperties() throws {
        let python = try ReportSupport.requirePython()
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("run.xml").path
        _ = try WatchedProcess.run(try detent(), ["run"] + Self.suite + Self.runFlags + ["--report", report], folder: folder)
        let read = try WatchedProcess.run(python, ["Tests/python/read_junit.py", report], folder: folder, timeout: 60)
        #expect(read.status == 0, "junitparser could not read the report:\n\(read.error)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any])
        let record = try ReportSupport.record(Self.suite) { ReportMergeTests.configure(&$0) }
        // Tests and errors include a case per load error (the plugin and the syntax error).
        #expect(parsed["tests"] as? Int == record.tests.count + 2)
        #expect(parsed["failures"] as? Int == record.summary.failed)
        #expect(parsed["errors"] as? Int == record.summary.errors + 2)
        let suites = try #require(parsed["suites"] as? [[String: Any]])
        #expect(suites.map { $0["name"] as? String } == record.sections.map(\.file))
        let properties = try #require(suites.first?["properties"] as? [String: String])
        #expect(properties["seed"] == "11" && properties["device"] == record.info.device && properties["shuffled"] == "true")
        let cases = suites.flatMap { ($0["cases"] as? [[String: Any]]) ?? [] }
        let failing = try #require(cases.first { $0["name"] as? String == "reports expected and actual with the line, time and frame (iteration 1)" })
        #expect(failing["classname"] as? String == "Tests.Fixtures.runner.failing_spec.failures")
        #expect(failing["file"] == nil || failing["file"] is NSNull, "the default (xunit2) testcase has no file attribute")
        let result = try #require((failing["results"] as? [[String: Any]])?.first)
        #expect(result["tag"] as? String == "failure")
        #expect(result["message"] as? String == "Tests/Fixtures/runner/failing_spec.lua:4: Expected objects to be equal.")
        #expect((result["text"] as? String)?.contains("location: Tests/Fixtures/runner/failing_spec.lua:4\nexpected: (number) 4\nactual: (number) 3\nat t=0.5 s (frame 30)") == true)
        let flakyRun = try #require(cases.first { $0["name"] as? String == "passes on its second attempt (iteration 1)" })
        #expect((flakyRun["results"] as? [Any])?.isEmpty == true)
        #expect(flakyRun["flaky"] as? [String] == ["flakyFailure"])
        #expect((flakyRun["system_out"] as? String)?.hasPrefix("flaky: passed on attempt 2 after 1 failed attempt\nattempt 1 failed: Tests/Fixtures/reports/flaky_spec.lua:8:") == true)
        let failedTwice = try #require(cases.first { $0["name"] as? String == "passes on its second attempt (iteration 2)" })
        #expect(failedTwice["reruns"] as? [String] == ["rerunFailure"])
        #expect(((failedTwice["results"] as? [[String: Any]])?.first?["tag"] as? String) == "failure")
        let printing = try #require(cases.first { $0["name"] as? String == "prints twice (iteration 1)" })
        #expect(printing["system_out"] as? String != nil)

        // The hand-built run: flaky retries in system-out, reruns of a test that never passed.
        let sample = folder.appendingPathComponent("sample.xml").path
        try AtomicFile.write(JUnitReport.render(ReportSamples.record), to: sample)
        let readSample = try WatchedProcess.run(python, ["Tests/python/read_junit.py", sample], folder: folder, timeout: 60)
        let sampleCases = try #require((try JSONSerialization.jsonObject(with: Data(readSample.output.utf8)) as? [String: Any])?["suites"] as? [[String: Any]])
            .flatMap { ($0["cases"] as? [[String: Any]]) ?? [] }
        let flaky = try #require(sampleCases.first { $0["name"] as? String == "settles after a flick" })
        #expect((flaky["results"] as? [Any])?.isEmpty == true, "a flaky test passed")
        #expect(flaky["flaky"] as? [String] == ["flakyFailure"])
        #expect((flaky["system_out"] as? String)?.hasPrefix("flaky: passed on attempt 2 after 1 failed attempt\nattempt 1 failed: specs/a_spec.lua:9:") == true)
        let hopeless = try #require(sampleCases.first { $0["name"] as? String == "never settles" })
        #expect(hopeless["reruns"] as? [String] == ["rerunFailure", "rerunError"])
        #expect(sampleCases.contains { $0["name"] as? String == "repeats (iteration 2)" })
    }

    /// `--junit-family xunit1`: each testcase's file and line, for consumers that read them
    /// (GitLab's test reports show the file), as junitparser reads them back.
    @Test(.timeLimit(.minutes(10))) func theXunit1FamilyCarriesFileAndLine() throws {
        let python = try ReportSupport.requirePython()
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("run.xml").path
        _ = try WatchedProcess.run(try detent(), ["run", "Tests/Fixtures/runner/failing_spec.lua", "--junit-family", "XUNIT1", "--report", report],
                                   folder: folder)
        let read = try WatchedProcess.run(python, ["Tests/python/read_junit.py", report], folder: folder, timeout: 60)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [String: Any])
        let cases = ((parsed["suites"] as? [[String: Any]]) ?? []).flatMap { ($0["cases"] as? [[String: Any]]) ?? [] }
        let failing = try #require(cases.first { $0["name"] as? String == "reports expected and actual with the line, time and frame" })
        #expect(failing["file"] as? String == "Tests/Fixtures/runner/failing_spec.lua" && failing["line"] as? String == "2")
        let bad = try WatchedProcess.run(try detent(), ["run", "Tests/Fixtures/runner/failing_spec.lua", "--junit-family", "xunit3"], folder: folder)
        #expect(bad.status == 2 && bad.error.contains("xunit1") && bad.error.contains("xunit2"), "\(bad.error)")
    }

    @Test(.timeLimit(.minutes(10))) func tapReportsAreReadByTapPyAndProve() throws {
        let python = try ReportSupport.requirePython()
        let prove = try ReportSupport.requireTool("/usr/bin/prove", package: "perl")
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failing = folder.appendingPathComponent("failing.tap").path
        _ = try WatchedProcess.run(try detent(), ["run"] + Self.suite + Self.runFlags + ["--report", failing], folder: folder)
        let read = try WatchedProcess.run(python, ["Tests/python/read_tap.py", failing], folder: folder, timeout: 60)
        #expect(read.status == 0, "\(read.error)")
        let lines = read.output.split(separator: "\n").map(String.init)
        let record = try ReportSupport.record(Self.suite) { ReportMergeTests.configure(&$0) }
        let count = record.tests.count + record.loadErrors.count
        #expect(lines.first == "plan \(count)")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == record.summary.passed + record.summary.pending)
        #expect(lines.filter { $0.hasPrefix("not ok ") }.count == record.summary.failed + record.summary.errors + record.loadErrors.count)
        #expect(lines.filter { $0.hasSuffix(" # SKIP") }.count == record.summary.pending)
        let proved = try WatchedProcess.run(prove, ["-e", "cat", failing], folder: folder, timeout: 60)
        #expect(proved.status != 0 && proved.output.contains("Failed \(record.summary.failed + record.summary.errors + 2)/\(count) subtests"), "\(proved.output)")

        // A run that passes, and the hand-built one whose flaky test passed and whose
        // not-run test is a skip: prove reads every line, and the passing run passes.
        let passing = folder.appendingPathComponent("passing.tap").path
        _ = try WatchedProcess.run(try detent(), ["run", "scripts/scenarios/runner/waiting_spec.lua", "--report", passing], folder: folder)
        let passed = try WatchedProcess.run(prove, ["-e", "cat", passing], folder: folder, timeout: 60)
        #expect(passed.status == 0 && passed.output.contains("Result: PASS"), "\(passed.output)")
        let sample = folder.appendingPathComponent("sample.tap").path
        try AtomicFile.write(TAPReport.render(ReportSamples.record), to: sample)
        let readSample = try WatchedProcess.run(python, ["Tests/python/read_tap.py", sample], folder: folder, timeout: 60)
        let sampleLines = readSample.output.split(separator: "\n").map(String.init)
        #expect(sampleLines.contains("ok 2 - drawer release settles after a flick"))
        #expect(sampleLines.contains("ok 8 - sheet never started # SKIP"))
        let provedSample = try WatchedProcess.run(prove, ["-e", "cat", sample], folder: folder, timeout: 60)
        #expect(provedSample.output.contains("Failed 5/9 subtests") && provedSample.output.contains("less 2 skipped subtests"), "\(provedSample.output)")
    }

    @Test(.timeLimit(.minutes(10))) func aKilledRunLeavesThePreviousReportOrNone() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("slow.json").path
        let previous = "the previous run's report\n"
        let slow = "Tests/Fixtures/reports/slow_spec.lua"
        // Killed after 1, 4, 8, … tests finished: the previous report is there, untouched.
        var killedMidRun = 0
        for finishedTests in [1, 4, 8, 12, 16] {
            try AtomicFile.write(previous, to: report)
            let child = try WatchedProcess(try detent(), ["run", slow, "--report", report], folder: folder)
            let deadline = Date().addingTimeInterval(60)
            var ended = false
            while Date() < deadline {
                if child.outputSoFar.components(separatedBy: "\n  ok ").count - 1 >= finishedTests { break }
                if child.wait(seconds: 0.02) { ended = true; break }
            }
            if !ended {
                child.kill()
                killedMidRun += 1
            }
            _ = child.finish(timeout: 10)
            let left = try String(contentsOfFile: report, encoding: .utf8)
            if ended {
                #expect(try JSONReport.read(Data(left.utf8), source: report).tests.count == 20, "a finished run wrote its whole report")
            } else {
                #expect(left == previous, "a run killed after \(finishedTests) tests changed the report")
            }
        }
        #expect(killedMidRun >= 3, "the slow spec ended before it could be killed mid-run")
        // Without a previous report a killed run leaves none.
        try FileManager.default.removeItem(atPath: report)
        let child = try WatchedProcess(try detent(), ["run", slow, "--report", report], folder: folder)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && child.outputSoFar.components(separatedBy: "\n  ok ").count < 3 && !child.wait(seconds: 0.02) {}
        child.kill()
        #expect(!FileManager.default.fileExists(atPath: report))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".slow.json.tmp") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        // Run to the end, the report is whole.
        let whole = try WatchedProcess.run(try detent(), ["run", slow, "--report", report], folder: folder)
        #expect(whole.status == 0)
        #expect(try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: report)), source: report).summary.passed == 20)
    }

    @Test(.timeLimit(.minutes(10))) func aRunStoppedWithCtrlCWritesACancelledReport() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("r.json").path
        let child = try WatchedProcess(try detent(), ["run", "Tests/Fixtures/reports/slow_spec.lua", "--report", report], folder: folder)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && !child.outputSoFar.contains("\n  ok ") && !child.wait(seconds: 0.02) {}
        _ = Glibc.kill(child.pid, SIGINT)
        let finished = child.finish(timeout: 60)
        #expect(finished.status == 130, "\(finished.error)")
        let record = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: report)), source: report)
        #expect(record.summary.cancelled && record.tests.count < 20 && record.summary.passed >= 1)
    }

    @Test(.timeLimit(.minutes(10))) func aReportThatCannotBeWrittenEndsTheRunWithStatus2() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reports = folder.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let report = reports.appendingPathComponent("r.xml").path
        let child = try WatchedProcess(try detent(), ["run", "Tests/Fixtures/reports/slow_spec.lua", "--report", report], folder: folder)
        // The folder goes away while the run is under way (it was there when the flags were checked).
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && !child.outputSoFar.contains("\n  ok ") && !child.wait(seconds: 0.02) {}
        try FileManager.default.removeItem(at: reports)
        let finished = child.finish(timeout: 120)
        #expect(!finished.timedOut && finished.status == 2, "status \(finished.status): \(finished.error)")
        #expect(finished.output.contains("20 passed, 0 failed"), "the run itself finished and said so")
        #expect(finished.error.contains("detent: cannot create a temporary file in \(reports.path) for \(report): No such file or directory"), "\(finished.error)")
    }

    @Test(.timeLimit(.minutes(10))) func mergeReportsOfShardsReproducesTheSingleMachineReports() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let single = try WatchedProcess.run(try detent(), ["run"] + Self.suite + Self.runFlags + ["--jobs", "2"]
                                          + ["--report", path("single.json"), "--report", path("single.xml"), "--report", path("single.tap")], folder: folder)
        #expect(single.status == 2)
        // Two files at a time write the report one at a time does (the in-process run's).
        let oneAtATime = JSONReport.render(try ReportSupport.record(Self.suite, configure: ReportMergeTests.configure))
        #expect(ReportSupport.withoutDurations(json: try String(contentsOfFile: path("single.json"), encoding: .utf8))
                == ReportSupport.withoutDurations(json: oneAtATime))
        let whole = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: path("single.json"))), source: "single.json")
        for index in 1...2 {
            let shard = try WatchedProcess.run(try detent(), ["run"] + Self.suite + Self.runFlags + ["--shard", "\(index)/2", "--report", path("shard-\(index).json")],
                                             folder: folder)
            #expect(!shard.timedOut && shard.status != 0, "shard \(index) has failures: \(shard.error)")
        }
        let merged = try WatchedProcess.run(try detent(), ["merge-reports", path("shard-2.json"), path("shard-1.json"), "-o", "JSON",
                                                         "--report", path("merged.xml"), "--report", path("merged.tap"), "--report", path("merged.txt")],
                                          folder: folder)
        #expect(merged.status == 2, "a merged run with load errors exits 2: \(merged.error)")
        let singleJSON = try String(contentsOfFile: path("single.json"), encoding: .utf8)
        #expect(ReportSupport.withoutDurations(json: merged.output) == ReportSupport.withoutDurations(json: singleJSON))
        #expect(ReportSupport.withoutTimes(xml: try String(contentsOfFile: path("merged.xml"), encoding: .utf8))
                == ReportSupport.withoutTimes(xml: try String(contentsOfFile: path("single.xml"), encoding: .utf8)))
        #expect(try String(contentsOfFile: path("merged.tap"), encoding: .utf8) == (try String(contentsOfFile: path("single.tap"), encoding: .utf8)))
        #expect(try String(contentsOfFile: path("merged.txt"), encoding: .utf8) == single.output, "the console text of the merge is the run's")
        #expect(merged.error.hasSuffix(whole.summary.line + "\n"), "the summary line goes to standard error with -o json")
    }

    @Test(.timeLimit(.minutes(10))) func mismatchedOrUnreadableReportsAndBadReportFlagsExit2() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        var record = ReportSamples.record
        try AtomicFile.write(JSONReport.render(record), to: path("a.json"))
        record.info.seed = 5
        record.info.shard = "1/3"
        try AtomicFile.write(JSONReport.render(record), to: path("b.json"))
        try AtomicFile.write("<testsuites/>", to: path("c.xml"))
        let mismatch = try WatchedProcess.run(try detent(), ["merge-reports", path("a.json"), path("b.json")], folder: folder)
        #expect(mismatch.status == 2 && mismatch.error.contains("are not shards of one run: seed 5 differs"), "\(mismatch.error)")
        let notJSON = try WatchedProcess.run(try detent(), ["merge-reports", path("c.xml")], folder: folder)
        #expect(notJSON.status == 2 && notJSON.error.contains("c.xml is not JSON"), "\(notJSON.error)")
        let missing = try WatchedProcess.run(try detent(), ["merge-reports", path("none.json")], folder: folder)
        #expect(missing.status == 2 && missing.error.contains("cannot read"), "\(missing.error)")
        let badFolder = try WatchedProcess.run(try detent(), ["run", "scripts/scenarios/runner/waiting_spec.lua", "--report", "/nonexistent-detent/r.json"], folder: folder)
        #expect(badFolder.status == 2 && badFolder.error.contains("the folder /nonexistent-detent does not exist"), "\(badFolder.error)")
        let badName = try WatchedProcess.run(try detent(), ["run", "scripts/scenarios/runner/waiting_spec.lua", "--report", path("r.html")], folder: folder)
        #expect(badName.status == 2 && badName.error.contains("cannot tell the format from the file name"), "\(badName.error)")
        let badFormat = try WatchedProcess.run(try detent(), ["run", "scripts/scenarios/runner/waiting_spec.lua", "-o", "html"], folder: folder)
        #expect(badFormat.status == 2 && badFormat.error.contains("'console', 'tap', 'junit' or 'json'"), "\(badFormat.error)")
    }

    @Test(.timeLimit(.minutes(10))) func tracesOfFailingTestsAreNamedInEveryReport() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        let run = try WatchedProcess.run(try detent(), ["run", "Tests/Fixtures/runner/failing_spec.lua", "--trace", "retain-on-failure", "--trace-dir", path("traces"),
                                                      "--report", path("r.json"), "--report", path("r.xml"), "--report", path("r.tap")], folder: folder)
        #expect(run.status == 1, "\(run.error)")
        let record = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: path("r.json"))), source: "r.json")
        let failed = record.tests.filter { $0.result.status != .passed }
        #expect(!failed.isEmpty && failed.allSatisfy { $0.result.tracePath.map { FileManager.default.fileExists(atPath: $0) } == true },
                "every failing test's trace is kept and named")
        #expect(record.tests.filter { $0.result.status == .passed }.allSatisfy { $0.result.tracePath == nil })
        let xml = try String(contentsOfFile: path("r.xml"), encoding: .utf8)
        let tap = try String(contentsOfFile: path("r.tap"), encoding: .utf8)
        for test in failed {
            let trace = try #require(test.result.tracePath)
            #expect(xml.contains("[[ATTACHMENT|\(trace)]]"))
            #expect(tap.contains("  trace: \"\(trace)\""))
        }
    }

    @Test(.timeLimit(.minutes(10))) func aRunOnTheDaemonWritesTheSameReportsAsALocalRun() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let daemon = try WatchedProcess(try detent(), ["daemon", "--socket", path("d.sock")], folder: folder)
        defer { daemon.kill() }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && !FileManager.default.fileExists(atPath: path("d.sock")) && !daemon.wait(seconds: 0.05) {}
        let specs = ["Tests/Fixtures/reports/flaky_spec.lua", "Tests/Fixtures/runner/failing_spec.lua", "Tests/Fixtures/reports/printing_spec.lua"]
        let flags = ["--retries", "1", "--seed", "3"]
        let remote = try WatchedProcess.run(try detent(), ["run", "--connect", path("d.sock")] + specs + flags
                                          + ["--report", path("remote.json"), "--report", path("remote.xml")], folder: folder)
        let local = try WatchedProcess.run(try detent(), ["run"] + specs + flags + ["--report", path("local.json"), "--report", path("local.xml")], folder: folder)
        #expect(remote.status == 1 && local.status == 1, "\(remote.error)\(local.error)")
        #expect(ReportSupport.withoutDurations(json: try String(contentsOfFile: path("remote.json"), encoding: .utf8))
                == ReportSupport.withoutDurations(json: try String(contentsOfFile: path("local.json"), encoding: .utf8)))
        #expect(ReportSupport.withoutTimes(xml: try String(contentsOfFile: path("remote.xml"), encoding: .utf8))
                == ReportSupport.withoutTimes(xml: try String(contentsOfFile: path("local.xml"), encoding: .utf8)))
    }

    @Test(.timeLimit(.minutes(10))) func outputFormatsAcceptAnyCaseAndKeepStandardOutputForTheReport() throws {
        let folder = try ReportSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = try WatchedProcess.run(try detent(), ["run", "scripts/scenarios/runner/waiting_spec.lua", "-o", "JUnit"], folder: folder)
        #expect(junit.status == 0 && junit.output.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"detent\""), "\(junit.output)")
        #expect(junit.error.hasSuffix(" passed, 0 failed\n"))
        let tap = try WatchedProcess.run(try detent(), ["run", "scripts/scenarios/runner/waiting_spec.lua", "--output", "Tap"], folder: folder)
        #expect(tap.output.hasPrefix("TAP version 13\n1.."))
        // Console progress stays on standard output while the reports go to files.
        let report = folder.appendingPathComponent("r.json").path
        let console = try WatchedProcess.run(try detent(), ["run", "scripts/scenarios/runner/waiting_spec.lua", "--report", "json:" + report], folder: folder)
        #expect(console.output.hasPrefix("scripts/scenarios/runner/waiting_spec.lua\n  ok "))
        #expect(try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: report)), source: report).summary.passed > 0)
    }
}
