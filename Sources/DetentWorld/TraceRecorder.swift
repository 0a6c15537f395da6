import DetentTime

/// Records named properties once per frame (phase 6), for `trace{...}` and
/// `assert.series(...)`. A property that does not exist in a frame is recorded as nil.
public final class TraceRecorder {
    public var names: [String] { readers.names }
    public private(set) var frames: [Int64] = []
    /// Virtual time of each sample, in ns (the frame's target timestamp).
    public private(set) var times: [Nanoseconds] = []
    /// values[i][k]: property names[i] at sample k.
    public private(set) var values: [[Double?]]
    public private(set) var isRecording = true
    /// The names, read in the world that samples.
    private var readers: PropertyReaders

    public init(names: [String]) {
        readers = PropertyReaders(names)
        values = Array(repeating: [], count: names.count)
    }

    /// Appends one sample of every property of `world` (phase 6 of its step).
    func sample(frame: Int64, time: Nanoseconds, in world: World) {
        guard isRecording else { return }
        frames.append(frame)
        times.append(time)
        readers.append(in: world, to: &values)
    }

    public func stop() { isRecording = false }

    /// The samples of one property, or nil for a name that was not traced.
    public func series(_ name: String) -> (frames: [Int64], times: [Nanoseconds], values: [Double?])? {
        guard let i = names.firstIndex(of: name) else { return nil }
        return (frames, times, values[i])
    }
}
