import DetentJSON
import DetentPlatform
import DetentScripting
import FoundationEssentials

/// What `detent show-trace` makes of a trace: an SVG plot per recorded series and a
/// self-contained HTML replay (inline CSS, JS and data; nothing loaded from the network).
///
/// The replay draws each frame as SVG elements in window points — the device, split columns,
/// navigation containers, screens, bars, tab bars, the sheet and its dimming, drawers with
/// their anchors, fingers — each with `data-kind` and `data-id` and its frame as `x`, `y`,
/// `width`, `height` (or `cx`, `cy` for a finger), so a test can read the geometry from the
/// DOM. A scrubber, play/pause, speed and the arrow keys move through the frames; the plots'
/// cursors follow; the events sit on a timeline; the failing assertion is shown and marked at
/// its frame. `window.detentReplay` (`seek(i)`, `index()`, `count`, `frames`) drives it from code.
public enum TraceReplay {
    /// The plots as (file name, SVG), one per series, in header order.
    public static func plots(_ trace: TraceFile) -> [(name: String, svg: String)] {
        trace.seriesNames.indices.map { i in
            ("\(TraceOptions.slug(trace.seriesNames[i], limit: 80)).svg", trace.plot(i).svg())
        }
    }

    public static func html(_ trace: TraceFile) -> String {
        let title = trace.header["test"]?.stringValue ?? "trace"
        var plots = ""
        for i in trace.seriesNames.indices {
            plots += "<div class=\"plot\" data-series=\"\(SeriesPlot.escape(trace.seriesNames[i]))\">\(trace.plot(i).svg(width: 560, height: 240))</div>\n"
        }
        // Inline data: "</" may not appear inside a script element; in JSON it only can in a
        // string, where "<\/" reads the same.
        let data = "[" + trace.lines.joined(separator: ",\n").replacingEvery("</", with: "<\\/") + "]"
        return ReplayAssets.fill(ReplayAssets.text(PackageResources.replay_html), [
            "title": SeriesPlot.escape(title), "css": ReplayAssets.text(PackageResources.replay_css), "plots": plots, "data": data,
            "renderer": rendererScript, "script": ReplayAssets.text(PackageResources.replay_js),
        ])
    }

    /// The drawing of a frame (Replay/render.js, `window.DetentRender`) with every registered
    /// engine's drawer in it: the replay inlines it, Detent Studio serves it as `/render.js`.
    public static let rendererScript: String = {
        let engines = EngineRegistry.all.map(\.replayScript).joined(separator: "\n")
        return ReplayAssets.text(PackageResources.render_js).replacingEvery("/*@engine-drawers@*/", with: engines)
    }()
}
