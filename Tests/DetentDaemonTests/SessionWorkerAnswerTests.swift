import Testing
import NIOCore
@testable import DetentDaemon
import DetentRuntime
import DetentJSON

/// How the daemon reads a session worker's answer without parsing its result: only a line
/// exactly of the worker's answer shape is taken apart; errors, notifications and anything
/// else are left to the JSON parser.
@Suite("Session worker answers")
struct SessionWorkerAnswerTests {
    func answer(_ line: String) -> (Int, String)? {
        let buffer = ByteBuffer(string: line)
        return SessionWorker.answer(in: buffer.readableBytesView).map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
    }

    @Test func aResultLineGivesItsIdAndTheResultAsWritten() {
        let line = JSONValue.object([("id", .int(4711)), ("result", .object([("value", .string("1")), ("json", .raw("[1,{}]"))]))]).text
        let taken = answer(line)
        #expect(taken?.0 == 4711)
        #expect(taken?.1 == #"{"value":"1","json":[1,{}]}"#)
    }

    @Test func otherLinesAreLeftToTheParser() {
        #expect(answer(#"{"id":3,"error":{"code":-32000,"message":"x"}}"#) == nil)
        #expect(answer(#"{"sample":{"subscription":"s1"}}"#) == nil)
        #expect(answer(#"{"id":,"result":1}"#) == nil)
        #expect(answer(#"{"id":1,"result":"#) == nil)
        #expect(answer(#"{"id":12"#) == nil)
        #expect(answer("") == nil)
    }
}
