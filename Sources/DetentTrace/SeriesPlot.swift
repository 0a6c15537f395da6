import DetentPlatform
import FoundationEssentials

/// Series over virtual time as a self-contained SVG: one polyline per series on shared axes.
/// The console's `:plot` draws a recording with it as it is; `detent show-trace` adds what a
/// failing run needs: the value's unit on the axis with tick labels, reference lines (a
/// drawer's anchors, a sheet's detents) and a marked frame (where the test failed).
public struct SeriesPlot {
    public struct Reference: Equatable, Sendable {
        public var value: Double
        public var label: String
        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    public struct Marker: Equatable, Sendable {
        /// Virtual seconds.
        public var time: Double
        public var label: String
        public init(time: Double, label: String) {
            self.time = time
            self.label = label
        }
    }

    public static let colors = ["#0a84ff", "#ff375f", "#30d158", "#ff9f0a", "#bf5af2", "#64d2ff"]

    public var names: [String]
    /// Virtual seconds of each sample.
    public var times: [Double]
    /// values[i][k]: series i at sample k (nil breaks the line).
    public var values: [[Double?]]
    /// The values' unit ("pt", "pt/s", "" for a plain number); nil draws the plain plot
    /// (range labels only) the console has always drawn.
    public var unit: String? = nil
    /// Horizontal lines at these values (the range grows to show them).
    public var references: [Reference] = []
    public var marker: Marker? = nil

    public init(names: [String], times: [Double], values: [[Double?]]) {
        self.names = names
        self.times = times
        self.values = values
    }

    /// The unit of a property by its name (SPEC conventions: points, pt/s, plain numbers).
    public static func unit(of property: String) -> String {
        let field = property.split(separator: ".").last.map(String.init) ?? property
        if field.contains("velocity") { return "pt/s" }
        let plain = ["alpha", "progress", "visibility", "collapsed", "depth", "index", "queued", "value", "dimming"]
        if plain.contains(where: { field.contains($0) }) { return "" }
        return "pt"
    }

