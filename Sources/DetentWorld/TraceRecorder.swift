import DetentTime

/// Records named properties once per frame (phase 6), for `trace{...}` and
/// `assert.series(...)`. A property that does not exist in a frame is recorded as nil.
public final class TraceRecorder {
    public let names: [String]
    public private(set) var frames: [Int64] = []
    /// Virtual time of each sample, in ns (the frame's target timestamp).
    public private(set) var times: [Nanoseconds] = []
    /// values[i][k]: property names[i] at sample k.
    public private(set) var values: [[Double?]]
    public private(set) var isRecording = true
    /// The world sampling this recorder (set by `World.addTrace`): names are then resolved
    /// to readers once, and again only when the world gains an engine.
    weak var world: World?
    private var readers: [PropertyReader] = []
    private var readersEngineCount = -1

    public init(names: [String]) {
        self.names = names
        values = Array(repeating: [], count: names.count)
    }

    /// Appends one sample of every property.
    func sample(frame: Int64, time: Nanoseconds, read: (String) -> Double?) {
        guard isRecording else { return }
        frames.append(frame)
        times.append(time)
        guard let world else {
            for (i, name) in names.enumerated() { values[i].append(read(name)) }
            return
        }
        if readersEngineCount != world.engineCount {
            readers = names.map(world.reader(for:))
            readersEngineCount = world.engineCount
        }
        for (i, reader) in readers.enumerated() { values[i].append(reader.read(in: world)) }
    }

    public func stop() { isRecording = false }

    /// The samples of one property, or nil for a name that was not traced.
    public func series(_ name: String) -> (frames: [Int64], times: [Nanoseconds], values: [Double?])? {
        guard let i = names.firstIndex(of: name) else { return nil }
        return (frames, times, values[i])
    }
}
