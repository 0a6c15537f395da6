import DetentPlatform
import DetentLua
import DetentTime

/// A wait whose fields are out of range ("wait: seconds must be a finite number of virtual
/// seconds from 0 to 1000000000, got inf").
struct WaitRequestError: Error {
    var message: String
}

/// What a script is waiting for, parsed from the table its wait verb yielded (SPEC §9).
enum WaitRequest {
    case time(Nanoseconds)
    case frames(Int64)
    case until(condition: LuaRef, timeout: Nanoseconds, what: String?)
    case idle(timeout: Nanoseconds)
    case event(name: String, timeout: Nanoseconds)

    /// The `kind` field of a request, one for each wait verb.
    private enum Kind: Int, CaseIterable {
        case time, frames, until, idle, event
        /// Every kind's spelling, indexed by its raw value.
        static let spellings = allCases.map(\.spelling)
        var spelling: StaticString {
            switch self {
            case .time: "time"
            case .frames: "frames"
            case .until: "until"
            case .idle: "idle"
            case .event: "event"
            }
        }
        var verb: String {
            switch self {
            case .time: "wait"
            case .frames: "wait_frames"
            case .until: "wait_until"
            case .idle: "wait_idle"
            case .event: "wait_event"
            }
        }
    }

    /// Reads the request at value 1 of a yield: nil when the yield was not a wait request,
    /// a failure naming the verb, the field and what was expected when a field is out of
    /// range (the waiting verb then raises it at the caller's line).
    ///
    /// Every task's wait passes here: the kind is matched by its bytes and each field is
    /// looked up once.
    static func parse(_ values: LuaCoroutineValues, state: LuaState, defaultTimeout: Nanoseconds) -> Result<WaitRequest, WaitRequestError>? {
        guard values.count >= 1, values.type(1) == .table, let spelt = values.field(1, "kind", oneOf: Kind.spellings),
              let kind = Kind(rawValue: spelt) else { return nil }
        // Named in messages only: spelt when one is made.
        var verb: String { kind.verb }
        // Where the verb took the value: `wait(seconds)`, `wait_frames(n)`, or the `timeout`
        // field of its options table (argument 1 of wait_idle, 2 of wait_until/wait_event).
        func number(_ field: String, _ rule: borrowing NumberRule) throws -> Double? {
            let (type, value) = values.numberField(1, field)
            if type == .nil { return nil }
            guard let value else {
                throw WaitRequestError(message: "bad wait request to '\(verb)' (field '\(field)': a number expected, got \(type))")
            }
            guard rule.accepts(value) else {
                let position = field == "timeout" ? "#\(kind == .idle ? 1 : 2) to '\(verb)' (field 'timeout': " : "#1 to '\(verb)' ("
                throw WaitRequestError(message: "bad argument \(position)\(rule.mismatch(value)))")
            }
            return value
        }
        do {
            let timeout = try number("timeout", .seconds).map(VirtualTime.nanoseconds(fromSeconds:)) ?? defaultTimeout
            // A request without the value its verb needs is an error, never a wait of zero.
            func required(_ field: String, _ rule: borrowing NumberRule) throws -> Double {
                guard let value = try number(field, rule) else { throw missing(field, "a number") }
                return value
            }
            func missing(_ field: String, _ expected: String) -> WaitRequestError {
                WaitRequestError(message: "bad wait request to '\(verb)' (field '\(field)': \(expected) expected, got \(values.type(1, field: field)))")
            }
            switch kind {
            case .time: return .success(.time(VirtualTime.nanoseconds(fromSeconds: try required("seconds", .seconds))))
            case .frames: return .success(.frames(Int64(try required("frames", .frames))))
            case .until:
                guard values.type(1, field: "condition") == .function, let condition = values.ref(1, field: "condition", state: state) else {
                    throw missing("condition", "a function")
                }
                return .success(.until(condition: condition, timeout: timeout, what: values.string(1, field: "what")))
            case .idle: return .success(.idle(timeout: timeout))
            case .event:
                guard values.type(1, field: "name") == .string, let name = values.string(1, field: "name") else { throw missing("name", "an event name (string)") }
                return .success(.event(name: name, timeout: timeout))
            }
        } catch let error as WaitRequestError {
            return .failure(error)
        } catch {
            return .failure(WaitRequestError(message: "\(verb): \(error)"))
        }
    }

    /// How a timed-out wait is described to the author.
    func timeoutMessage(after timeout: Nanoseconds) -> String {
        let seconds = formatSeconds(VirtualTime.seconds(timeout))
        switch self {
        case let .until(_, _, what): return "wait_until timed out after \(seconds) s of virtual time" + (what.map { " waiting for \($0)" } ?? " (the condition never held)")
        case .idle: return "wait_idle timed out after \(seconds) s of virtual time"
        case let .event(name, _): return "wait_event timed out after \(seconds) s of virtual time waiting for event '\(name)'"
        case .time, .frames: return "wait timed out"
        }
    }
}

