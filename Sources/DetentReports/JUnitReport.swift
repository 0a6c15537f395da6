import DetentPlatform
import FoundationEssentials

/// The JUnit XML report (`-o junit`, `--report FILE.xml`), valid against the junit-10.xsd that
/// Jenkins' xUnit plugin validates with today (Tests/Fixtures/junit-10.xsd: jenkinsci/xunit-plugin
/// at ae25da5, 2018-12-15, unchanged on its master since):
///
/// - one `testsuite` per spec file (`name` and `file` the file, counts, `time` the sum of its
///   tests' durations) with `properties` seed, shuffled, device, shard (when sharded) and
///   detent_version;
/// - one `testcase` per `it`: `name` the `it`'s name (with ` (iteration N)` under
///   `--repeat`), `classname` the file without `.lua`, slashes as dots, then the describe
///   path (`scripts.scenarios.drawer.release_spec.drawer release`), `time` — and, in the
///   `xunit1` family only (`--junit-family xunit1`, as pytest's `junit_family`), `file` and
///   `line`, which GitLab's test reports read but junit-10.xsd refuses on a `testcase`, and
///   `assertions` (Ant's attribute: the assertions the test evaluated);
/// - `failure` (assertion failed) or `error` (raised error) with `message` the first line
///   and the text: message, location, expected/actual, virtual time and frame, traceback;
/// - `skipped` for pending tests and tests not run;
/// - retries: a test that failed on every attempt has its earlier attempts as
///   `rerunFailure`/`rerunError`, and a flaky test (failed, then passed) has them as
///   `flakyFailure`/`flakyError` (Maven Surefire's convention, both in junit-10.xsd); its
///   `system-out` also says `flaky: passed on attempt N after N-1 failed attempts`, then one
///   line per failed attempt;
/// - a test that passed without making an assertion says so first in its `system-out`
///   (`no assertion: …`);
/// - what the test printed in `system-out`; a file that failed to load is a `testsuite` with
///   one `testcase` named `(load error)` holding an `error`.
///
/// Durations are the only values that differ between two identical runs.
public enum JUnitReport {
    /// Which attributes a `testcase` carries (pytest's `junit_family` names).
    public enum Family: String, CaseIterable, Sendable {
        /// `file` and `line` on each testcase: GitLab's test reports show `file`; Jenkins'
        /// xUnit plugin refuses the report.
        case xunit1
        /// Valid against junit-10.xsd (the default).
        case xunit2
    }