    public func svg(width: Double = 720, height: Double = 360) -> String {
        let axes = unit != nil
        let margin = (left: axes ? 72.0 : 64.0, right: axes ? 96.0 : 16.0, top: 16.0, bottom: 40.0)
        let plotWidth = width - margin.left - margin.right, plotHeight = height - margin.top - margin.bottom
        var all = values.flatMap { $0.compactMap { $0 } }
        all += references.map(\.value)
        let t0 = times.first ?? 0, t1 = max(times.last ?? 1, t0 + 1e-9)
        var v0 = all.min() ?? 0, v1 = all.max() ?? 1
        if v1 - v0 < 1e-9 { v0 -= 1; v1 += 1 }
        func x(_ t: Double) -> Double { margin.left + (t - t0) / (t1 - t0) * plotWidth }
        func y(_ v: Double) -> Double { margin.top + (v1 - v) / (v1 - v0) * plotHeight }
        func n(_ value: Double) -> String { String(printf: "%.2f", value) }
        func label(_ value: Double) -> String { String(printf: "%g", (value * 1000).rounded() / 1000) }
        let suffix = unit.map { $0.isEmpty ? "" : " " + $0 } ?? ""

        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"11\""
        if axes {
            // Where time maps to x, for a replay that moves a cursor over the plot.
            out += " data-t0=\"\(t0)\" data-t1=\"\(t1)\" data-x0=\"\(n(margin.left))\" data-x1=\"\(n(margin.left + plotWidth))\" data-y0=\"\(n(margin.top))\" data-y1=\"\(n(margin.top + plotHeight))\""
        }
        out += ">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        out += "<rect x=\"\(n(margin.left))\" y=\"\(n(margin.top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"#ccc\"/>\n"
        if axes {
            // Ticks on both axes, the unit on the value axis, "s" on the time axis.
            for k in 0...4 {
                let value = v0 + (v1 - v0) * Double(k) / 4, time = t0 + (t1 - t0) * Double(k) / 4
                out += "<line class=\"tick\" x1=\"\(n(margin.left - 4))\" y1=\"\(n(y(value)))\" x2=\"\(n(margin.left))\" y2=\"\(n(y(value)))\" stroke=\"#999\"/>\n"
                out += "<text x=\"\(n(margin.left - 6))\" y=\"\(n(y(value) + 4))\" text-anchor=\"end\">\(label(value))\(suffix)</text>\n"
                out += "<line class=\"tick\" x1=\"\(n(x(time)))\" y1=\"\(n(margin.top + plotHeight))\" x2=\"\(n(x(time)))\" y2=\"\(n(margin.top + plotHeight + 4))\" stroke=\"#999\"/>\n"
                out += "<text x=\"\(n(x(time)))\" y=\"\(n(margin.top + plotHeight + 15))\" text-anchor=\"middle\">\(label(time)) s</text>\n"
            }
            let quantity = names.count == 1 ? SeriesPlot.escape(names[0]) : "value"
            let axisName = unit!.isEmpty ? quantity : "\(quantity) (\(unit!))"
            out += "<text class=\"axis-label\" transform=\"translate(12 \(n(margin.top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\">\(axisName)</text>\n"
            out += "<text class=\"axis-label\" x=\"\(n(margin.left + plotWidth / 2))\" y=\"\(n(height - 6))\" text-anchor=\"middle\">virtual time (s)</text>\n"
        } else {
            out += "<text x=\"\(n(margin.left - 4))\" y=\"\(n(margin.top + 10))\" text-anchor=\"end\">\(label(v1))</text>\n"
            out += "<text x=\"\(n(margin.left - 4))\" y=\"\(n(margin.top + plotHeight))\" text-anchor=\"end\">\(label(v0))</text>\n"
            out += "<text x=\"\(n(margin.left))\" y=\"\(n(height - 22))\">\(label(t0)) s</text>\n"
            out += "<text x=\"\(n(margin.left + plotWidth))\" y=\"\(n(height - 22))\" text-anchor=\"end\">\(label(t1)) s</text>\n"
        }
        for reference in references {
            let ry = n(y(reference.value))
            out += "<line class=\"reference\" data-value=\"\(label(reference.value))\" x1=\"\(n(margin.left))\" y1=\"\(ry)\" x2=\"\(n(margin.left + plotWidth))\" y2=\"\(ry)\" stroke=\"#8e8e93\" stroke-dasharray=\"4 3\"/>\n"
            out += "<text class=\"reference-label\" x=\"\(n(margin.left + plotWidth + 4))\" y=\"\(n(y(reference.value) + 4))\" fill=\"#636366\">\(SeriesPlot.escape(reference.label)) \(label(reference.value))</text>\n"
        }
        for (i, name) in names.enumerated() {
            let color = SeriesPlot.colors[i % SeriesPlot.colors.count]
            // A series without a value at some sample breaks its line there.
            var runs: [[String]] = [[]]
            for (k, value) in values[i].enumerated() {
                if let value { runs[runs.count - 1].append("\(n(x(times[k]))),\(n(y(value)))") } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
            }
            for run in runs where !run.isEmpty {
                out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(run.joined(separator: " "))\"/>\n"
            }
            if axes {
                out += "<text x=\"\(n(margin.left + 4 + Double(i) * 160))\" y=\"\(n(margin.top + 12))\" fill=\"\(color)\">\(SeriesPlot.escape(name))</text>\n"
            } else {
                out += "<text x=\"\(n(margin.left + Double(i) * 160))\" y=\"\(n(height - 6))\" fill=\"\(color)\">\(SeriesPlot.escape(name))</text>\n"
            }
        }
        if let marker {
            let mx = n(x(min(max(marker.time, t0), t1)))
            out += "<line class=\"failure\" data-time=\"\(label(marker.time))\" x1=\"\(mx)\" y1=\"\(n(margin.top))\" x2=\"\(mx)\" y2=\"\(n(margin.top + plotHeight))\" stroke=\"#ff3b30\" stroke-width=\"1.5\"/>\n"
            out += "<text class=\"failure-label\" x=\"\(mx)\" y=\"\(n(margin.top + plotHeight - 4))\" fill=\"#ff3b30\" text-anchor=\"end\">\(SeriesPlot.escape(marker.label)) </text>\n"
        }
        out += "</svg>\n"
        return out
    }

    static func escape(_ text: String) -> String {
        text.replacingEvery("&", with: "&amp;").replacingEvery("<", with: "&lt;").replacingEvery(">", with: "&gt;")
            .replacingEvery("\"", with: "&quot;")
    }
}
