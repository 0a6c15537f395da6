import DetentDaemonClient
import DetentJSON
import DetentRuntime

// The parameters of the live-world methods a session's worker answers (docs/protocol.md), one
// typed value each: the daemon decodes them to check a request before passing it on, and the
// worker (`SessionService`) decodes them again to act on it.

/// `eval`.
struct EvalParameters: MethodParameters {
    /// How values are printed: as JSON text (`default`) or as the console prints them.
    enum Format: String, CaseIterable, Sendable { case `default`, console }
    var code = ""
    var format = Format.default
    var session: String?
    static let fields: [ParameterField<Self>] = [.required("code", \.code), .choice("format", \.format), .session(\.session)]
}

/// `complete`.
struct CompleteParameters: MethodParameters {
    var word = ""
    var session: String?
    static let fields: [ParameterField<Self>] = [.required("word", \.word), .session(\.session)]
}

/// `state`.
struct StateParameters: MethodParameters {
    /// Property paths to read ("drawer.origin").
    var paths: [String]?
    /// Also list the frames the display link dropped.
    var drops = false
    var session: String?
    static let fields: [ParameterField<Self>] = [.strings("paths", \.paths), .bool("drops", \.drops), .session(\.session)]
}

/// `touch`: one pointer sample.
struct TouchParameters: MethodParameters {
    var phase = LiveSession.PointerPhase.down
    /// Window points.
    var x = 0.0, y = 0.0
    /// The pointer's own clock, seconds.
    var time = 0.0
    var session: String?
    static let fields: [ParameterField<Self>] = [
        .choice("phase", \.phase, required: true), .number("x", -1e6...1e6, \.x, required: true),
        .number("y", -1e6...1e6, \.y, required: true), .number("time", 0...1e12, \.time, required: true), .session(\.session),
    ]
}

/// `record`.
struct RecordParameters: MethodParameters {
    enum Action: String, CaseIterable, Sendable { case start, stop }
    var action = Action.start
    /// The spec's file name, for its header and its `describe`.
    var name = "studio_spec.lua"
    var session: String?
    static let fields: [ParameterField<Self>] = [
        .choice("action", \.action, required: true), .string("name", \.name), .session(\.session),
    ]
}

/// `step`.
struct StepParameters: MethodParameters {
    var frames: Int64 = 1
    var session: String?
    static let fields: [ParameterField<Self>] = [.integer("frames", 1...1_000_000, \.frames), .session(\.session)]
}

/// `speed`.
struct SpeedParameters: MethodParameters {
    /// Virtual seconds per wall second (0.25: slow motion).
    var factor = 1.0
    var session: String?
    static let fields: [ParameterField<Self>] = [.number("factor", 0.1...10, \.factor, required: true), .session(\.session)]
}

extension EvalParameters: SessionScoped {}
extension CompleteParameters: SessionScoped {}
extension StateParameters: SessionScoped {}
extension TouchParameters: SessionScoped {}
extension RecordParameters: SessionScoped {}
extension StepParameters: SessionScoped {}
extension SpeedParameters: SessionScoped {}
extension SessionOnlyParameters: SessionScoped {}
