import Testing
import Foundation
@testable import DetentRuntime
@testable import DetentReports

/// The JSON, JUnit and TAP reports as text: what each carries, and that the JSON report reads
/// back into the record it was written from.
@Suite("Reports: formats")
struct ReportFormatTests {
    @Test func jsonReportReadsBackIntoTheSameRecord() throws {
        let record = ReportSamples.record
        let text = JSONReport.render(record)
        let back = try JSONReport.read(Data(text.utf8), source: "sample.json")
        #expect(back == record)
        #expect(JSONReport.render(back) == text)
    }

    /// Frames are integers in the report and read back as integers: one past 2^53, which a
    /// double cannot hold, comes back exact.
    @Test func jsonReportFramesReadBackExactly() throws {
        var record = ReportSamples.record
        let frame: Int64 = (1 << 53) + 1
        record.sections[1].tests[0].result.frame = frame
        let back = try JSONReport.read(Data(JSONReport.render(record).utf8), source: "big.json")
        #expect(back.sections[1].tests[0].result.frame == frame)
        #expect(back == record)
    }

    @Test func jsonReportKeysComeInTheDocumentedOrder() throws {
        let text = JSONReport.render(ReportSamples.record)
        let topKeys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(topKeys == ["format", "format_version", "detent_version", "run", "summary", "tests", "load_errors", "files"])
        let testKeys = text.split(separator: "\n").filter { $0.hasPrefix("      \"") && $0.contains("\": ") }.prefix(21).map { String($0.split(separator: "\"")[1]) }
        #expect(testKeys == ["file", "line", "location", "name", "full_name", "tags", "status", "iteration", "flaky", "duration",
                             "virtual_time", "frame", "message", "failure_location", "expected", "actual", "traceback", "trace_path",
                             "assertions", "retries", "output"])
    }

    @Test func jsonReportCarriesFlakinessRetriesAndTheFailureLocation() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.render(ReportSamples.record).utf8)) as? [String: Any])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.count == 7)
        #expect(tests[0]["flaky"] as? Bool == true)
        #expect(tests[0]["trace_path"] as? String == "traces/a-2.jsonl")
        let retry = try #require((tests[0]["retries"] as? [[String: Any]])?.first)
        #expect(retry["failure_location"] as? String == "specs/a_spec.lua:9")
        #expect(retry["trace_path"] as? String == "traces/a-1.jsonl")
        #expect(tests[1]["failure_location"] as? String == "specs/a_spec.lua:14")
        #expect(tests[1]["line"] as? Int == 12)
        #expect((tests[1]["retries"] as? [Any])?.count == 2)
        #expect(tests[3]["iteration"] as? Int == 1)
        #expect(tests[6]["status"] as? String == "not_run")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["flaky"] as? Int == 1)
        #expect(summary["load_errors"] as? Int == 2)
        #expect(summary["not_run"] as? Int == 1)
        let run = try #require(object["run"] as? [String: Any])
        #expect(run["shard"] as? String == "2/3")
        #expect(run["files"] as? [String] == ReportSamples.files)
    }

    @Test func aReportFromAnotherToolIsRefusedWithASentence() {
        #expect(throws: JSONReport.ReadError.self) { try JSONReport.read(Data("{\"format\": \"junit\"}".utf8), source: "x.json") }
        do {
            var text = JSONReport.render(ReportSamples.record)
            text = text.replacingOccurrences(of: "\"status\": \"passed\"", with: "\"status\": \"green\"")
            _ = try JSONReport.read(Data(text.utf8), source: "x.json")
            Issue.record("an unknown status was accepted")
        } catch {
            #expect("\(error)".contains("x.json: tests[0].status is \"green\" (expected one of: passed, failed, error, pending, not_run)"))
        }
        do {
            _ = try JSONReport.read(Data("not json".utf8), source: "y.json")
            Issue.record("text that is not JSON was accepted")
        } catch {
            #expect("\(error)".hasPrefix("y.json is not JSON"))
        }
    }

    @Test func aBooleanIsNotReadAsANumberNorANumberAsABoolean() throws {
        let text = JSONReport.render(ReportSamples.record)
        for (from, to, message) in [
            ("\"cancelled\": false", "\"cancelled\": 0", "b.json: summary.cancelled is not true or false (expected true or false)"),
            ("\"format_version\": 1", "\"format_version\": true", "b.json: format_version is not a whole number (expected a whole number)"),
        ] {
            #expect(text.contains(from))
            do {
                _ = try JSONReport.read(Data(text.replacingOccurrences(of: from, with: to).utf8), source: "b.json")
                Issue.record("\(to) was accepted")
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    @Test func theFailureLocationIsTheFirstLuaFileAndLineOfTheMessage() {
        #expect(JSONReport.failureLocation(in: "scripts/x_spec.lua:12: Expected objects") == "scripts/x_spec.lua:12")
        #expect(JSONReport.failureLocation(in: "error while loading the spec file: a/b_spec.lua:4: top-level failure") == "a/b_spec.lua:4")
        #expect(JSONReport.failureLocation(in: "timed out after 2 s waiting for x") == nil)
        #expect(JSONReport.failureLocation(in: nil) == nil)
    }

    @Test func junitHasASuitePerFileACasePerTestAndRetriesAsReruns() {
        let xml = JUnitReport.render(ReportSamples.record)
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"detent\" tests=\"9\" failures=\"2\" errors=\"3\""))
        #expect(xml.contains("<testsuite name=\"specs/a_spec.lua\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\" time=\"0.036\" file=\"specs/a_spec.lua\">"))
        #expect(xml.contains("<property name=\"seed\" value=\"18446744073709551615\"/>"))
        #expect(xml.contains("<property name=\"device\" value=\"iPhone 15 Pro\"/>"))
        #expect(xml.contains("<property name=\"shard\" value=\"2/3\"/>"))
        #expect(xml.contains("<testcase name=\"never settles\" classname=\"specs.a_spec.drawer release\" time=\"0.012\">"))
        #expect(xml.contains("<flakyFailure message=\"specs/a_spec.lua:9: Expected objects to be equal.\" type=\"assertion failed\">"))
        let legacy = JUnitReport.render(ReportSamples.record, family: .xunit1)
        #expect(legacy.contains("<testcase name=\"never settles\" classname=\"specs.a_spec.drawer release\" time=\"0.012\" file=\"specs/a_spec.lua\" line=\"12\">"))
        #expect(legacy.contains("<testcase name=\"(load error)\" classname=\"scripts.plugins.broken\" time=\"0\" file=\"scripts/plugins/broken.lua\">"))
        #expect(xml.contains("<rerunFailure message=\"specs/a_spec.lua:14: Expected objects to be equal.\" type=\"assertion failed\">"))
        #expect(xml.contains("<rerunError message=\"specs/a_spec.lua:15: attempt to index a nil value\" type=\"error\">"))
        #expect(xml.contains("<system-out>flaky: passed on attempt 2 after 1 failed attempt\nattempt 1 failed: specs/a_spec.lua:9: Expected objects to be equal."))
        #expect(xml.contains("name=\"raises &lt;&amp;&gt; &quot;quoted&quot;\""))
        #expect(xml.contains("boom\\u{1}"))
        #expect(xml.contains("<testcase name=\"repeats (iteration 2)\" classname=\"specs.b_spec.sheet\""))
        #expect(xml.contains("<skipped message=\"pending: not yet\"/>"))
        #expect(xml.contains("<skipped message=\"not run\"/>"))
        #expect(xml.contains("<testcase name=\"(load error)\" classname=\"scripts.plugins.broken\" time=\"0\">"))
        #expect(xml.contains("[[ATTACHMENT|traces/a-2.jsonl]]</system-out>"))
    }

    @Test func tapMarksFlakyTestsIterationsAndNotRunTests() {
        let tap = TAPReport.render(ReportSamples.record)
        let lines = tap.split(separator: "\n").map(String.init)
        #expect(lines.prefix(4) == ["TAP version 13", "1..9", "# Randomized with seed 18446744073709551615", "# Shard 2/3"])
        #expect(lines.contains("not ok 1 - scripts/plugins/broken.lua (load error)"))
        let flaky = try! #require(lines.firstIndex(of: "ok 2 - drawer release settles after a flick"))
        #expect(Array(lines[(flaky + 1)...(flaky + 4)]) == ["  ---", "  flaky: true", "  at: \"specs/a_spec.lua:4\"", "  retries:"])
        #expect(lines.contains("      at: \"specs/a_spec.lua:9\""))
        #expect(lines.contains("  trace: \"traces/a-2.jsonl\"") == false)
        #expect(lines.contains("ok 5 - sheet repeats (iteration 1)"))
        #expect(lines.contains("not ok 6 - sheet repeats (iteration 2)"))
        #expect(lines.contains("ok 7 - sheet is still to write # SKIP pending"))
        #expect(lines.contains("ok 8 - sheet never started # SKIP not run"))
        #expect(lines.contains("# top level"))
        #expect(lines.contains("# teardown"))
        #expect(lines.contains("  message: \"specs/a_spec.lua:21: boom\\u0001\""))
    }

    @Test func aReplayedRecordPrintsWhatTheRunPrinted() throws {
        let paths = ["Tests/Fixtures/reports/printing_spec.lua", "Tests/Fixtures/runner/failing_spec.lua", "Tests/Fixtures/runner/syntax_error_spec.lua"]
        var printed = ""
        let both = MultiReporter([ConsoleReporter(sink: TextSink { printed += $0 }), RunRecorder()])
        var options = RunOptions()
        options.paths = paths
        options.workingDirectory = ReportSupport.root.path
        let runner = try SpecRunner(configuration: try RunHarness.configuration(), options: options, reporter: both)
        _ = try runner.run()
        let record = (both.reporters[1] as! RunRecorder).record
        #expect(ReportFormat.console.render(record) == printed)
        var tap = ""
        _ = try RunHarness.run(paths, format: "tap").output
        record.replay(into: TAPReporter(sink: TextSink { tap += $0 }, summarySink: TextSink { tap += $0 }))
        #expect(tap == (try RunHarness.run(paths, format: "tap").output))
    }

    @Test func twoIdenticalRunsGiveTheSameJSONApartFromDurations() throws {
        let paths = ["scripts/scenarios/runner/structure_spec.lua", "Tests/Fixtures/reports/printing_spec.lua", "Tests/Fixtures/runner/failing_spec.lua"]
        let first = JSONReport.render(try ReportSupport.record(paths) { $0.shuffle = true; $0.seed = 7 })
        let second = JSONReport.render(try ReportSupport.record(paths) { $0.shuffle = true; $0.seed = 7 })
        #expect(ReportSupport.withoutDurations(json: first) == ReportSupport.withoutDurations(json: second))
        #expect(first.contains("\"shuffled\": true"))
    }

    @Test func reportTargetsTakeTheirFormatFromAPrefixOrTheExtension() throws {
        #expect(try ReportTarget.parse("out/results.xml") == ReportTarget(format: .junit, path: "out/results.xml"))
        #expect(try ReportTarget.parse("r.JSON") == ReportTarget(format: .json, path: "r.JSON"))
        #expect(try ReportTarget.parse("r.tap") == ReportTarget(format: .tap, path: "r.tap"))
        #expect(try ReportTarget.parse("run.log") == ReportTarget(format: .console, path: "run.log"))
        #expect(try ReportTarget.parse("JUnit:results") == ReportTarget(format: .junit, path: "results"))
        #expect(try ReportTarget.parse("json:a:b.xml") == ReportTarget(format: .json, path: "a:b.xml"))
        #expect(try ReportTarget.parse("logs:x.json") == ReportTarget(format: .json, path: "logs:x.json"))
        do {
            _ = try ReportTarget.parse("results.html")
            Issue.record("an unknown extension was accepted")
        } catch {
            #expect("\(error)".contains("cannot tell the format from the file name"))
        }
        #expect(throws: ReportTarget.Invalid.self) { try ReportTarget.parse("tap:") }
        #expect(ReportFormat(name: "JUNIT") == .junit)
        #expect(ReportFormat(name: "xml") == nil)
    }
}
