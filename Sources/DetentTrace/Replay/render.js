"use strict";
// The SVG drawing of one frame, shared by `detent show-trace`'s replay and Detent Studio's live
// page: `state` maps element ids to the elements TraceGeometry describes (kind, frame in window
// points x/y/w/h, drawing order z, fields of the engine's own). Every drawn node carries
// `data-kind` and `data-id`, so a test reads the geometry from the DOM.
window.DetentRender = function (device, scene, clips) {
  const NS = "http://www.w3.org/2000/svg";
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
  // A clip path named after element `id`, the element's frame: what is drawn inside it
  // (a navigation's screens, a pager's pages) uses "url(#" + clipId(id) + ")".
  function clipTo(id, e) {
    const path = document.createElementNS(NS, "clipPath");
    path.setAttribute("id", clipId(id));
    const r = document.createElementNS(NS, "rect");
    for (const [k, v] of Object.entries(frameOf(e))) r.setAttribute(k, v);
    path.appendChild(r); clips.appendChild(path);
  }

  // How each engine's elements are drawn, by kind: each registration's script
  // (EngineRegistration.replayScript) adds its own, in place of the line below.
  const DRAWERS = {};
  /*@engine-drawers@*/

  function draw(state) {
    scene.textContent = ""; clips.textContent = "";
    const elements = Object.entries(state).sort((a, b) => a[1].z - b[1].z);
    const dev = state.device || { w: 390, h: 844 };
    device.setAttribute("viewBox", "0 0 " + dev.w + " " + dev.h);
    for (const [id, e] of elements) {
      const clip = e.navigation && state["navigation:" + e.navigation] ? "url(#" + clipId("navigation:" + e.navigation) + ")" : null;
      if (e.kind === "device") {
        el("device", "rect", Object.assign({ "data-id": id, fill: "#f2f2f7" }, frameOf(e)));
      } else if (e.kind === "touch") {
        el("touch", "circle", { "data-id": id, "data-x": e.x, "data-y": e.y, cx: e.x, cy: e.y, r: 16, fill: "#ff9f0a", opacity: 0.6, stroke: "#c93400" });
      } else if (DRAWERS[e.kind]) {
        DRAWERS[e.kind](id, e, clip, dev);
      }
    }
  }

  return { draw: draw };
};
