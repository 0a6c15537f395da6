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

    public init(names: [String]) {
        self.names = names
        values = Array(repeating: [], count: names.count)
    }

    /// Appends one sample of every property.
    func sample(frame: Int64, time: Nanoseconds, read: (String) -> Double?) {
        guard isRecording else { return }
        frames.append(frame)
        times.append(time)
        for (i, name) in names.enumerated() { values[i].append(read(name)) }
    }

    public func stop() { isRecording = false }

    /// The samples of one property, or nil for a name that was not traced.
    public func series(_ name: String) -> (frames: [Int64], times: [Nanoseconds], values: [Double?])? {
        guard let i = names.firstIndex(of: name) else { return nil }
        return (frames, times, values[i])
    }
}
