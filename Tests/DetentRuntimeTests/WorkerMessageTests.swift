import Testing
@testable import DetentRuntime
import DetentJSON
@testable import DetentReports

/// Issue 28 §1: what a worker process sends its coordinator is what the session emitted, to
/// the byte once written again — reports and traces stay what threads gave.
@Suite("Worker messages: outcomes cross the pipe unchanged")
struct WorkerMessageTests {
    static var result: TestResult {
        var result = TestResult(file: "spec/a_spec.lua", name: "settles \"high\"", fullName: "drawer settles \"high\"",
                                location: "spec/a_spec.lua:12", tags: ["slow", "drawer"], status: .failed,
                                message: "spec/a_spec.lua:14: expected 0.1 + 0.2\n got ☃", expected: "0.30000000000000004",
                                actual: "0.3", traceback: "stack traceback:\n\t[C]: in ?", virtualTime: 1.0 / 3, frame: 20)
        result.duration = 0.000123456789
        result.iteration = 3
        result.tracePath = "traces/a.jsonl"
        result.retries = [TestResult.Attempt(status: .error, message: "boom", virtualTime: 0.5, frame: 30, duration: 1e-7, tracePath: nil)]
        return result
    }

    @Test(arguments: [
        SessionOutcome.fileStarted("spec/a_spec.lua"),
        .output("line one\n\u{1B}[31mred\u{0}nul\n"),
        .testStarted(WorkerMessageTests.result.asNotRun),
        .testFinished(WorkerMessageTests.result),
        .loadFailed(file: "spec/b_spec.lua", message: "spec/b_spec.lua:3: unexpected symbol near '}'"),
        .listed("spec/a_spec.lua:12: drawer settles [#slow]"),
    ])
    func anOutcomeRoundTrips(outcome: SessionOutcome) throws {
        let line = WorkerReply.outcome(outcome).json.text
        #expect(!line.contains("\n"), "one line on the pipe")
        #expect(try WorkerReply(JSONValue.parse(Array(line.utf8))) == .outcome(outcome))
    }

    @Test func requestsAndTheEndOfAFileRoundTrip() throws {
        for request in [WorkerRequest.run(index: 4, path: "spec/x_spec.lua", text: nil, skipping: 0),
                        .run(index: 0, path: "(source)", text: "it('x', function() end)\n", skipping: 7), .stop, .cancel] {
            #expect(try WorkerRequest(JSONValue.parse(Array(request.json.text.utf8))) == request)
        }
        let done = WorkerReply.done(index: 2, coverage: ["spec/a_spec.lua": [1: 3, 12: 1], "lib/m.lua": [4: 100]])
        #expect(try WorkerReply(JSONValue.parse(Array(done.json.text.utf8))) == done)
        #expect(try WorkerReply(JSONValue.parse(Array(WorkerReply.ready.json.text.utf8))) == .ready)
    }

    @Test func whatIsNotTheProtocolIsRefusedNamingIt() throws {
        #expect(throws: WorkerProtocolError.self) { try WorkerReply(JSONValue.parse(Array(#"{"o":"nope"}"#.utf8))) }
        #expect(throws: WorkerProtocolError.self) { try WorkerReply(JSONValue.parse(Array(#"{"o":"test","test":{"file":1}}"#.utf8))) }
        #expect(throws: WorkerProtocolError.self) { try WorkerRequest(JSONValue.parse(Array(#"{"run":"x"}"#.utf8))) }
    }
}
