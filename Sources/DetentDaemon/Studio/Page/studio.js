"use strict";
// Detent Studio: the daemon's live world drawn every frame (render.js, the replay's drawing),
// driven by pointer events, time controls and a Lua console, over the daemon's JSON-RPC on a
// WebSocket (docs/studio.md). `window.detentStudio` exposes the state tests read.
(function () {
  const $ = id => document.getElementById(id);
  const device = $("device"), scene = $("scene"), clips = $("clips");
  const renderer = window.DetentRender(device, scene, clips);
  const studio = { frame: null, time: null, paused: false, speed: 1, geometry: {}, engines: [], framesDrawn: 0, events: [],
                   connected: false, errors: [] };
  window.detentStudio = studio;

  // ---- JSON-RPC over the WebSocket
  const token = new URLSearchParams(location.search).get("token");
  const socketURL = "ws://" + location.host + "/ws" + (token ? "?token=" + encodeURIComponent(token) : "");
  let socket = null, nextId = 1;
  const pending = new Map();
  function call(method, params) {
    return new Promise((resolve, reject) => {
      if (!socket || socket.readyState !== WebSocket.OPEN) { reject(new Error("not connected to the daemon")); return; }
      const id = nextId++;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: id, method: method, params: params || {} }));
    });
  }
  function sessionParams(params) {
    const name = $("session").value.trim();
    return name ? Object.assign({ session: name }, params) : params;
  }
  function connect() {
    socket = new WebSocket(socketURL);
    socket.onopen = async () => {
      setConnection("open", "connected");
      studio.connected = true;
      try {
        await call("initialize", { client: "detent-studio" });
        await follow();
      } catch (e) { report(e); }
    };
    socket.onmessage = msg => {
      const message = JSON.parse(msg.data);
      if (message.id !== undefined && pending.has(message.id)) {
        const { resolve, reject } = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) reject(Object.assign(new Error(message.error.message), { rpc: message.error })); else resolve(message.result);
      } else if (message.method === "sample") { onSample(message.params); }
      else if (message.method === "event") { onEvent(message.params); }
      else if (message.method === "session/restarted") { follow().catch(report); }
    };
    socket.onclose = ev => {
      studio.connected = false;
      for (const { reject } of pending.values()) reject(new Error("the connection closed"));
      pending.clear();
      setConnection("closed", ev.code === 1001 ? "the daemon stopped" : "disconnected (" + ev.code + ")");
    };
  }
  function setConnection(state, text) { const c = $("connection"); c.dataset.state = state; c.textContent = text; }
  function report(e) { studio.errors.push(String(e.message || e)); print(String(e.message || e), "error"); }

  // ---- Following the world: one subscription (events, plotted properties, the drawing)
  let subscription = null;
  const plotted = [];
  async function follow() {
    if (subscription) { try { await call("unsubscribe", { subscription: subscription }); } catch (e) { /* gone with a restart */ } }
    const result = await call("subscribe", sessionParams({ events: "*", properties: plotted.map(p => p.name), geometry: true }));
    subscription = result.subscription;
    const state = await call("state", sessionParams({}));
    history.length = 0; viewing = null; studio.events.length = 0;
    showClock(state);
    studio.engines = state.engines;
    showEngines(state.engines);
    $("property-names").textContent = "";
    for (const name of Object.keys(state.properties)) {
      const option = document.createElement("option"); option.value = name; $("property-names").appendChild(option);
    }
  }
  $("session").addEventListener("change", () => follow().catch(report));

  const fpsWindow = [];
  function onSample(s) {
    if (s.subscription !== subscription) return;
    studio.frame = s.frame; studio.time = s.time;
    if (s.geometry) {
      studio.geometry = s.geometry;
      remember({ frame: s.frame, time: s.time, geometry: s.geometry, engines: s.engines || studio.engines });
      if (viewing === null) show(history.length - 1);
      studio.framesDrawn++;
      const now = performance.now();
      fpsWindow.push(now);
      while (fpsWindow.length && fpsWindow[0] < now - 1000) fpsWindow.shift();
      $("fps").textContent = fpsWindow.length + " fps";
      // From a pointer event to the frame that shows its effect — the first drawing with the
      // finger where the event put it: the event's own time stamp, then the next animation
      // frame, which paints it (BENCHMARKS.md, "Detent Studio").
      // (The drawing shows the finger at its latest delivered sample, which may be a later
      // one than the event awaited: found by position among the samples sent since.)
      const finger = Object.values(s.geometry).find(e => e.kind === "touch");
      if (awaiting !== null && finger) {
        const shown = sentMoves.findIndex((m, i) => i >= awaiting.index && Math.abs(finger.x - m.x) < 0.01 && Math.abs(finger.y - m.y) < 0.01);
        if (shown >= 0) {
          const since = awaiting.t;
          awaiting = null;
          requestAnimationFrame(() => latencies.push(performance.now() - since));
        }
      }
    }
    if (s.engines) studio.engines = s.engines;
    if (viewing === null) {
      if (s.engines) showEngines(s.engines);
      $("frame").textContent = "frame " + s.frame;
      $("time").textContent = "t = " + s.time.toFixed(3) + " s";
    }
    for (const plot of plotted) if (s.values && s.values[plot.name] !== undefined) plot.add(s.time, s.values[plot.name]);
  }
  function showClock(c) {
    studio.frame = c.frame; studio.time = c.time; studio.paused = c.paused; studio.speed = c.speed;
    $("frame").textContent = "frame " + c.frame;
    $("time").textContent = "t = " + c.time.toFixed(3) + " s";
    $("pause").textContent = c.paused ? "Resume" : "Pause";
    $("speed").value = String(c.speed);
  }
  function showEngines(engines) {
    const list = $("engines"); list.textContent = "";
    for (const e of engines || []) { const item = document.createElement("li"); item.textContent = e; list.appendChild(item); }
  }

  // ---- History and the timeline: the drawings of the latest minute, and its events. Scrub
  // (the slider, a click on an event, ←/→) to draw an earlier frame; Live (or the slider's end)
  // follows the world again. The world itself is not rewound: pause it to look back at leisure.
  const NS = "http://www.w3.org/2000/svg";
  const history = [];
  let viewing = null;   // the index in `history` drawn while scrubbing; null: the latest
  studio.history = history;
  function remember(entry) {
    history.push(entry);
    let drop = 0;
    while (drop < history.length - 1 && history[drop].time < entry.time - 60) drop++;
    if (drop) { history.splice(0, drop); if (viewing !== null) viewing = Math.max(0, viewing - drop); }
    $("scrubber").max = Math.max(0, history.length - 1);
    if (viewing === null) $("scrubber").value = history.length - 1;
    timelineSoon();
  }
  // The timeline is drawn at most four times a second: a drag's events come every frame.
  let timelinePending = false;
  function timelineSoon() {
    if (timelinePending) return;
    timelinePending = true;
    setTimeout(() => { timelinePending = false; drawTimeline(); }, 250);
  }
  function show(index) {
    const entry = history[index];
    if (!entry) return;
    renderer.draw(entry.geometry);
    device.setAttribute("data-frame", entry.frame);
    device.setAttribute("data-live", String(viewing === null));
    studio.shownFrame = entry.frame;
    if (viewing !== null) {
      $("frame").textContent = "frame " + entry.frame + " (history)";
      $("time").textContent = "t = " + entry.time.toFixed(3) + " s";
      showEngines(entry.engines);
    }
    $("live").disabled = viewing === null;
    placeCursor(entry.time);
  }
  function seek(index) {
    if (!history.length) return;
    index = Math.max(0, Math.min(history.length - 1, index));
    viewing = index === history.length - 1 ? null : index;
    $("scrubber").value = index;
    show(index);
    if (viewing === null) showEngines(studio.engines);
  }
  function indexOfFrame(frame) {
    let i = history.findIndex(h => h.frame >= frame);
    return i < 0 ? history.length - 1 : i;
  }
  studio.seek = seek;
  $("scrubber").addEventListener("input", () => seek(+$("scrubber").value));
  $("live").addEventListener("click", () => seek(history.length - 1));

  function onEvent(e) {
    if (e.subscription !== subscription) return;
    studio.events.push(e);
    if (studio.events.length > 2000) studio.events.shift();
    timelineSoon();
  }
  function span() {
    const t0 = history.length ? history[0].time : (studio.time || 0) - 60;
    const t1 = history.length ? history[history.length - 1].time : (studio.time || 0);
    return [t0, Math.max(t1, t0 + 1e-3)];
  }
  function timelineX(t) {
    const [t0, t1] = span(), width = $("timeline").clientWidth || 400;
    return 6 + (t - t0) / (t1 - t0) * (width - 12);
  }
  function drawTimeline() {
    const timeline = $("timeline");
    timeline.textContent = "";
    const [t0] = span();
    const columns = new Set();   // one tick per pixel column: its first event
    for (const e of studio.events) {
      if (e.time < t0) continue;
      const x = timelineX(e.time);
      if (columns.has(Math.round(x))) continue;
      columns.add(Math.round(x));
      const tick = document.createElementNS(NS, "line");
      for (const [k, v] of Object.entries({ "data-kind": "event", "data-frame": e.frame, x1: x, x2: x, y1: 6, y2: 30, stroke: "#0a84ff", "stroke-width": 3 })) tick.setAttribute(k, v);
      const tip = document.createElementNS(NS, "title"); tip.textContent = "frame " + e.frame + ": " + e.name + " " + JSON.stringify(e.payload);
      tick.appendChild(tip);
      tick.addEventListener("click", () => seek(indexOfFrame(e.frame)));
      timeline.appendChild(tick);
    }
    const cursor = document.createElementNS(NS, "line");
    for (const [k, v] of Object.entries({ id: "cursor", "data-kind": "cursor", y1: 0, y2: 36, stroke: "#1c1c1e" })) cursor.setAttribute(k, v);
    timeline.appendChild(cursor);
    const shown = viewing === null ? history[history.length - 1] : history[viewing];
    if (shown) placeCursor(shown.time);
  }
  function placeCursor(t) {
    const cursor = document.getElementById("cursor");
    if (cursor) { const x = timelineX(t); cursor.setAttribute("x1", x); cursor.setAttribute("x2", x); }
  }

  // ---- Time
  async function togglePause() {
    try { showClock(await call(studio.paused ? "resume" : "pause", sessionParams({}))); } catch (e) { report(e); }
  }
  async function stepFrame() {
    try { showClock(await call("step", sessionParams({ frames: 1 }))); } catch (e) { report(e); }
  }
  $("pause").addEventListener("click", togglePause);
  $("step").addEventListener("click", stepFrame);
  $("speed").addEventListener("change", async () => {
    try { await call("speed", sessionParams({ factor: parseFloat($("speed").value) })); studio.speed = parseFloat($("speed").value); } catch (e) { report(e); }
  });
  document.addEventListener("keydown", ev => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement || ev.target instanceof HTMLTextAreaElement) return;
    if (ev.key === " ") { ev.preventDefault(); togglePause(); }
    else if (ev.key === "ArrowRight") {
      ev.preventDefault();
      if (viewing !== null) seek(viewing + 1); else stepFrame();
    } else if (ev.key === "ArrowLeft") {
      ev.preventDefault();
      seek((viewing === null ? history.length - 1 : viewing) - 1);
    }
  });

  // ---- Touch: pointer events on the drawn screen become one finger's samples, with their times
  let pointer = null, awaiting = null;
  const sentMoves = [];
  const latencies = [];
  studio.latencies = latencies;
  function toWorld(ev) {
    const p = device.createSVGPoint(); p.x = ev.clientX; p.y = ev.clientY;
    const q = p.matrixTransform(device.getScreenCTM().inverse());
    // To a hundredth of a point: what the daemon gets is what a recorded spec replays.
    return { x: Math.round(q.x * 100) / 100, y: Math.round(q.y * 100) / 100 };
  }
  function sendTouch(phase, ev) {
    const at = toWorld(ev);
    if (phase === "down") { sentMoves.length = 0; awaiting = null; }
    if (phase === "move") {
      sentMoves.push(at);
      if (sentMoves.length > 1000) { sentMoves.splice(0, 500); if (awaiting) awaiting.index = Math.max(0, awaiting.index - 500); }
      if (awaiting === null) awaiting = { t: ev.timeStamp, index: sentMoves.length - 1 };
    }
    return call("touch", sessionParams({ phase: phase, x: at.x, y: at.y, time: ev.timeStamp / 1000 })).catch(report);
  }
  device.addEventListener("pointerdown", ev => {
    if (pointer) { report("one finger at a time: Detent's touches are single-finger; lift the first"); return; }
    device.setPointerCapture(ev.pointerId);
    pointer = { id: ev.pointerId };
    sendTouch("down", ev);
    ev.preventDefault();
  });
  device.addEventListener("pointermove", ev => {
    if (!pointer || ev.pointerId !== pointer.id) return;
    const samples = ev.getCoalescedEvents ? ev.getCoalescedEvents() : [ev];
    for (const sample of (samples.length ? samples : [ev])) sendTouch("move", sample);
  });
  function lift(ev, phase) {
    if (!pointer || ev.pointerId !== pointer.id) return;
    sendTouch(phase, ev);
    pointer = null;
  }
  device.addEventListener("pointerup", ev => lift(ev, "up"));
  device.addEventListener("pointercancel", ev => lift(ev, "cancel"));

  // ---- Console: eval with history and completion, values as the console prints them
  const typed = []; let typedAt = 0;
  function print(text, kind) {
    const line = document.createElement("div");
    if (kind) line.className = kind;
    line.textContent = text;
    $("transcript").appendChild(line);
    $("transcript").scrollTop = $("transcript").scrollHeight;
  }
  $("prompt").addEventListener("submit", async ev => {
    ev.preventDefault();
    const code = $("code").value;
    if (!code.trim()) return;
    typed.push(code); typedAt = typed.length;
    $("code").value = ""; $("completions").hidden = true;
    print("> " + code, "input");
    try {
      const result = await call("eval", sessionParams({ code: code, format: "console" }));
      for (const line of result.output) print(line);
      if (result.count > 0) print(result.value);
    } catch (e) { print(e.message, "error"); }
  });
  $("code").addEventListener("keydown", async ev => {
    if (ev.key === "ArrowUp" && typedAt > 0) { ev.preventDefault(); $("code").value = typed[--typedAt]; }
    else if (ev.key === "ArrowDown" && typedAt < typed.length) { ev.preventDefault(); typedAt++; $("code").value = typed[typedAt] || ""; }
    else if (ev.key === "Tab") {
      ev.preventDefault();
      const text = $("code").value, word = (text.match(/[A-Za-z_][A-Za-z0-9_.:]*$/) || [""])[0];
      try {
        const { words } = await call("complete", sessionParams({ word: word }));
        const list = $("completions"); list.textContent = "";
        if (words.length === 1) { $("code").value = text.slice(0, text.length - word.length) + words[0]; list.hidden = true; return; }
        for (const w of words) { const item = document.createElement("li"); item.textContent = w; list.appendChild(item); }
        list.hidden = words.length === 0;
      } catch (e) { report(e); }
    }
  });

  // ---- Record: the session's evals and touches into a spec (the daemon's `record`)
  let recording = false, specURL = null;
  $("record").addEventListener("click", async () => {
    try {
      if (!recording) {
        const result = await call("record", sessionParams({ action: "start", name: "studio_spec.lua" }));
        recording = true;
        showClock(result);
        print("recording from a fresh world (frame 0): evaluate and drag, then Stop", "input");
      } else {
        const result = await call("record", sessionParams({ action: "stop" }));
        recording = false;
        studio.spec = result.spec;
        $("spec").value = result.spec;
        if (specURL) URL.revokeObjectURL(specURL);
        specURL = URL.createObjectURL(new Blob([result.spec], { type: "text/x-lua" }));
        $("save-spec").href = specURL;
        $("save-spec").download = result.name;
        $("recording").hidden = false;
        print("recorded " + result.chunks + " chunks into " + result.name + (result.left_out ? " (" + result.left_out + " that raised left out as comments)" : ""), "input");
      }
      $("record").textContent = recording ? "Stop" : "Record";
      $("record").setAttribute("aria-pressed", String(recording));
    } catch (e) { report(e); }
  });

  // ---- Plots: sampled properties drawn as SVG polylines over the latest 10 s
  function makePlot(name) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("data-series", name); svg.setAttribute("viewBox", "0 0 400 120"); svg.setAttribute("preserveAspectRatio", "none");
    const title = document.createElementNS(NS, "text"); title.setAttribute("x", 4); title.setAttribute("y", 12); title.setAttribute("font-size", 11);
    title.textContent = name; svg.appendChild(title);
    const line = document.createElementNS(NS, "polyline"); line.setAttribute("fill", "none"); line.setAttribute("stroke", "#0a84ff");
    svg.appendChild(line);
    $("plot-area").appendChild(svg);
    const points = [];
    return {
      name: name, points: points,
      add(t, v) {
        if (v === null) return;
        points.push([t, v]);
        while (points.length && points[0][0] < t - 10) points.shift();
        const lo = Math.min(...points.map(p => p[1])), hi = Math.max(...points.map(p => p[1]));
        const t0 = t - 10, range = hi - lo || 1;
        line.setAttribute("points", points.map(([pt, pv]) => ((pt - t0) / 10 * 400).toFixed(1) + "," + (114 - (pv - lo) / range * 100).toFixed(1)).join(" "));
      },
    };
  }
  $("plot-add").addEventListener("click", () => {
    const name = $("plot-property").value.trim();
    if (!name || plotted.some(p => p.name === name)) return;
    plotted.push(makePlot(name));
    follow().catch(report);
  });

  connect();
})();
