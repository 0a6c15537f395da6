import DetentPlatform
import DetentRuntime
import DetentTime
import FoundationEssentials

/// The daemon's `record` on a named session (Detent Studio's Record button): from `start` — a
/// fresh world at frame 0, as the console's `:record` starts — every eval that ran (its code
/// and frames) and every pointer touch (`touch_path{…}` with its samples at their times) is
/// kept; `stop` reads the engines' state and answers the spec (`SessionRecording`), which
/// `detent run` replays frame for frame. Session queue only.
final class SessionRecorder {
    private(set) var recording: SessionRecording?
    /// A touch being recorded: the timeline frame of its touch-down, its world time, and its
    /// samples as {time after the touch-down, x, y}.
    private typealias Stroke = (frame: Int64, start: Nanoseconds, samples: [(Nanoseconds, Double, Double)])
    private var stroke: Stroke?
    /// The recorded chunk of a touch whose lift is still to be delivered: its end frame comes
    /// with `lifted(at:)`.
    private var lifting: Int?

    var isRecording: Bool { recording != nil }

    func start(name: String, live: LiveSession) throws {
        guard recording == nil else { throw RecordingError("already recording (stop it first)") }
        try live.installConsole()
        try live.resetWorld()
        recording = SessionRecording(file: name, recorder: "Detent Studio (the session's Record)")
        stroke = nil
        lifting = nil
        live.onPointerLifted = { [weak self] frame in self?.lifted(at: frame) }
    }

    /// An eval that ended: kept, or kept as a comment when it raised.
    func evaluated(_ code: String, result: Result<LiveSession.EvalResult, Error>) {
        guard recording != nil else { return }
        switch result {
        case let .success(value):
            recording!.add(.init(code: code, chunkName: "studio", printed: value.count > 0 ? value.text : "",
                                 frames: value.startFrame...max(value.startFrame, value.endFrame)))
        case let .failure(error):
            recording!.addFailure(code: code, message: "\(error)")
        }
    }

    /// A pointer sample the world took: `due` is its world time; `frame` the session's
    /// timeline frame when it came (a touch-down is delivered on the next).
    func touched(_ phase: LiveSession.PointerPhase, x: Double, y: Double, due: Nanoseconds, frame: Int64) {
        guard recording != nil else { return }
        switch phase {
        case .down:
            stroke = (frame, due, [(0, x, y)])
        case .move:
            if let start = stroke?.start { stroke?.samples.append((due - start, x, y)) }
        case .up, .cancel:
            guard let current = stroke else { return }
            stroke = nil
            let ending = "\(phase == .up ? "up" : "cancel") = \(Self.seconds(due - current.start))"
            lifting = recording!.chunks.count
            recording!.add(Self.chunk(current, ending: ending))
        }
    }

    /// The finger's lift was delivered on the timeline's `frame`: where `touch_path` returns
    /// in the spec.
    func lifted(at frame: Int64) {
        guard recording != nil, let index = lifting else { return }
        lifting = nil
        recording!.finish(chunk: index, at: frame)
    }

    /// Ends the recording: the Lua that reads the engines' state, and what turns its answer
    /// (and the frames the display link dropped) into the spec's text. A finger still down
    /// is kept as a `touch_path` that has not lifted yet.
    func stop() throws -> SessionRecording {
        guard var recording else { throw RecordingError("no recording is running (record {action = \"start\"} starts one)") }
        if let current = stroke { recording.add(Self.chunk(current, ending: nil)) }
        self.recording = nil
        stroke = nil
        lifting = nil
        return recording
    }

    /// A stroke as `touch_path{…}`, open (its end frame to come) until its lift is delivered.
    private static func chunk(_ stroke: Stroke, ending: String?) -> SessionRecording.Chunk {
        let samples = stroke.samples.map { "{ \(seconds($0.0)), \(number($0.1)), \(number($0.2)) }" }
        return .init(code: "touch_path{ " + (samples + (ending.map { [$0] } ?? [])).joined(separator: ", ") + " }", chunkName: "pointer",
                     printed: "", frames: stroke.frame...stroke.frame, isOpen: true)
    }

    /// A number as Lua reads it back exactly (shortest round-trip form).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A time in seconds to the nanosecond, as few digits as that takes ("0.0471", "0").
    static func seconds(_ time: Nanoseconds) -> String {
        let text = String(printf: "%.9f", VirtualTime.seconds(time))
        let trimmed = text.contains(".") ? String(text.reversed().drop { $0 == "0" }.reversed()) : text
        return trimmed.hasSuffix(".") ? String(trimmed.dropLast()) : trimmed
    }
}
