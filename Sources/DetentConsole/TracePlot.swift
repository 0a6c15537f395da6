import Foundation

/// `:plot`: a recording (`:trace`) as a self-contained SVG — one polyline per property over
/// virtual time, on shared axes labelled with the time range and the value range.
enum TracePlot {
    static let colors = ["#0a84ff", "#ff375f", "#30d158", "#ff9f0a", "#bf5af2", "#64d2ff"]

    static func svg(_ trace: ConsoleTrace, width: Double = 720, height: Double = 360) -> String {
        let margin = (left: 64.0, right: 16.0, top: 16.0, bottom: 40.0)
        let plotWidth = width - margin.left - margin.right, plotHeight = height - margin.top - margin.bottom
        let all = trace.values.flatMap { $0.compactMap { $0 } }
        let t0 = trace.times.first ?? 0, t1 = max(trace.times.last ?? 1, t0 + 1e-9)
        var v0 = all.min() ?? 0, v1 = all.max() ?? 1
        if v1 - v0 < 1e-9 { v0 -= 1; v1 += 1 }
        func x(_ t: Double) -> Double { margin.left + (t - t0) / (t1 - t0) * plotWidth }
        func y(_ v: Double) -> Double { margin.top + (v1 - v) / (v1 - v0) * plotHeight }
        func n(_ value: Double) -> String { String(format: "%.2f", value) }
        func label(_ value: Double) -> String { String(format: "%g", (value * 1000).rounded() / 1000) }

        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"11\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        out += "<rect x=\"\(n(margin.left))\" y=\"\(n(margin.top))\" width=\"\(n(plotWidth))\" height=\"\(n(plotHeight))\" fill=\"none\" stroke=\"#ccc\"/>\n"
        out += "<text x=\"\(n(margin.left - 4))\" y=\"\(n(margin.top + 10))\" text-anchor=\"end\">\(label(v1))</text>\n"
        out += "<text x=\"\(n(margin.left - 4))\" y=\"\(n(margin.top + plotHeight))\" text-anchor=\"end\">\(label(v0))</text>\n"
        out += "<text x=\"\(n(margin.left))\" y=\"\(n(height - 22))\">\(label(t0)) s</text>\n"
        out += "<text x=\"\(n(margin.left + plotWidth))\" y=\"\(n(height - 22))\" text-anchor=\"end\">\(label(t1)) s</text>\n"
        for (i, name) in trace.properties.enumerated() {
            let color = colors[i % colors.count]
            // A property without a value at some sample breaks its line there.
            var runs: [[String]] = [[]]
            for (k, value) in trace.values[i].enumerated() {
                if let value { runs[runs.count - 1].append("\(n(x(trace.times[k]))),\(n(y(value)))") } else if !runs[runs.count - 1].isEmpty { runs.append([]) }
            }
            for run in runs where !run.isEmpty {
                out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(run.joined(separator: " "))\"/>\n"
            }
            out += "<text x=\"\(n(margin.left + Double(i) * 160))\" y=\"\(n(height - 6))\" fill=\"\(color)\">\(escape(name))</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
