import FoundationEssentials
import DetentPlatform
import DetentRuntime

/// The REPL's rules, shared by the terminal and by piped input: Lua 5.4's (`return <line>`
/// first, `=expr`, an incomplete chunk continues on the next line) and the `:` commands.
/// It talks to a `ConsoleEvaluator` only, so a daemon's session can stand behind it as well
/// as this process's.
public final class Console {
    public let evaluator: ConsoleEvaluator
    /// Lines of a chunk still being typed (empty at a fresh `>` prompt).
    private(set) var pending: [String] = []
    /// Whether any evaluation or command failed (piped input exits with status 1).
    public private(set) var failed = false
    /// Whether the live status line is on (`:status`).
    var statusShown = false
    var statusLine = StatusLine()
    /// The session being recorded into a spec (`:record FILE` … `:stop`).
    var recording: SessionRecording?
    /// The chunk being evaluated, for the recording.
    private var inFlight: (code: String, chunkName: String)?
    /// Where text goes (the terminal front end prints above the prompt).
    var write: (String) -> Void

    public init(evaluator: ConsoleEvaluator, write: @escaping (String) -> Void = Console.standardOutput) {
        self.evaluator = evaluator
        self.write = write
    }

    /// Writes to standard output at once, in one piece.
    public static func standardOutput(_ text: String) { StandardOutput.write(text) }

    /// What a line asks for.
    enum Action: Equatable {
        /// Nothing more to do; show a fresh prompt.
        case prompt
        /// The chunk is not finished: show the continuation prompt.
        case more
        /// Evaluate this code (a finished chunk, or a `:load`ed file) named `chunkName`.
        case evaluate(code: String, chunkName: String)
        case quit
    }

    /// Takes one line of input: a command at the start of a chunk, else part of a chunk.
    func accept(_ line: String) -> Action {
        if pending.isEmpty, line.hasPrefix(":") { return command(line) }
        if pending.isEmpty, line.trimmingSpaces().isEmpty { return .prompt }
        pending.append(line)
        var code = pending.joined(separator: "\n")
        // `=expr` prints expr, as in Lua 5.1's REPL (and 5.4's `lua` still accepts it).
        if code.hasPrefix("=") { code = "return " + code.dropFirst() }
        if evaluator.isIncomplete(code) { return .more }
        pending = []
        return .evaluate(code: code, chunkName: "stdin")
    }

    /// Drops a chunk being typed (Ctrl-C at a `>>` prompt).
    func abandonChunk() { pending = [] }

    /// Evaluates `code` through the evaluator, remembering it for a recording; call
    /// `report` with what `completion` receives.
    func evaluate(_ code: String, chunkName: String, completion: @escaping @Sendable (ConsoleEvaluation) -> Void) {
        inFlight = (code, chunkName)
        evaluator.evaluate(code, chunkName: chunkName, completion: completion)
    }

    /// Prints how an evaluation ended (and adds it to a recording).
    func report(_ evaluation: ConsoleEvaluation) {
        if let chunk = inFlight, recording != nil {
            switch evaluation {
            case let .values(text, frames?):
                recording?.add(.init(code: chunk.code, chunkName: chunk.chunkName, printed: text, frames: frames))
            case .values:
                break
            case let .error(message):
                recording?.addFailure(code: chunk.code, message: message)
            }
        }
        inFlight = nil
        switch evaluation {
        case let .values(text, _): if !text.isEmpty { write(text + "\n") }
        case let .error(message):
            failed = true
            write(message + "\n")
        }
    }

    /// `:record FILE`: a fresh world, then every chunk is kept until `:stop`.
    private func startRecording(_ file: String) throws {
        if let recording { throw CommandError("already recording into \(recording.file) (:stop writes it)") }
        try evaluator.reset()
        recording = SessionRecording(file: file)
        write("recording into \(file) from a fresh world (frame 0; your globals stay, but the spec has only what you type from now on); :stop writes it\n")
    }

    /// `:stop`: reads the world's state and writes the spec.
    private func stopRecording() throws {
        guard let recording else { throw CommandError(":stop ends a recording, and none is running (:record FILE starts one)") }
        self.recording = nil
        let answer = AwaitedAnswer<ConsoleEvaluation>()
        evaluator.evaluate(recording.snapshotCode(), chunkName: "=(detent console :stop)") { answer.deliver($0) }
        let snapshot = answer.wait()
        guard case let .values(text, frames) = snapshot else {
            if case let .error(message) = snapshot { throw RecordingError("the world's state could not be read: \(message)") }
            return
        }
        guard let frames else { throw RecordingError("the world's frame could not be read (the daemon gave no start_frame)") }
        let spec = try recording.spec(snapshot: text, stopFrame: frames.lowerBound, drops: try evaluator.frameDrops())
        try AtomicFile.write(spec, to: recording.file)
        let left = recording.failures.isEmpty ? "" : " (\(recording.failures.count) that raised left out as comments)"
        write("wrote \(recording.file): \(recording.chunks.count) chunks\(left) and the engines' end state; run it with detent run \(recording.file)\n")
    }

