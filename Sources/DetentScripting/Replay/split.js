// The split view's columns (SplitBinding.splitRegistration).
// Runs inside the frame drawing (Sources/DetentTrace/Replay/render.js: the replay's and the studio's), where
// el, text, hue, clipId, frameOf and clipTo are defined; `clip` is the element's navigation clip,
// `dev` the device's frame.
DRAWERS.split = function (id, e, clip, dev) {
  el("column", "rect", { "data-id": id + ":primary", "data-column": "primary", x: e.primary[0], y: e.primary[1], width: e.primary[2], height: e.primary[3], fill: "#e5e5ea", stroke: "#c7c7cc" });
  if (e.secondary) el("column", "rect", { "data-id": id + ":secondary", "data-column": "secondary", x: e.secondary[0], y: e.secondary[1], width: e.secondary[2], height: e.secondary[3], fill: "#f2f2f7", stroke: "#c7c7cc" });
};
