// A tab container's bar (SplitBinding.tabsRegistration).
// Runs inside the frame drawing (Sources/DetentTrace/Replay/render.js: the replay's and the studio's), where
// el, text, hue, clipId, frameOf and clipTo are defined; `clip` is the element's navigation clip,
// `dev` the device's frame.
DRAWERS.tabs = function (id, e, clip, dev) {
  const g = el("tabs-group", "g", { opacity: e.alpha });
  el("tabs", "rect", Object.assign({ "data-id": id, "data-alpha": e.alpha, "data-selected": e.selected, fill: "#f9f9f9", stroke: "#c7c7cc", "stroke-width": 0.5 }, frameOf(e)), g);
  const names = e.tabs || [];
  names.forEach((n, i) => text(n, e.x + e.w * (i + 0.5) / names.length, e.y + 28, { "font-size": 11, fill: i + 1 === e.selected ? "#0a84ff" : "#8e8e93" }, g));
};
