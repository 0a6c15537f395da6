// A sheet and its dimming (SheetBinding.registration); its stack draws as a navigation.
// Runs inside the frame drawing (Sources/DetentTrace/Replay/render.js: the replay's and the studio's), where
// el, text, hue, clipId, frameOf and clipTo are defined; `clip` is the element's navigation clip,
// `dev` the device's frame.
DRAWERS.sheet = function (id, e, clip, dev) {
  el("dimming", "rect", { "data-id": id + ":dimming", x: 0, y: 0, width: dev.w, height: dev.h, fill: "#000", opacity: e.dim });
  el("sheet", "rect", Object.assign({ "data-id": id, "data-state": e.state, "data-detent": e.detent, fill: "#fff", stroke: "#8e8e93", rx: 10 }, frameOf(e)));
};