    private func fail(_ message: String) -> Action {
        failed = true
        write(message + "\n")
        return .prompt
    }

    private func command(_ line: String) -> Action {
        let parsed: ConsoleCommandLine
        switch ConsoleCommandLine.parse(line) {
        case let .success(command): parsed = command
        case let .failure(error): return fail(error.message)
        }
        do {
            switch parsed {
            case .pause:
                try evaluator.pause()
                write(clockLine(try evaluator.status()) + "\n")
            case .resume:
                try evaluator.resume()
                write(clockLine(try evaluator.status()) + "\n")
            case let .step(frames):
                try evaluator.step(frames)
                write(clockLine(try evaluator.status()) + "\n")
            case let .speed(factor):
                try evaluator.setSpeed(factor)
                write(clockLine(try evaluator.status()) + "\n")
            case .status:
                statusShown.toggle()
                if !statusShown { write("status line off\n") }
            case let .trace(properties):
                try evaluator.startTrace(properties)
                write("recording \(properties.joined(separator: ", ")) every frame (:plot writes it)\n")
            case let .plot(file):
                guard let trace = try evaluator.recordedTrace() else { return fail(":plot needs a recording first: :trace drawer.origin") }
                try AtomicFile.write(TracePlot.svg(trace), to: file)
                write("wrote \(file) (\(trace.times.count) samples of \(trace.properties.joined(separator: ", ")))\n")
            case .reset:
                if let recording { return fail(":reset would start the world over while recording into \(recording.file); :stop first") }
                try evaluator.reset()
                write("a fresh world; globals kept\n")
            case .restart:
                if let recording { return fail(":restart would start over while recording into \(recording.file); :stop first") }
                try evaluator.restart()
                write("a fresh session: the world and globals start over\n")
            case let .load(file):
                guard let text = FileManager.default.contents(atPath: file).map({ String(decoding: $0, as: UTF8.self) }) else {
                    return fail(":load cannot read \(file)")
                }
                return .evaluate(code: text, chunkName: file)
            case .reload:
                for note in try evaluator.reloadPlugins() { write(note + "\n") }
            case let .record(file):
                try startRecording(file)
            case .stop:
                try stopRecording()
            case .help:
                write(ConsoleCommandLine.helpText + "\n")
            case .quit:
                return .quit
            }
        } catch let error as CommandError {
            return fail(error.message)
        } catch {
            return fail("\(line): \(error)")
        }
        return .prompt
    }

    /// "paused at t=1.250s, frame 75, speed 0.25x".
    func clockLine(_ status: ConsoleStatus) -> String {
        (status.paused ? "paused" : "running") + String(printf: " at t=%.3fs, frame %lld, speed %gx", status.time, status.frame, status.speed)
    }

    /// The status line now, cut to `width` characters.
    func currentStatus(width: Int) -> String? {
        guard let status = try? evaluator.status() else { return nil }
        return statusLine.text(status, width: width)
    }

    // MARK: Without a terminal

    /// Runs `code` to its end (it may wait) and prints its values or error; false on error.
    @discardableResult
    public func run(_ code: String, chunkName: String) -> Bool {
        let answer = AwaitedAnswer<ConsoleEvaluation>()
        evaluate(code, chunkName: chunkName) { answer.deliver($0) }
        let result = answer.wait()
        report(result)
        if case .error = result { return false }
        return true
    }

    /// Reads lines until the input ends, without prompts (piped input); `:status` prints one
    /// status line instead of a live one. True when nothing failed.
    public func runLines(_ next: () -> String?) -> Bool {
        while let line = next() {
            switch accept(line) {
            case .prompt, .more:
                if statusShown, let text = currentStatus(width: 200) { write(text + "\n"); statusShown = false }
            case let .evaluate(code, chunkName): run(code, chunkName: chunkName)
            case .quit: return !failed
            }
        }
        if !pending.isEmpty {
            // The input ended inside a chunk: show the error Lua gives for it.
            let code = pending.joined(separator: "\n")
            pending = []
            run(code, chunkName: "stdin")
        }
        return !failed
    }
}