    public static func render(_ record: RunRecord, family: Family = .xunit2) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0, time: 0.0)
        for section in record.sections where !(section.tests.isEmpty && section.loadErrors.isEmpty) || section.started {
            var cases: [String] = []
            var counts = (tests: 0, failures: 0, errors: 0, skipped: 0, time: 0.0)
            for error in section.loadErrors {
                counts.tests += 1
                counts.errors += 1
                var body = error.message
                if let location = JSONReport.failureLocation(in: error.message) { body += "\nlocation: \(location)" }
                cases.append("""
                    <testcase name="(load error)" classname="\(attribute(className(file: error.file, describePath: "")))" time="0"\(family == .xunit1 ? " file=\"\(attribute(error.file))\"" : "")>
                      <error message="\(attribute(firstLine(error.message)))" type="load error">\(text(body))</error>\(systemOut(error.output))
                    </testcase>
                """)
            }
            for test in section.tests {
                let result = test.result
                counts.tests += 1
                counts.time += result.duration
                switch result.status {
                case .failed: counts.failures += 1
                case .error: counts.errors += 1
                case .pending, .notRun: counts.skipped += 1
                case .passed: break
                }
                cases.append(testCase(test, family: family))
            }
            totals.tests += counts.tests
            totals.failures += counts.failures
            totals.errors += counts.errors
            totals.time += counts.time
            suites.append("""
              <testsuite name="\(attribute(section.file))" tests="\(counts.tests)" failures="\(counts.failures)" errors="\(counts.errors)" skipped="\(counts.skipped)" time="\(seconds(counts.time))" file="\(attribute(section.file))">
                <properties>
            \(properties(record).joined(separator: "\n"))
                </properties>
            \(cases.joined(separator: "\n"))
              </testsuite>
            """)
        }
        var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        document += "<testsuites name=\"detent\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\" time=\"\(seconds(totals.time))\">\n"
        for suite in suites { document += suite + "\n" }
        document += "</testsuites>\n"
        return document
    }

    private static func properties(_ record: RunRecord) -> [String] {
        var pairs = [("seed", String(record.info.seed)), ("shuffled", String(record.info.shuffled)), ("device", record.info.device)]
        if let shard = record.info.shard { pairs.append(("shard", shard)) }
        pairs.append(("detent_version", record.detentVersion))
        return pairs.map { "      <property name=\"\($0.0)\" value=\"\(attribute($0.1))\"/>" }
    }

    private static func testCase(_ test: RunRecord.RecordedTest, family: Family) -> String {
        let result = test.result
        let describePath = result.fullName.hasSuffix(result.name) ? String(result.fullName.dropLast(result.name.count)).trimmingSpaces() : ""
        var name = result.name
        if let iteration = result.iteration { name += " (iteration \(iteration))" }
        var lineAttribute = ""
        if let line = JSONReport.line(of: result.location) { lineAttribute = " line=\"\(line)\"" }
        var children: [String] = []
        switch result.status {
        case .failed, .error:
            let element = result.status == .failed ? "failure" : "error"
            let type = result.status == .failed ? "assertion failed" : "error"
            children.append("<\(element) message=\"\(attribute(firstLine(result.message ?? "")))\" type=\"\(type)\">\(text(failureText(result)))</\(element)>")
            children += attempts(result, prefix: "rerun")
        case .pending:
            children.append("<skipped message=\"\(attribute("pending" + (result.message.map { ": " + firstLine($0) } ?? "")))\"/>")
        case .notRun:
            children.append("<skipped message=\"not run\"/>")
        case .passed:
            if result.isFlaky { children += attempts(result, prefix: "flaky") }
        }
        var out: [String] = []
        if result.isFlaky {
            out.append("flaky: passed on attempt \(result.retries.count + 1) after \(result.retries.count) failed attempt" + (result.retries.count == 1 ? "" : "s"))
            for (index, attempt) in result.retries.enumerated() {
                out.append("attempt \(index + 1) \(attempt.status == .error ? "raised an error" : "failed"): " + attemptText(attempt).replacingEvery("\n", with: "\n  "))
            }
        }
        // junit-10.xsd has no place on a testcase for a count (xunit1's `assertions` attribute
        // is Ant's and GitLab's), so every family says it in the text consumers show.
        if result.madeNoAssertion { out.append(noAssertionNote) }
        out += test.output
        // Jenkins' JUnit Attachments plugin and GitLab link `[[ATTACHMENT|path]]` in system-out.
        if let trace = result.tracePath { out.append("[[ATTACHMENT|\(trace)]]") }
        if !out.isEmpty { children.append("<system-out>\(text(out.joined(separator: "\n")))</system-out>") }
        var open = "    <testcase name=\"\(attribute(name))\" classname=\"\(attribute(className(file: result.file, describePath: describePath)))\" time=\"\(seconds(result.duration))\""
        if family == .xunit1 {
            open += " file=\"\(attribute(result.file))\"" + lineAttribute
            if let assertions = result.assertions { open += " assertions=\"\(assertions)\"" }
        }
        if children.isEmpty { return open + "/>" }
        return open + ">\n" + children.map { "      " + $0 }.joined(separator: "\n") + "\n    </testcase>"
    }

    /// The `system-out` line of a test that passed without making an assertion.
    static let noAssertionNote = "no assertion: the test passed without making an assertion"

    /// The earlier attempts of a retried test as `rerunFailure`/`rerunError` (it failed in the
    /// end) or `flakyFailure`/`flakyError` (it passed in the end).
    private static func attempts(_ result: TestResult, prefix: String) -> [String] {
        result.retries.map { attempt in
            let element = prefix + (attempt.status == .error ? "Error" : "Failure")
            return "<\(element) message=\"\(attribute(firstLine(attempt.message ?? "")))\" type=\"\(attempt.status == .error ? "error" : "assertion failed")\">\(text(attemptText(attempt)))</\(element)>"
        }
    }

    private static func failureText(_ result: TestResult) -> String {
        var lines = [result.message ?? ""]
        lines.append("location: \(JSONReport.failureLocation(in: result.message) ?? result.location)")
        if let expected = result.expected { lines.append("expected: \(expected)") }
        if let actual = result.actual { lines.append("actual: \(actual)") }
        lines.append("at t=\(formatSeconds(result.virtualTime)) s (frame \(result.frame))")
        if let trace = result.tracePath { lines.append("trace: \(trace)") }
        if let traceback = result.traceback, !traceback.isEmpty { lines.append(traceback) }
        return lines.joined(separator: "\n")
    }

    private static func attemptText(_ attempt: TestResult.Attempt) -> String {
        var lines = [attempt.message ?? ""]
        if let location = JSONReport.failureLocation(in: attempt.message) { lines.append("location: \(location)") }
        lines.append("at t=\(formatSeconds(attempt.virtualTime)) s (frame \(attempt.frame))")
        if let trace = attempt.tracePath { lines.append("trace: \(trace)") }
        return lines.joined(separator: "\n")
    }

    private static func systemOut(_ output: [String]) -> String {
        output.isEmpty ? "" : "\n      <system-out>\(text(output.joined(separator: "\n")))</system-out>"
    }

    /// `scripts/scenarios/drawer/release_spec.lua` + `drawer release` →
    /// `scripts.scenarios.drawer.release_spec.drawer release`: CI servers group by the dotted
    /// prefix, so tests group by folder, then file, then describe block.
    static func className(file: String, describePath: String) -> String {
        var base = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        base = base.replacingEvery("/", with: ".")
        while base.hasPrefix(".") { base.removeFirst() }
        return describePath.isEmpty ? base : base + "." + describePath
    }

    private static func firstLine(_ text: String) -> String {
        String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// Seconds with millisecond precision, as JUnit writers do.
    private static func seconds(_ value: Double) -> String { String(printf: "%.3f", max(0, value)) }

    /// Character data: markup escaped, and characters XML 1.0 cannot carry (control
    /// characters other than tab, newline and return) written as `\u{1B}`.
    static func text(_ value: String) -> String { escape(value, inAttribute: false) }

    /// An attribute value: as `text`, plus quotes, and line breaks and tabs as references so
    /// parsers keep them.
    static func attribute(_ value: String) -> String { escape(value, inAttribute: true) }

    private static func escape(_ value: String, inAttribute: Bool) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where inAttribute: out += "&quot;"
            case "\n" where inAttribute: out += "&#10;"
            case "\r": out += "&#13;"
            case "\t" where inAttribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF:
                out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
