import DetentLua
import DetentTime

/// What a script is waiting for, parsed from the table its wait verb yielded (SPEC §9).
enum WaitRequest {
    case time(Nanoseconds)
    case frames(Int64)
    case until(condition: LuaRef, timeout: Nanoseconds, what: String?)
    case idle(timeout: Nanoseconds)
    case event(name: String, timeout: Nanoseconds)

    /// Reads the request at value 1 of a yield; nil when the yield was not a wait request.
    static func parse(_ values: LuaCoroutineValues, state: LuaState, defaultTimeout: Nanoseconds) -> WaitRequest? {
        guard values.count >= 1, values.type(1) == .table, let kind = values.string(1, field: "kind") else { return nil }
        let timeout = values.number(1, field: "timeout").map(VirtualTime.nanoseconds(fromSeconds:)) ?? defaultTimeout
        switch kind {
        case "time": return .time(VirtualTime.nanoseconds(fromSeconds: values.number(1, field: "seconds") ?? 0))
        case "frames": return .frames(Int64(values.number(1, field: "frames") ?? 0))
        case "until":
            guard let condition = values.ref(1, field: "condition", state: state) else { return nil }
            return .until(condition: condition, timeout: timeout, what: values.string(1, field: "what"))
        case "idle": return .idle(timeout: timeout)
        case "event":
            guard let name = values.string(1, field: "name") else { return nil }
            return .event(name: name, timeout: timeout)
        default: return nil
        }
    }

    /// How a timed-out wait is described to the author.
    func timeoutMessage(after timeout: Nanoseconds) -> String {
        let seconds = formatSeconds(VirtualTime.seconds(timeout))
        switch self {
        case let .until(_, _, what): return "wait_until timed out after \(seconds) s of virtual time" + (what.map { " waiting for \($0)" } ?? " (the condition never held)")
        case .idle: return "wait_idle timed out after \(seconds) s of virtual time (the world never became idle)"
        case let .event(name, _): return "wait_event timed out after \(seconds) s of virtual time waiting for event '\(name)'"
        case .time, .frames: return "wait timed out"
        }
    }
}

/// Seconds for messages: up to 4 decimals, no trailing zeros ("0.35", "2", "0.0167").
func formatSeconds(_ seconds: Double) -> String {
    var text = String(format: "%.4f", seconds)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
