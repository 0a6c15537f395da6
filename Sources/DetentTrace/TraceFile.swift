import FoundationEssentials
import DetentJSON

/// A trace written by `detent run --trace` (`TestTrace`), read back: the header, every frame
/// with its geometry folded to the full state at that frame, the series and the events, and
/// the outcome. For `detent show-trace` and tests.
public struct TraceFile {
    public struct Frame {
        public var frame: Int64
        /// Virtual seconds (the frame's target timestamp); nil for a line that only carries
        /// events emitted before the first frame.
        public var time: Double?
        /// Every element on show at this frame by id (`TraceGeometry`), with all its fields.
        public var elements: [String: [String: JSONValue]]
        /// Values lined up with `TraceFile.seriesNames` (nil: not recorded at this frame).
        public var series: [Double?]
        /// The events delivered at this frame, each an object (`name`, `frame`, payload).
        public var events: [JSONValue]
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The header line, an object.
    public var header: JSONValue
    public var frames: [Frame] = []
    /// The end line, an object; nil for a trace cut short.
    public var end: JSONValue?
    /// The lines as read, for the replay to embed.
    public var lines: [String] = []

    public var seriesNames: [String] { header["series"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
    public var units: [String: String] {
        let fields = header["units"]?.objectValue ?? []
        return Dictionary(fields.compactMap { key, unit in unit.stringValue.map { (key, $0) } }, uniquingKeysWith: { _, last in last })
    }
    public var status: String? { end?["status"]?.stringValue }
    public var failed: Bool { status == "failed" || status == "error" }
    public var failingFrame: Int64? {
        guard failed, case let .int(frame)? = end?["frame"] else { return nil }
        return frame
    }

    public init(path: String) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Failure(description: "cannot read \(path) as UTF-8 text")
        }
        try self.init(text: text, name: path)
    }

    public init(text: String, name: String) throws {
        var header: JSONValue?
        var state: [String: [String: JSONValue]] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            guard let object = try? JSONValue.parse(Array(line.utf8)), object.objectValue != nil else {
                throw Failure(description: "\(name):\(number + 1): not a JSON object (is this a trace written by detent run --trace?)")
            }
            lines.append(String(line))
            if number == 0 {
                guard object["type"]?.stringValue == "header" else {
                    throw Failure(description: "\(name):1: a trace starts with its header line ({\"type\":\"header\",...})")
                }
                header = object
                continue
            }
            if object["type"]?.stringValue == "end" { end = object; continue }
            guard case let .int(frame)? = object["frame"] else {
                throw Failure(description: "\(name):\(number + 1): a frame line needs \"frame\"")
            }
            for (id, change) in object["geometry"]?.objectValue ?? [] {
                if let fields = change.objectValue {
                    for (key, value) in fields { state[id, default: [:]][key] = value }
                } else {
                    state[id] = nil
                }
            }
            let series = (object["series"]?.arrayValue ?? []).map(\.number)
            frames.append(Frame(frame: frame, time: object["t"]?.number, elements: state, series: series,
                                events: object["events"]?.arrayValue ?? []))
        }
        guard let header else { throw Failure(description: "\(name): empty file, not a trace") }
        self.header = header
    }

    /// The samples of one series: times (virtual s) and values, over the frames that have a time.
    public func series(_ index: Int) -> (times: [Double], values: [Double?]) {
        var times: [Double] = [], values: [Double?] = []
        for frame in frames {
            guard let time = frame.time else { continue }
            times.append(time)
            values.append(index < frame.series.count ? frame.series[index] : nil)
        }
        return (times, values)
    }

    /// Anchors and detents to draw across a series' plot: a drawer's anchors for its
    /// `origin`, a sheet's detents for its `height` (and, as tops, for its `top`), every value
    /// any frame had, by name.
    public func references(for name: String) -> [SeriesPlot.Reference] {
        guard let dot = name.lastIndex(of: ".") else { return [] }
        let engine = String(name[..<dot]), field = String(name[name.index(after: dot)...])
        var seen = Set<String>()
        var references: [SeriesPlot.Reference] = []
        func add(_ label: String, _ value: Double) {
            let key = label + "=" + FixedDecimals.text(value, decimals: 2)
            if seen.insert(key).inserted { references.append(.init(value: value, label: label)) }
        }
        for frame in frames {
            if field == "origin", let drawer = frame.elements["drawer:" + engine] {
                for anchor in drawer["anchors"]?.arrayValue ?? [] {
                    if let label = anchor.arrayValue?.first?.stringValue, let value = anchor.arrayValue?.last?.number { add(label, value) }
                }
            }
            if field == "height" || field == "top", let sheet = frame.elements["sheet:" + engine] {
                let screenHeight = frame.elements["device"]?["h"]?.number ?? 0
                for detent in sheet["detents"]?.arrayValue ?? [] {
                    if let label = detent.arrayValue?.first?.stringValue, let value = detent.arrayValue?.last?.number {
                        add(label, field == "top" ? screenHeight - value : value)
                    }
                }
            }
        }
        return references.sorted { ($0.value, $0.label) < ($1.value, $1.label) }
    }

    /// The plot of series `index`: its unit on the axis, anchors or detents as reference
    /// lines, the failing frame marked.
    public func plot(_ index: Int) -> SeriesPlot {
        let name = seriesNames[index]
        let samples = series(index)
        var plot = SeriesPlot(names: [name], times: samples.times, values: [samples.values])
        plot.unit = units[name] ?? SeriesPlot.unit(of: name)
        plot.references = references(for: name)
        if failed, let time = end?["t"]?.number {
            plot.marker = .init(time: time, label: "\(status ?? "failed") at frame \(failingFrame ?? 0)")
        }
        return plot
    }
}
