import DetentPlatform
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
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
        <title>\(SeriesPlot.escape(title)) — detent trace</title>
        <style>\(css)</style>
        </head>
        <body>
        <header id="summary"></header>
        <div id="failure" hidden></div>
        <main>
        <section id="stage">
        <svg id="device" xmlns="http://www.w3.org/2000/svg"><defs id="clips"></defs><g id="scene"></g></svg>
        </section>
        <section id="side">
        <div id="controls">
        <button id="play" type="button">Play</button>
        <label>Speed <select id="speed"><option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option></select></label>
        <button id="to-failure" type="button" hidden>Go to failure</button>
        <span id="frame-label"></span>
        </div>
        <input id="scrubber" type="range" min="0" max="0" value="0" step="1" aria-label="frame">
        <svg id="timeline" xmlns="http://www.w3.org/2000/svg" height="36"></svg>
        <ol id="events"></ol>
        <div id="plots">
        \(plots)</div>
        </section>
        </main>
        <script id="trace-data" type="application/json">\(data)</script>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    static let css = """
    body { font: 13px -apple-system, system-ui, sans-serif; margin: 0; color: #1c1c1e; background: #fafafa; }
    header { padding: 8px 16px; background: #fff; border-bottom: 1px solid #ddd; }
    header .status { font-weight: 600; padding: 1px 6px; border-radius: 4px; color: #fff; }
    header .passed { background: #30d158; } header .failed, header .error { background: #ff3b30; } header .pending { background: #8e8e93; }
    header .meta { color: #636366; margin-left: 8px; }
    #failure { margin: 8px 16px; padding: 8px 12px; border: 2px solid #ff3b30; border-radius: 6px; background: #fff5f5; white-space: pre-wrap; font-family: ui-monospace, monospace; }
    #failure.current { background: #ffd6d3; box-shadow: 0 0 0 3px #ff3b3066; }
    main { display: flex; gap: 16px; padding: 8px 16px; align-items: flex-start; }
    #stage svg { height: 640px; background: #222; border-radius: 18px; padding: 8px; }
    #stage svg.failing { outline: 4px solid #ff3b30; }
    #side { flex: 1; min-width: 420px; }
    #controls { display: flex; gap: 10px; align-items: center; margin-bottom: 6px; }
    #scrubber { width: 100%; }
    #timeline { width: 100%; background: #fff; border: 1px solid #ddd; }
    #events { max-height: 140px; overflow: auto; font-family: ui-monospace, monospace; font-size: 12px; background: #fff; border: 1px solid #ddd; margin: 6px 0; padding: 4px 4px 4px 28px; }
    #events:empty::before { content: "no events at this frame"; color: #8e8e93; }
    .plot { background: #fff; border: 1px solid #ddd; margin-bottom: 8px; display: inline-block; }
    .plot svg { cursor: pointer; }
    """

    static let script = #"""
    "use strict";
    (function () {
      const NS = "http://www.w3.org/2000/svg";
      const lines = JSON.parse(document.getElementById("trace-data").textContent);
      const header = lines[0];
      const end = lines.length > 1 && lines[lines.length - 1].type === "end" ? lines[lines.length - 1] : null;
      // Fold the geometry changes into the full state of every frame.
      const frames = [];
      let state = {}, early = [];
      for (const line of lines) {
        if (line.type !== undefined || line.frame === undefined) continue;
        if (line.geometry) {
          state = Object.assign({}, state);
          for (const [id, change] of Object.entries(line.geometry)) {
            if (change === null) delete state[id]; else state[id] = Object.assign({}, state[id] || {}, change);
          }
        }
        if (line.t === undefined) { early = early.concat(line.events || []); continue; }
        frames.push({ frame: line.frame, t: line.t, state: state, series: line.series || [], events: early.concat(line.events || []) });
        early = [];
      }
      const failed = end && (end.status === "failed" || end.status === "error");
      const failingIndex = !failed || !frames.length ? -1
        : (frames.findIndex(f => f.frame >= end.frame) >= 0 ? frames.findIndex(f => f.frame >= end.frame) : frames.length - 1);
      const device = document.getElementById("device"), scene = document.getElementById("scene"), clips = document.getElementById("clips");
      const scrubber = document.getElementById("scrubber"), label = document.getElementById("frame-label");
      const playButton = document.getElementById("play"), speed = document.getElementById("speed");
      const failure = document.getElementById("failure"), eventsList = document.getElementById("events");
      const t0 = frames.length ? frames[0].t : 0, t1 = frames.length ? frames[frames.length - 1].t : 1;

      const summary = document.getElementById("summary");
      const status = end ? end.status : "unfinished";
      summary.innerHTML = "";
      const badge = document.createElement("span"); badge.className = "status " + status; badge.textContent = status;
      const name = document.createElement("strong"); name.textContent = " " + header.test + " ";
      const meta = document.createElement("span"); meta.className = "meta";
      meta.textContent = header.location + " · " + header.device + " (" + header.refresh_rate + ") · seed " + header.seed +
        " · config " + header.config + " · detent " + header.detent + " · " + frames.length + " frames";
      summary.append(badge, name, meta);
      if (failed) {
        failure.hidden = false;
        failure.textContent = (end.location || header.location) + " — " + end.status + " at frame " + end.frame + " (t = " + end.t + " s)\n" + (end.message || "");
        const jump = document.getElementById("to-failure"); jump.hidden = false; jump.onclick = () => seek(failingIndex);
      }

      function el(kind, tag, attrs, parent) {
        const node = document.createElementNS(NS, tag);
        node.setAttribute("data-kind", kind);
        for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
        (parent || scene).appendChild(node);
        return node;
      }
      function text(content, x, y, attrs, parent) {
        const node = el("label", "text", Object.assign({ x: x, y: y, "text-anchor": "middle", "font-size": 15 }, attrs || {}), parent);
        node.textContent = content;
        return node;
      }
      function hue(s) { let h = 0; for (const c of s) h = (h * 31 + c.charCodeAt(0)) % 360; return h; }
      function clipId(id) { return "clip-" + id.replace(/[^A-Za-z0-9_-]/g, "_"); }
      function frameOf(e) { return { x: e.x, y: e.y, width: e.w, height: e.h }; }

      function draw(frame) {
        scene.textContent = ""; clips.textContent = "";
        const elements = Object.entries(frame.state).sort((a, b) => a[1].z - b[1].z);
        const dev = frame.state.device || { w: 390, h: 844 };
        device.setAttribute("viewBox", "0 0 " + dev.w + " " + dev.h);
        for (const [id, e] of elements) {
          const clip = e.navigation && frame.state["navigation:" + e.navigation] ? "url(#" + clipId("navigation:" + e.navigation) + ")" : null;
          switch (e.kind) {
            case "device":
              el("device", "rect", Object.assign({ "data-id": id, fill: "#f2f2f7" }, frameOf(e)));
              break;
            case "split":
              el("column", "rect", { "data-id": id + ":primary", "data-column": "primary", x: e.primary[0], y: e.primary[1], width: e.primary[2], height: e.primary[3], fill: "#e5e5ea", stroke: "#c7c7cc" });
              if (e.secondary) el("column", "rect", { "data-id": id + ":secondary", "data-column": "secondary", x: e.secondary[0], y: e.secondary[1], width: e.secondary[2], height: e.secondary[3], fill: "#f2f2f7", stroke: "#c7c7cc" });
              break;
            case "navigation": {
              const path = document.createElementNS(NS, "clipPath");
              path.setAttribute("id", clipId(id));
              const r = document.createElementNS(NS, "rect");
              for (const [k, v] of Object.entries(frameOf(e))) r.setAttribute(k, v);
              path.appendChild(r); clips.appendChild(path);
              el("navigation", "rect", Object.assign({ "data-id": id, "data-depth": e.depth, fill: "none", stroke: "#c7c7cc" }, frameOf(e)));
              break;
            }
            case "screen": {
              const g = el("screen-group", "g", { "clip-path": clip });
              el("screen", "rect", Object.assign({ "data-id": id, "data-screen": e.screen, "data-appearance": e.appearance,
                fill: "hsl(" + hue(e.screen) + ", 45%, 94%)", stroke: "#8e8e93", "stroke-width": 0.5 }, frameOf(e)), g);
              text(e.title || e.screen, e.x + e.w / 2, e.y + e.safe_top + 40, { fill: "#3a3a3c" }, g);
              break;
            }
            case "bar": {
              const g = el("bar-group", "g", { "clip-path": clip, opacity: e.alpha });
              el("bar", "rect", Object.assign({ "data-id": id, "data-alpha": e.alpha, fill: "#f9f9f9", stroke: "#c7c7cc", "stroke-width": 0.5 }, frameOf(e)), g);
              if (e.h > 12 && e.title) text(e.title, e.x + e.w / 2, e.y + Math.min(e.h, 44) / 2 + 5, { "font-weight": 600 }, g);
              break;
            }
            case "tabs": {
              const g = el("tabs-group", "g", { opacity: e.alpha });
              el("tabs", "rect", Object.assign({ "data-id": id, "data-alpha": e.alpha, "data-selected": e.selected, fill: "#f9f9f9", stroke: "#c7c7cc", "stroke-width": 0.5 }, frameOf(e)), g);
              const names = e.tabs || [];
              names.forEach((n, i) => text(n, e.x + e.w * (i + 0.5) / names.length, e.y + 28, { "font-size": 11, fill: i + 1 === e.selected ? "#0a84ff" : "#8e8e93" }, g));
              break;
            }
            case "sheet":
              el("dimming", "rect", { "data-id": id + ":dimming", x: 0, y: 0, width: dev.w, height: dev.h, fill: "#000", opacity: e.dim });
              el("sheet", "rect", Object.assign({ "data-id": id, "data-state": e.state, "data-detent": e.detent, fill: "#fff", stroke: "#8e8e93", rx: 10 }, frameOf(e)));
              break;
            case "drawer":
              for (const [anchor, y] of e.anchors || []) {
                el("anchor", "line", { "data-id": id + ":" + anchor, "data-anchor": anchor, x1: 0, x2: e.w, y1: y, y2: y, stroke: "#0a84ff", "stroke-dasharray": "6 4", opacity: 0.6 });
                text(anchor, e.w - 4, y - 4, { "text-anchor": "end", "font-size": 11, fill: "#0a84ff" });
              }
              el("drawer", "rect", Object.assign({ "data-id": id, "data-state": e.state, "data-anchor": e.anchor, fill: "#fff", "fill-opacity": 0.92, stroke: "#636366", rx: 12 }, frameOf(e)));
              el("drawer-header", "rect", { "data-id": id + ":header", x: e.x, y: e.y, width: e.w, height: e.header, fill: "#ececf1", rx: 12 });
              el("grabber", "rect", { x: e.x + e.w / 2 - 18, y: e.y + 6, width: 36, height: 5, rx: 2.5, fill: "#aeaeb2" });
              break;
            case "touch":
              el("touch", "circle", { "data-id": id, "data-x": e.x, "data-y": e.y, cx: e.x, cy: e.y, r: 16, fill: "#ff9f0a", opacity: 0.6, stroke: "#c93400" });
              break;
          }
        }
      }

      // The timeline: a tick per frame that has events, the failure in red.
      const timeline = document.getElementById("timeline");
      function timelineX(t) { return 6 + (t - t0) / Math.max(t1 - t0, 1e-9) * (timeline.clientWidth - 12); }
      const cursor = document.createElementNS(NS, "line");
      function drawTimeline() {
        timeline.textContent = "";
        frames.forEach((f, i) => {
          if (!f.events.length) return;
          const x = timelineX(f.t);
          const tick = document.createElementNS(NS, "line");
          for (const [k, v] of Object.entries({ "data-kind": "event", "data-frame": f.frame, x1: x, x2: x, y1: 6, y2: 30, stroke: "#0a84ff", "stroke-width": 2 })) tick.setAttribute(k, v);
          const tip = document.createElementNS(NS, "title"); tip.textContent = "frame " + f.frame + ": " + f.events.map(e => e.name).join(", ");
          tick.appendChild(tip);
          tick.addEventListener("click", () => seek(i));
          timeline.appendChild(tick);
        });
        if (failingIndex >= 0) {
          const x = timelineX(frames[failingIndex].t);
          const mark = document.createElementNS(NS, "rect");
          for (const [k, v] of Object.entries({ "data-kind": "failure", "data-frame": end.frame, x: x - 3, y: 2, width: 6, height: 32, fill: "#ff3b30" })) mark.setAttribute(k, v);
          mark.addEventListener("click", () => seek(failingIndex));
          timeline.appendChild(mark);
        }
        for (const [k, v] of Object.entries({ "data-kind": "cursor", y1: 0, y2: 36, stroke: "#1c1c1e", "stroke-width": 1 })) cursor.setAttribute(k, v);
        timeline.appendChild(cursor);
      }

      // Plot cursors, linked to the scrubber; a click on a plot seeks to that time.
      const plots = Array.from(document.querySelectorAll(".plot svg")).map(svg => {
        const line = document.createElementNS(NS, "line");
        for (const [k, v] of Object.entries({ "data-kind": "plot-cursor", y1: svg.dataset.y0, y2: svg.dataset.y1, stroke: "#1c1c1e", "stroke-dasharray": "3 2" })) line.setAttribute(k, v);
        svg.appendChild(line);
        const p = { svg, line, t0: +svg.dataset.t0, t1: +svg.dataset.t1, x0: +svg.dataset.x0, x1: +svg.dataset.x1 };
        svg.addEventListener("click", ev => {
          const box = svg.getBoundingClientRect();
          const x = (ev.clientX - box.left) * (svg.width.baseVal.value / box.width);
          const t = p.t0 + (x - p.x0) / (p.x1 - p.x0) * (p.t1 - p.t0);
          seek(indexAt(t));
        });
        return p;
      });

      function indexAt(t) {
        let lo = 0, hi = frames.length - 1;
        while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (frames[mid].t <= t) lo = mid; else hi = mid - 1; }
        return lo;
      }

      let current = 0, playing = false, playTime = t0, lastNow = null;
      function seek(i) {
        if (!frames.length) return;
        current = Math.max(0, Math.min(frames.length - 1, i | 0));
        const f = frames[current];
        scrubber.value = current;
        playTime = f.t;
        label.textContent = "frame " + f.frame + " · t = " + f.t.toFixed(4) + " s · " + (current + 1) + "/" + frames.length;
        draw(f);
        const atFailure = current === failingIndex;
        failure.classList.toggle("current", atFailure);
        device.classList.toggle("failing", atFailure);
        device.setAttribute("data-frame", f.frame);
        device.setAttribute("data-index", current);
        eventsList.textContent = "";
        for (const e of f.events) {
          const item = document.createElement("li");
          item.setAttribute("data-kind", "event");
          item.textContent = e.name + " " + JSON.stringify(Object.fromEntries(Object.entries(e).filter(([k]) => k !== "name" && k !== "frame")));
          eventsList.appendChild(item);
        }
        const x = timelineX(f.t);
        cursor.setAttribute("x1", x); cursor.setAttribute("x2", x);
        for (const p of plots) {
          const px = p.x0 + (f.t - p.t0) / Math.max(p.t1 - p.t0, 1e-9) * (p.x1 - p.x0);
          p.line.setAttribute("x1", px); p.line.setAttribute("x2", px);
        }
      }

      function tick(now) {
        if (!playing) return;
        if (lastNow !== null) playTime += (now - lastNow) / 1000 * parseFloat(speed.value);
        lastNow = now;
        if (playTime >= t1) { seek(frames.length - 1); setPlaying(false); return; }
        const i = indexAt(playTime);
        if (i !== current) { const keep = playTime; seek(i); playTime = keep; }
        requestAnimationFrame(tick);
      }
      function setPlaying(on) {
        playing = on && frames.length > 1;
        playButton.textContent = playing ? "Pause" : "Play";
        playButton.setAttribute("aria-pressed", playing);
        lastNow = null;
        if (playing) {
          if (current >= frames.length - 1) seek(0);
          requestAnimationFrame(tick);
        }
      }

      scrubber.max = Math.max(0, frames.length - 1);
      scrubber.addEventListener("input", () => { setPlaying(false); seek(+scrubber.value); });
      playButton.addEventListener("click", () => setPlaying(!playing));
      document.addEventListener("keydown", ev => {
        if (ev.key === "ArrowRight" || ev.key === "ArrowLeft") {
          ev.preventDefault();
          setPlaying(false);
          seek(current + (ev.key === "ArrowRight" ? 1 : -1));
        } else if (ev.key === " ") {
          ev.preventDefault();
          setPlaying(!playing);
        } else if (ev.key === "Home") { seek(0); } else if (ev.key === "End") { seek(frames.length - 1); }
      });
      window.addEventListener("resize", () => { drawTimeline(); seek(current); });
      drawTimeline();
      seek(failingIndex >= 0 ? failingIndex : 0);
      window.detentReplay = { seek: seek, index: () => current, count: frames.length, frames: frames, header: header, end: end };
    })();
    """#
}
