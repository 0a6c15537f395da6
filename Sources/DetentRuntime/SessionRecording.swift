import DetentPlatform
import FoundationEssentials

/// A live session being turned into a scenario — the console's `:record FILE` … `:stop`, Detent
/// Studio's Record button (the daemon's `record`) — as Playwright's codegen turns a browsing
/// session into a test: every chunk that ran without an error, in order, with the frames that
/// passed between them as `wait_frames`, closed by assertions of each engine's state when the
/// recording stopped. A pointer's touches are chunks too (`touch_path{…}`, its samples at their
/// times). The world is fresh (frame 0) when a recording starts, as a test's world is, so
/// `detent run` replays the same frames.
///
/// Frames, not seconds: the world's frame counter is exact, so the gaps a person left while
/// typing in real time become waits that land on the same frames in virtual time.
public struct SessionRecording {
    /// One evaluated chunk.
    public struct Chunk {
        public var code: String
        /// Where it came from: "stdin" for typed lines, the file of `:load`; the studio's
        /// "studio" (the console pane) and "pointer" (a touch).
        public var chunkName: String
        /// What the console printed for its values (empty when none).
        public var printed: String
        /// The session's timeline frames (`RealTimeDriver.timelineFrame`) when it began and
        /// ended.
        public var frames: ClosedRange<Int64>
        /// Still running when the recording stopped (a finger still down), so `frames` has no
        /// true end: the spec runs it beside what follows.
        public var isOpen: Bool

        public init(code: String, chunkName: String, printed: String, frames: ClosedRange<Int64>, isOpen: Bool = false) {
            self.code = code
            self.chunkName = chunkName
            self.printed = printed
            self.frames = frames
            self.isOpen = isOpen
        }
    }

    /// The spec file to write.
    public let file: String
    /// Who recorded it, for the spec's header: "detent console" (:record FILE), "Detent Studio".
    public let recorder: String
    /// When the recording began (shown in the spec's header).
    public let started: Date
    public private(set) var chunks: [Chunk] = []
    /// Chunks that raised, left out of the spec (their code is kept as a comment).
    public private(set) var failures: [(code: String, message: String)] = []

    public init(file: String, recorder: String = "`detent console` (:record FILE)", started: Date = Date()) {
        self.file = file
        self.recorder = recorder
        self.started = started
    }

    public mutating func add(_ chunk: Chunk) { chunks.append(chunk) }

    /// Gives the chunk at `index` (an open one: a touch whose lift was still to be delivered)
    /// its end frame.
    public mutating func finish(chunk index: Int, at frame: Int64) {
        chunks[index].frames = chunks[index].frames.lowerBound...max(chunks[index].frames.lowerBound, frame)
        chunks[index].isOpen = false
    }

    public mutating func addFailure(code: String, message: String) { failures.append((code, message)) }

    /// The Lua code the console evaluates when the recording stops: the console's Lua half
    /// (`snapshot` in DetentRuntime's ConsoleLua) reads the world's frame and device,
    /// classifies each chunk (a statement is kept, an expression becomes a comment) and
    /// writes an assertion for each engine's state, as one string of lines.
    public func snapshotCode() -> String {
        "return __detent_console.snapshot({" + chunks.map { Self.luaString($0.code) }.joined(separator: ", ") + "})"
    }

