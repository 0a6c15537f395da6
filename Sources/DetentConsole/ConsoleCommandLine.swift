/// A console command (`:step 10`, `:speed 0.25`, …): a line that starts with `:` at the
/// start of a chunk. Lua never starts a statement with `:`, so the two cannot be confused.
enum ConsoleCommandLine: Equatable {
    case pause, resume
    case step(Int)
    case speed(Double)
    case status
    case trace([String])
    case plot(String)
    case reset
    /// A fresh session: world and globals start over (over `--connect`, the daemon's
    /// `session/restart`, which also frees a session stuck in native code).
    case restart
    case load(String)
    case reload
    /// `:record FILE` … `:stop`: the session becomes a spec file.
    case record(String)
    case stop
    case help
    case quit

    /// The allowed range of `:speed` (SPEC §1: slow motion to fast forward).
    static let speeds: ClosedRange<Double> = 0.1...10

    static let helpText = """
        Lua 5.4 on a live world (the global `world`); an expression prints its values, `=expr` too,
        an unfinished chunk continues on a `>>` line. Ctrl-C stops running code or a wait, Ctrl-D quits.
          :pause  :resume       stop and restart the display link
          :step [n]             pause, then advance exactly n frames (default 1)
          :speed x              virtual seconds per wall second, 0.1 to 10 (0.25 = slow motion)
          :status               show or hide the live status line (time, frame, fps, engines)
          :trace prop…          record properties every frame (drawer.origin, sheet.height, …)
          :plot [file.svg]      write the recording as an SVG plot (default trace.svg)
          :reset                a fresh world; your globals stay
          :restart              a fresh session: world and globals start over (frees one stuck in C)
          :load FILE            run a Lua file here
          :reload               read the plugins again (a fresh session)
          :record FILE          a fresh world; what you type from now on becomes a spec
          :stop                 write it: the chunks, the frames between them, the end state as assertions
          :help  :quit
        """

    /// The command on `line` (which starts with `:`), or a sentence saying what is wrong.
    static func parse(_ line: String) -> Result<ConsoleCommandLine, CommandError> {
        let words = line.dropFirst().split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first else { return .failure(CommandError("a command name after ':' expected (try :help)")) }
        let arguments = Array(words.dropFirst())
        func noArguments(_ command: ConsoleCommandLine) -> Result<ConsoleCommandLine, CommandError> {
            arguments.isEmpty ? .success(command) : .failure(CommandError(":\(name) takes no arguments"))
        }
        switch name {
        case "pause": return noArguments(.pause)
        case "resume": return noArguments(.resume)
        case "status": return noArguments(.status)
        case "reset": return noArguments(.reset)
        case "restart": return noArguments(.restart)
        case "reload": return noArguments(.reload)
        case "stop": return noArguments(.stop)
        case "record":
            guard arguments.count == 1 else { return .failure(CommandError(":record expects one file, like :record scripts/scenarios/my_flick_spec.lua")) }
            return .success(.record(arguments[0]))
        case "help", "?": return noArguments(.help)
        case "quit", "q", "exit": return noArguments(.quit)
        case "step":
            guard arguments.count <= 1 else { return .failure(CommandError(":step takes one count, like :step 10")) }
            guard let count = arguments.first.map({ Int($0) }) ?? 1, (1...100_000).contains(count) else {
                return .failure(CommandError(":step expects a whole number of frames from 1 to 100000, got \(arguments[0])"))
            }
            return .success(.step(count))
        case "speed":
            guard arguments.count == 1, let factor = Double(arguments[0].hasSuffix("x") ? String(arguments[0].dropLast()) : arguments[0]),
                  speeds.contains(factor) else {
                return .failure(CommandError(":speed expects a factor from 0.1 to 10, like :speed 0.25, got \(arguments.joined(separator: " "))"))
            }
            return .success(.speed(factor))
        case "trace":
            guard !arguments.isEmpty else { return .failure(CommandError(":trace expects property names, like :trace drawer.origin")) }
            return .success(.trace(arguments))
        case "plot":
            guard arguments.count <= 1 else { return .failure(CommandError(":plot takes one file name")) }
            return .success(.plot(arguments.first ?? "trace.svg"))
        case "load":
            guard arguments.count == 1 else { return .failure(CommandError(":load expects one file, like :load scripts/examples/hello_world.lua")) }
            return .success(.load(arguments[0]))
        default:
            return .failure(CommandError("unknown command :\(name) (commands: :pause :resume :step :speed :status :trace :plot :reset :restart :load :reload :record :stop :help :quit)"))
        }
    }
}

/// A command line that could not be understood.
struct CommandError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
