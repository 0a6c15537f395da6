import DetentPlatform
import FoundationEssentials

/// An error that came out of Lua: a chunk that would not compile, a runtime error with its
/// traceback, or a script stopped by one of the limits of SPEC §13.
public enum LuaError: Error, Equatable, CustomStringConvertible {
    /// The chunk did not compile. `message` reads `chunkname:line: ...`.
    case syntax(message: String)
    /// A runtime error raised by a script or a host function.
    case runtime(LuaRuntimeError)
    /// The instruction budget ran out (a runaway script).
    case instructionBudgetExceeded(budget: Int64, traceback: String)
    /// The memory cap was reached (a memory bomb).
    case memoryLimitExceeded(capBytes: Int, traceback: String)
    /// Stopped from outside through `LuaCancellation` (a cancelled run, Ctrl-C).
    case interrupted(traceback: String)
    /// The CPU watchdog stopped it: more CPU seconds than `cpu_seconds_per_test` allows.
    case cpuTimeExceeded(seconds: Double, traceback: String)
    /// Stopped from outside by its host, which says why (a live session's eval: an interrupt,
    /// the host shutting down, a reset of its world, its session closing) — while it waited, or
    /// while it computed (then `traceback` is where).
    case ended(reason: String, traceback: String)

    public var message: String {
        switch self {
        case let .syntax(message): return message
        case let .runtime(error): return error.message
        case let .instructionBudgetExceeded(budget, _):
            return "instruction budget of \(budget) instructions exceeded (runaway script?)"
        case let .memoryLimitExceeded(cap, _):
            return "memory limit of \(LuaState.describeCap(bytes: cap)) exceeded (\(LuaError.memoryCapSetting))"
        case .interrupted: return "interrupted"
        case let .cpuTimeExceeded(seconds, _):
            let shown = seconds.rounded() == seconds && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
            return "CPU time limit of \(shown) s exceeded (cpu_seconds_per_test in runner.toml)"
        case let .ended(reason, _): return reason
        }
    }

    /// The setting the memory cap comes from, as errors name it.
    public static let memoryCapSetting = "memory_cap_mib: runner.toml's [limits], daemon.toml's [run]"

    public var traceback: String {
        switch self {
        case .syntax: return ""
        case let .runtime(error): return error.traceback
        case let .instructionBudgetExceeded(_, traceback), let .memoryLimitExceeded(_, traceback), let .interrupted(traceback),
             let .cpuTimeExceeded(_, traceback), let .ended(_, traceback): return traceback
        }
    }

    public var description: String { message }

    /// True for the errors of SPEC §13's limits (budget, memory, CPU time, interrupt), which
    /// stop a job from outside rather than being raised by the script.
    public var isLimit: Bool {
        switch self {
        case .instructionBudgetExceeded, .memoryLimitExceeded, .interrupted, .cpuTimeExceeded, .ended: return true
        case .syntax, .runtime: return false
        }
    }

    /// The script line the error happened on, read from the traceback: its first frame that
    /// is neither a C function nor one of Detent's own chunks (`(detent …)`, `(detent)/…`). Limit
    /// errors (budget, memory, interrupt) carry no location in their message; this is where
    /// the script was stopped.
    public var scriptFrame: (file: String, line: Int)? {
        for raw in traceback.split(separator: "\n") {
            let frame = raw.trimmingSpaces()
            guard !frame.hasPrefix("[C]"), !frame.contains("(detent "), !frame.hasPrefix("(detent)/"), frame != "stack traceback:" else { continue }
            let parts = frame.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3, let line = Int(parts[1]), !parts[0].isEmpty { return (String(parts[0]), line) }
        }
        return nil
    }
}

/// A Lua runtime error as the host sees it: the error value rendered as text without
/// calling metamethods, the string fields of an error table (assertion failures carry
/// `message`, `where`, `expected`, `actual`), and the traceback at the point of the error.
public struct LuaRuntimeError: Equatable, Sendable {
    public var message: String
    public var traceback: String
    /// String-, number- and boolean-valued fields when the error value was a table.
    public var fields: [String: String]

    public init(message: String, traceback: String = "", fields: [String: String] = [:]) {
        self.message = message
        self.traceback = traceback
        self.fields = fields
    }
}

/// A Swift error that a host function throws to raise a Lua error at the caller's line.
/// The bridge turns it into `lua_error` from C; it never unwinds through Swift.
public struct LuaRaise: Error, CustomStringConvertible {
    public var message: String
    /// Whether to prefix the message with the calling script's `chunk:line:`.
    public var withLocation: Bool
    public init(_ message: String, withLocation: Bool = true) {
        self.message = message
        self.withLocation = withLocation
    }
    public var description: String { message }
}
