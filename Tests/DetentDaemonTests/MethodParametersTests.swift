import Testing
import DetentDaemonClient
import DetentJSON
@testable import DetentDaemon

/// A request's params decoded into its method's typed value: defaults for what is left out,
/// and -32602 naming the parameter for anything wrong — before any handler runs.
@Suite("Method parameters as typed values")
struct MethodParametersTests {
    static func params(_ json: String) throws -> Params { Params(try JSONValue.parse(Array(json.utf8))) }

    static func message(_ body: () throws -> Void) -> String? {
        do { try body() } catch let failure as JSONRPC.Failure {
            return failure.code == JSONRPC.invalidParams ? failure.message : "code \(failure.code): \(failure.message)"
        } catch { return "\(error)" }
        return nil
    }

    @Test func whatIsLeftOutTakesItsDefaultAndWhatIsGivenItsValue() throws {
        #expect(try StepParameters(decoding: Self.params("{}")).frames == 1)
        let step = try StepParameters(decoding: Self.params(#"{"frames": 12, "session": "s"}"#))
        #expect(step.frames == 12 && step.session == "s")
        let touch = try TouchParameters(decoding: Self.params(#"{"phase": "up", "x": 1.5, "y": -2, "time": 3}"#))
        #expect(touch.phase == .up && touch.x == 1.5 && touch.y == -2 && touch.time == 3)
        #expect(try RecordParameters(decoding: Self.params(#"{"action": "stop"}"#)).name == "studio_spec.lua")
        #expect(try EvalParameters(decoding: Self.params(#"{"code": "return 1", "format": "console"}"#)).format == .console)
        #expect(try SubscribeParameters(decoding: Self.params(#"{"events": "*"}"#)).events == ["*"])
    }

    @Test(arguments: [
        (#"{"frames": 0}"#, "'frames' must be a whole number from 1 to 1000000"),
        (#"{"frames": 1.5}"#, "'frames' must be a whole number"),
        (#"{"frame": 2}"#, "unknown parameter 'frame'"),
    ])
    func aWrongStepNamesItsParameter(json: String, expected: String) throws {
        let message = Self.message { _ = try StepParameters(decoding: Self.params(json)) }
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
    }

    @Test(arguments: [
        (#"{"x": 1, "y": 2, "time": 0}"#, "'phase' must be one of: down, move, up, cancel"),
        (#"{"phase": "hover", "x": 1, "y": 2, "time": 0}"#, "'phase' must be one of: down, move, up, cancel (found \"hover\")"),
        (#"{"phase": "down", "y": 2, "time": 0}"#, "'x' must be a number from"),
        (#"{"phase": "down", "x": 1, "y": 2, "time": -1}"#, "'time' must be a number from 0.0"),
    ])
    func aWrongTouchNamesItsParameter(json: String, expected: String) throws {
        let message = Self.message { _ = try TouchParameters(decoding: Self.params(json)) }
        #expect(message?.contains(expected) == true, "\(message ?? "no error")")
    }

    @Test func rulesOfOneMethodComeAfterItsFields() throws {
        #expect(Self.message { _ = try RunParameters(decoding: Self.params(#"{"path": "a", "source": "b"}"#)) }?
            .contains("exactly one of 'path', 'paths' or 'source' (found path, source)") == true)
        #expect(Self.message { _ = try RunParameters(decoding: Self.params(#"{"paths": []}"#)) }?.contains("'paths' must be a non-empty array") == true)
        #expect(Self.message { _ = try RunParameters(decoding: Self.params(#"{"path": "a", "cwd": "rel"}"#)) }?.contains("'cwd' must be an absolute") == true)
        #expect(Self.message { _ = try CancelParameters(decoding: Self.params(#"{"run": "r1", "session": "s"}"#)) }?.contains("not both") == true)
        #expect(Self.message { _ = try CancelParameters(decoding: Self.params("{}")) }?.contains("give 'run'") == true)
        #expect(Self.message { _ = try SubscribeParameters(decoding: Self.params(#"{"every": 2}"#)) }?.contains("give 'events'") == true)
    }

    @Test func aRunsSourceIsItsOnlyFileUnderItsName() throws {
        let (options, inline) = try RunParameters(decoding: Self.params(#"{"source": "describe()", "name": "x_spec.lua", "seed": 18446744073709551615, "repeat": 3}"#)).options()
        #expect(options.paths == ["x_spec.lua"] && inline == ["x_spec.lua": "describe()"])
        #expect(options.seed == UInt64.max && options.repeatCount == 3)
    }

    /// Each method's declared parameters are its typed value's fields, named once each.
    @Test(arguments: Daemon.methodTable.map(\.name))
    func eachMethodDeclaresEachParameterOnce(method name: String) throws {
        let method = try #require(Daemon.methodsByName[name])
        let names = method.parameters.map(\.name)
        #expect(Set(names).count == names.count, "\(name): \(names)")
        #expect(method.servedBySession == false || names.contains("session"), "\(name) is a session's but takes no 'session'")
    }
}
