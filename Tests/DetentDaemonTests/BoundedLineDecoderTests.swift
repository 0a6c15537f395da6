import Testing
import NIOCore
import NIOEmbedded
@testable import DetentDaemon
@testable import DetentDaemonClient
import DetentRuntime
import DetentJSON

/// The framing layer: lines split on "\n", a line over the limit refused without being
/// buffered, and the stream usable afterwards.
@Suite("Bounded line framing")
struct BoundedLineDecoderTests {
    func frames(_ chunks: [String], max: Int) throws -> [BoundedLineDecoder.Frame] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(BoundedLineDecoder(maxLength: max)))
        for chunk in chunks { try channel.writeInbound(ByteBuffer(string: chunk)) }
        var out: [BoundedLineDecoder.Frame] = []
        while let frame = try channel.readInbound(as: BoundedLineDecoder.Frame.self) { out.append(frame) }
        _ = try channel.finish()
        return out
    }

    @Test func splitsLinesAcrossChunksAndDropsCarriageReturns() throws {
        let out = try frames(["{\"a\"", ":1}\r\n{}\n"], max: 100)
        #expect(out == [.line(ByteBuffer(string: "{\"a\":1}")), .line(ByteBuffer(string: "{}"))])
    }

    @Test func refusesAnOversizedLineBeforeItsNewlineArrives() throws {
        let big = String(repeating: "x", count: 40)
        let out = try frames([big, big, big + "\n{}\n"], max: 32)
        #expect(out.count == 2)
        guard case .tooLong = out[0] else { Issue.record("expected tooLong, got \(out[0])"); return }
        #expect(out[1] == .line(ByteBuffer(string: "{}")))
    }

    @Test func aLineExactlyAtTheLimitPasses() throws {
        let exact = String(repeating: "y", count: 32)
        #expect(try frames([exact + "\n"], max: 32) == [.line(ByteBuffer(string: exact))])
    }

    @Test func anOversizedLineWithItsNewlineInOneChunkIsRefusedToo() throws {
        let out = try frames([String(repeating: "z", count: 50) + "\nok\n"], max: 10)
        #expect(out.count == 2)
        #expect(out.last == .line(ByteBuffer(string: "ok")))
    }
}

@Suite("JSON-RPC validation")
struct JSONRPCValidationTests {
    @Test func rejectsWhatIsNotARequest() throws {
        for text in ["1", "{\"method\":\"eval\"}", "{\"jsonrpc\":\"2.0\",\"method\":3}", "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":7}",
                     "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"id\":{}}"] {
            guard case let .failure(failure) = JSONRPC.request(from: try JSONValue.parse(Array(text.utf8))) else {
                Issue.record("accepted \(text)"); continue
            }
            #expect(failure.code == JSONRPC.invalidRequest)
        }
    }

    @Test func idsComeBackExactlyAsSent() throws {
        let request = try JSONRPC.request(from: try JSONValue.parse(Array("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"status\"}".utf8))).get()
        #expect(JSONRPC.response(id: request.id, result: .null).text == "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":null}")
    }

    @Test func invalidParamsNameTheParameterAndWhatWasExpected() {
        let params = Params(.object([("frames", .string("ten"))]))
        #expect(throws: JSONRPC.Failure.self) { try params.optionalInt("frames", in: 1...10) }
        do { _ = try params.optionalInt("frames", in: 1...10) } catch let failure as JSONRPC.Failure {
            #expect(failure.message == "invalid params: 'frames' must be a whole number from 1 to 10 (found a string)")
        } catch {}
    }

    @Test func stringsAreEscaped() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}").text == "\"a\\\"b\\\\c\\n\\u0001\"")
    }
}
