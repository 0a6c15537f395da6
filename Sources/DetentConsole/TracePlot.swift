import DetentRuntime
import DetentTrace

/// `:plot`: a recording (`:trace`) as a self-contained SVG — one polyline per property over
/// virtual time, on shared axes labelled with the time range and the value range. The
/// drawing is `SeriesPlot`'s, which `detent show-trace` uses too.
enum TracePlot {
    static func svg(_ trace: ConsoleTrace, width: Double = 720, height: Double = 360) -> String {
        SeriesPlot(names: trace.properties, times: trace.times, values: trace.values).svg(width: width, height: height)
    }
}
