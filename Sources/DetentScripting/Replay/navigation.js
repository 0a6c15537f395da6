// The navigation registration's kinds (NavigationBinding.registration): a stack's container,
// which clips its screens and bars, each screen on show, and the bar(s).
// Runs inside the frame drawing (Sources/DetentTrace/Replay/render.js: the replay's and the studio's), where
// el, text, hue, clipId, frameOf and clipTo are defined; `clip` is the element's navigation clip,
// `dev` the device's frame.
DRAWERS.navigation = function (id, e, clip, dev) {
  clipTo(id, e);
  el("navigation", "rect", Object.assign({ "data-id": id, "data-depth": e.depth, fill: "none", stroke: "#c7c7cc" }, frameOf(e)));
};
DRAWERS.screen = function (id, e, clip, dev) {
  const g = el("screen-group", "g", { "clip-path": clip });
  el("screen", "rect", Object.assign({ "data-id": id, "data-screen": e.screen, "data-appearance": e.appearance,
    fill: "hsl(" + hue(e.screen) + ", 45%, 94%)", stroke: "#8e8e93", "stroke-width": 0.5 }, frameOf(e)), g);
  text(e.title || e.screen, e.x + e.w / 2, e.y + e.safe_top + 40, { fill: "#3a3a3c" }, g);
};
DRAWERS.bar = function (id, e, clip, dev) {
  const g = el("bar-group", "g", { "clip-path": clip, opacity: e.alpha });
  el("bar", "rect", Object.assign({ "data-id": id, "data-alpha": e.alpha, fill: "#f9f9f9", stroke: "#c7c7cc", "stroke-width": 0.5 }, frameOf(e)), g);
  if (e.h > 12 && e.title) text(e.title, e.x + e.w / 2, e.y + Math.min(e.h, 44) / 2 + 5, { "font-weight": 600 }, g);
};
