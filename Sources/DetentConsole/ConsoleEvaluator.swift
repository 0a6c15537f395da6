/// What the console's line editor asks of whatever evaluates its input: a live session in
/// this process (`LocalEvaluator`) or, later, a daemon's session over its socket. Every call
/// comes from the line editor's thread; only `evaluate` answers asynchronously, so that
/// `interrupt()` (Ctrl-C) can stop it while the prompt waits.
public protocol ConsoleEvaluator: AnyObject {
    /// Receives, as they happen, the lines evaluated code prints and errors of event handlers.
    var onOutput: (String) -> Void { get set }

    /// Whether `code` is a chunk that is not finished yet (more lines are wanted).
    func isIncomplete(_ code: String) -> Bool

    /// Runs `code` (`return <code>` first, as `lua.c`), which may wait; `completion` is called
    /// once, on any thread, with the values' text or the error. `chunkName` names the code in
    /// error locations.
    func evaluate(_ code: String, chunkName: String, completion: @escaping @Sendable (ConsoleEvaluation) -> Void)

    /// Stops the running evaluation, waiting or computing (Ctrl-C); the world stays.
    func interrupt()

    /// The words that complete `word` (a global, `detent.wo`, `drawer.or`, `d:mo`), whole.
    func completions(of word: String) -> [String]

    /// The clock and the engines now.
    func status() throws -> ConsoleStatus
    func pause() throws
    func resume() throws
    /// Pauses, then delivers exactly `frames` frames.
    func step(_ frames: Int) throws
    /// Virtual seconds per wall second (the caller checks the range).
    func setSpeed(_ factor: Double) throws

    /// Frames the real-time display link dropped in the current world because a callback came
    /// late (a busy machine), as (frame delivered before the drop, frames dropped), oldest first.
    func frameDrops() throws -> [(frame: Int64, count: Int64)]

    /// A fresh default world; the globals stay.
    func reset() throws
    /// A fresh session: world and globals start over, whatever the old one is doing.
    func restart() throws
    /// Reads the plugins again into a fresh session; the sentences to show (what loaded, what failed).
    func reloadPlugins() throws -> [String]

    /// Starts recording `properties` every frame (replacing a recording), and returns the recording so far.
    func startTrace(_ properties: [String]) throws
    func recordedTrace() throws -> ConsoleTrace?

    /// Stops the display link; the evaluator is not used afterwards.
    func close()
}

/// How an evaluation ended.
public enum ConsoleEvaluation: Sendable, Equatable {
    /// The values as the console prints them (empty when the code returned nothing), and
    /// the world's frames when the code began and ended (nil when the evaluator cannot tell).
    case values(String, frames: ClosedRange<Int64>? = nil)
    /// A Lua error with its location, a limit, or "interrupted".
    case error(String)
}

/// A snapshot for `:status` and the live status line.
public struct ConsoleStatus: Sendable, Equatable {
    public var time: Double            // virtual seconds
    public var frame: Int64
    /// Frames the display link delivered so far (the console measures fps from its growth).
    public var framesDelivered: Int64
    public var paused: Bool
    public var speed: Double
    /// Each engine's name and what it is doing ("drawer resting middle", "animators idle").
    public var engines: [String]

    public init(time: Double, frame: Int64, framesDelivered: Int64, paused: Bool, speed: Double, engines: [String]) {
        self.time = time
        self.frame = frame
        self.framesDelivered = framesDelivered
        self.paused = paused
        self.speed = speed
        self.engines = engines
    }
}

/// Per-frame samples of some properties (`:trace`), for `:plot`.
public struct ConsoleTrace: Sendable, Equatable {
    public var properties: [String]
    /// Virtual seconds of each sample.
    public var times: [Double] = []
    /// values[i][k]: property i at sample k (nil where it had no value).
    public var values: [[Double?]]

    public init(properties: [String]) {
        self.properties = properties
        values = Array(repeating: [], count: properties.count)
    }

    mutating func append(time: Double, _ sample: [Double?]) {
        times.append(time)
        for i in values.indices { values[i].append(i < sample.count ? sample[i] : nil) }
    }
}