    /// `text` as a Lua string literal that reads back byte for byte.
    public static func luaString(_ text: String) -> String {
        var out = "\""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\""): out += "\\\""
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "\\" + String(printf: "%03d", byte)
            }
        }
        return out + "\""
    }

    /// The spec text, given what `snapshotCode()` returned, the timeline frame it was read
    /// at (the snapshot eval's start frame) and the frames the real-time display link dropped
    /// meanwhile (a late callback on a busy machine, on the timeline), which the spec drops
    /// again at the same frames so that its replay sees what the session saw.
    ///
    /// Chunks are placed at the frames they began, in that order. One still running when the
    /// next began (a finger dragging while code is typed) or when the recording stopped runs
    /// in `spawn`, beside what follows, as it ran in the session.
    public func spec(snapshot: String, stopFrame: Int64, drops: [(frame: Int64, count: Int64)] = []) throws -> String {
        var lines = snapshot.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else {
            throw RecordingError("the world's state could not be read (\(snapshot.prefix(200)))")
        }
        let device = lines.removeFirst()
        let kinds = Array(lines.removeFirst())
        guard kinds.count == chunks.count else { throw RecordingError("the recorded chunks could not be classified") }
        let assertions = lines.filter { !$0.isEmpty }

        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var out: [String] = []
        out.append("-- Recorded by \(recorder.replacingEvery("FILE", with: file)) on \(Self.dateText(started)).")
        out.append("-- The frames between the chunks typed are kept as wait_frames, so `detent run` replays")
        out.append("-- them in virtual time; the assertions are each engine's state when the recording stopped.")
        out.append("-- Recorded on the device \(Self.quoted(device)): run it with that device (`detent run --device \(Self.quoted(device))`")
        out.append("-- when it is not the default of config/runner.toml).")
        for failure in failures {
            out.append("-- Left out (it raised: \(Self.oneLine(failure.message))):")
            for line in failure.code.split(separator: "\n", omittingEmptySubsequences: false) { out.append("--   " + line) }
        }
        out.append("")
        out.append("describe(\(Self.quoted(name)), function()")
        out.append("  it(\"replays the recorded session\", function()")
        let kept = drops.filter { $0.frame < stopFrame && $0.count > 0 }
        if !kept.isEmpty {
            out.append("    -- The display link dropped frames while the session ran (a busy machine): dropped")
            out.append("    -- again at the same frames, so the replay sees what the session saw.")
            out.append("    spawn(function()")
            let list = kept.map { "{ \($0.frame), \($0.count) }" }.joined(separator: ", ")
            // Frames counted from the start, across any world a chunk made (each starts at frame 0).
            out.append("      local at = 0")
            out.append("      for _, drop in ipairs({ \(list) }) do")
            out.append("        if drop[1] > at then wait_frames(drop[1] - at); at = drop[1] end")
            out.append("        drop_frames(drop[2])")
            out.append("      end")
            out.append("    end)")
        }
        var frame: Int64 = 0
        func wait(until target: Int64) {
            if target > frame { out.append("    wait_frames(\(target - frame))") }
            frame = max(frame, target)
        }
        let placed = zip(chunks, kinds).enumerated()
            .sorted { ($0.element.0.frames.lowerBound, $0.offset) < ($1.element.0.frames.lowerBound, $1.offset) }
            .map(\.element)
        for (index, (chunk, kind)) in placed.enumerated() {
            wait(until: chunk.frames.lowerBound)
            let beside = chunk.isOpen || (index + 1 < placed.count && chunk.frames.upperBound > placed[index + 1].0.frames.lowerBound)
            let indent = beside ? "      " : "    "
            if beside {
                out.append("    -- Still running when " + (chunk.isOpen ? "the recording stopped" : "the next chunk began") + ": beside what follows.")
                out.append("    spawn(function()")
            }
            if chunk.chunkName != "stdin" && chunk.chunkName != "studio" && chunk.chunkName != "pointer" { out.append(indent + "-- :load \(chunk.chunkName)") }
            if kind == "S" {
                for line in chunk.code.split(separator: "\n", omittingEmptySubsequences: false) {
                    out.append(line.isEmpty ? "" : indent + line)
                }
            } else {
                // An expression the console printed: kept as a note of what it showed.
                let code = chunk.code.hasPrefix("return ") ? String(chunk.code.dropFirst(7)) : chunk.code
                let shown = chunk.printed.isEmpty ? "" : "  --> " + Self.oneLine(chunk.printed)
                for line in code.split(separator: "\n", omittingEmptySubsequences: false) { out.append(indent + "-- " + line) }
                if !shown.isEmpty { out[out.count - 1] += shown }
            }
            if beside {
                out.append("    end)")
            } else {
                frame = max(frame, chunk.frames.upperBound)
            }
        }
        wait(until: stopFrame)
        if assertions.isEmpty {
            out.append("    -- (no engine in the world when the recording stopped)")
        } else {
            for assertion in assertions { out.append("    " + assertion) }
        }
        out.append("  end)")
        out.append("end)")
        return out.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"") + "\""
    }

    private static func oneLine(_ text: String) -> String {
        let flat = text.replacingEvery("\n", with: " ")
        return flat.count > 120 ? String(flat.prefix(119)) + "…" : flat
    }

    private static func dateText(_ date: Date) -> String {
        date.formatted(.iso8601)   // 2026-11-26T22:36:50Z: RFC 3339's internet date-time, UTC
    }
}

/// A recording that could not be written.
public struct RecordingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
