// A drawer with its anchors, header and grabber (DrawerBinding.registration).
// Runs inside the frame drawing (Sources/DetentTrace/Replay/render.js: the replay's and the studio's), where
// el, text, hue, clipId, frameOf and clipTo are defined; `clip` is the element's navigation clip,
// `dev` the device's frame.
DRAWERS.drawer = function (id, e, clip, dev) {
  for (const [anchor, y] of e.anchors || []) {
    el("anchor", "line", { "data-id": id + ":" + anchor, "data-anchor": anchor, x1: 0, x2: e.w, y1: y, y2: y, stroke: "#0a84ff", "stroke-dasharray": "6 4", opacity: 0.6 });
    text(anchor, e.w - 4, y - 4, { "text-anchor": "end", "font-size": 11, fill: "#0a84ff" });
  }
  el("drawer", "rect", Object.assign({ "data-id": id, "data-state": e.state, "data-anchor": e.anchor, fill: "#fff", "fill-opacity": 0.92, stroke: "#636366", rx: 12 }, frameOf(e)));
  el("drawer-header", "rect", { "data-id": id + ":header", x: e.x, y: e.y, width: e.w, height: e.header, fill: "#ececf1", rx: 12 });
  el("grabber", "rect", { x: e.x + e.w / 2 - 18, y: e.y + 6, width: 36, height: 5, rx: 2.5, fill: "#aeaeb2" });
};
