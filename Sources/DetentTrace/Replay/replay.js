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

  const renderer = window.DetentRender(device, scene, clips);
  function draw(frame) { renderer.draw(frame.state); }

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
