import DetentPlatform
import FoundationEssentials
import DetentScripting
import DetentTime
import DetentWorld
import DetentJSON
import DetentReports

/// Records one test attempt as a JSON Lines trace (SPEC §11, `--trace`): a header, one line
/// per frame the run loop stepped, and the outcome.
///
/// - header: `{"type":"header","format":1,"detent":…,"spec":…,"test":…,"location":…,
///   "device":…,"seed":…,"config":<digest>,"retry":…,"iteration":…,"series":[names],"units":{…}}`
/// - frame: `{"frame":N,"t":<virtual s>,"ns":<virtual ns>,"geometry":{id: fields|null},
///   "series":[values],"events":[{"name":…,"frame":N,…payload}]}` — `geometry` holds only the
///   elements (see `TraceGeometry`) and fields that changed since the previous line (an element
///   written whole when it appears, null when it goes); `series` lines up with the header's
///   names, null where a name was not recorded (left out when nothing was); `events` are the
///   events delivered at that frame, in order. Frames the loop fast-forwarded over write nothing.
/// - end: `{"type":"end","status":…,"message":…,"location":…,"frame":N,"t":…}`
///
/// Numbers are rounded (geometry to 0.01 pt, series and payloads to 1e-4) and written with a
/// fixed formatter, so identical runs give identical bytes. Recording reads the world only.
package final class TestTrace {
    package static let formatVersion = 1

    let options: TraceOptions
    /// As reported (`TestResult.tracePath`): under `options.directory`.
    let path: String
    private var header: [(String, JSONValue)]
    /// Frame lines, written out only if the trace is kept (retain-on-failure drops most).
    private var lines: [JSONValue] = []
    private var current: FrameRecord?
    private var geometry = TraceGeometry()
    /// The elements of the last recorded frame, in order.
    private var lastFrame: [TraceGeometry.Element] = []
    private var seriesNames: [String] = []
    private var seriesIndex: [String: Int] = [:]
    private weak var observedWorld: World?
    private var observerToken = 0

    private struct FrameRecord {
        var frame: Int64
        var time: Nanoseconds?
        var geometry: [(String, JSONValue)] = []
        var series: [JSONValue] = []
        var events: [JSONValue] = []
    }

    package init(options: TraceOptions, path: String, header: [(String, JSONValue)]) {
        self.options = options
        self.path = path
        self.header = header
    }

    deinit { detach() }

    /// Events of `world` from now on (a test may replace its world: `record` follows it).
    package func observe(_ world: World) {
        detach()
        observedWorld = world
        observerToken = world.observe { [unowned self] event in self.add(event) }
    }

    private func detach() {
        if let world = observedWorld { world.removeObserver(observerToken) }
        observedWorld = nil
    }

    /// After each stepped frame: its time, what changed in the geometry and the `trace{}` samples.
    package func record(_ world: World) {
        if world !== observedWorld {
            observe(world)
            // The header names the device of the world the test ends in (`detent.world{device=}`).
            setHeader("device", .string(world.configuration.device.name))
            setHeader("refresh_rate", .string(world.configuration.device.refreshRate.description))
        }
        let frame = world.lastTick?.frame ?? world.frame
        if current?.frame != frame { startRecord(frame) }
        current!.time = world.time
        var changed: [(String, JSONValue)] = []
        let elements = geometry.elements(of: world)
        // Usually the same elements as last frame, in the same order: compared by position;
        // a table by id is built only when the list changed.
        let sameList = elements.count == lastFrame.count && zip(elements, lastFrame).allSatisfy { $0.id == $1.id }
        let byID = sameList ? [:] : Dictionary(lastFrame.map { ($0.id, $0.fields) }, uniquingKeysWith: { first, _ in first })
        for (k, element) in elements.enumerated() {
            if let previous = sameList ? lastFrame[k].fields : byID[element.id] {
                var delta: [(String, JSONValue)] = []
                for (i, field) in element.fields.enumerated()
                where i >= previous.count || previous[i].0 != field.0 || previous[i].1 != field.1 {
                    delta.append(field)
                }
                if !delta.isEmpty { changed.append((element.id, .object(delta))) }
            } else {
                changed.append((element.id, .object(element.fields)))
            }
        }
        if !sameList {
            let seen = Set(elements.map(\.id))
            for id in byID.keys.sorted() where !seen.contains(id) { changed.append((id, .null)) }
        }
        lastFrame = elements
        // Recorded again at the same frame (the test's end, after changes made since the
        // last frame): the later fields win.
        for (id, change) in changed {
            if case let .object(fields) = change, let i = current!.geometry.firstIndex(where: { $0.0 == id }),
               case let .object(earlier) = current!.geometry[i].1 {
                current!.geometry[i].1 = .object(earlier.filter { old in !fields.contains { $0.0 == old.0 } } + fields)
            } else if let i = current!.geometry.firstIndex(where: { $0.0 == id }) {
                current!.geometry[i].1 = change
            } else {
                current!.geometry.append((id, change))
            }
        }
        var samples: [Int: JSONValue] = [:]
        for recorder in world.activeTraces where recorder.frames.last == frame {
            for (i, name) in recorder.names.enumerated() {
                let index = seriesIndex[name] ?? {
                    seriesNames.append(name)
                    seriesIndex[name] = seriesNames.count - 1
                    return seriesNames.count - 1
                }()
                samples[index] = recorder.values[i].last.flatMap { $0 }.map { .value($0) } ?? .null
            }
        }
        if let last = samples.keys.max() {
            current!.series = (0...last).map { samples[$0] ?? .null }
        }
    }

    private func setHeader(_ key: String, _ value: JSONValue) {
        if let i = header.firstIndex(where: { $0.0 == key }) { header[i].1 = value } else { header.append((key, value)) }
    }

    private func add(_ event: WorldEvent) {
        if current == nil || current!.frame < event.frame { startRecord(event.frame) }
        var fields: [(String, JSONValue)] = [("name", .string(event.name)), ("frame", .int(event.frame))]
        for (key, value) in event.payload {
            fields.append((key, value.converted(number: JSONValue.value, integer: JSONValue.int, string: JSONValue.string,
                                                boolean: JSONValue.bool)))
        }
        current!.events.append(.object(fields))
    }

    private func startRecord(_ frame: Int64) {
        flushRecord()
        current = FrameRecord(frame: frame)
    }

    private func flushRecord() {
        guard let record = current else { return }
        current = nil
        var fields: [(String, JSONValue)] = [("frame", .int(record.frame))]
        if let time = record.time {
            fields.append(("t", .fixed(VirtualTime.seconds(time), decimals: 9)))
            fields.append(("ns", .int(time)))
        }
        if !record.geometry.isEmpty { fields.append(("geometry", .object(record.geometry))) }
        if !record.series.isEmpty { fields.append(("series", .array(record.series))) }
        if !record.events.isEmpty { fields.append(("events", .array(record.events))) }
        lines.append(.object(fields))
    }

    /// Ends the recording with the test's outcome: writes the file (or, under
    /// `retain-on-failure`, removes it for a test that did not fail) and sets `tracePath`.
    /// Returns why the file could not be written, if it could not (the result is unchanged
    /// but for `tracePath`: a trace never changes what a test reports).
    package func finish(_ result: inout TestResult) -> String? {
        // The state the test ended in: changes made after the last frame (or a test that
        // ended before its first frame) are drawn too, at the last frame.
        if let world = observedWorld { record(world) }
        detach()
        flushRecord()
        let file = options.absolute(path)
        let failed = result.status == .failed || result.status == .error
        if options.mode == .retainOnFailure && !failed {
            try? FileManager.default.removeItem(atPath: file)
            result.tracePath = nil
            return nil
        }
        header.append(("series", .array(seriesNames.map { .string($0) })))
        header.append(("units", .object(seriesNames.map { ($0, .string(SeriesPlot.unit(of: $0))) })))
        var text = ""
        JSONValue.object(header).writeTraceLine(to: &text)
        for line in lines { line.writeTraceLine(to: &text) }
        JSONValue.object([
            ("type", .string("end")), ("status", .string(result.status.rawValue)), ("message", .string(result.message)),
            ("location", .string(TestTrace.failingLocation(result))), ("frame", .int(result.frame)),
            ("t", .fixed(result.virtualTime, decimals: 9)),
        ]).writeTraceLine(to: &text)
        result.tracePath = nil
        do {
            try FileManager.default.createDirectory(atPath: PathText.parent(of: file), withIntermediateDirectories: true)
            // Atomically (a temporary file, then a rename): a killed run leaves no half trace.
            // Not flushed: a run writes one per test with --trace on, and a trace lost to a
            // power cut is made again by the next run.
            try AtomicFile.write(text, to: file, flush: false)
        } catch {
            return "trace not written: " + (FileErrorText.sentence(error) ?? "\(file): \(error)")
        }
        result.tracePath = path
        return nil
    }

    /// `file.lua:line` of a failure, as the reports read it from the message.
    static func failingLocation(_ result: TestResult) -> String? {
        guard result.status == .failed || result.status == .error else { return nil }
        return JSONReport.failureLocation(in: result.message)
    }
}
