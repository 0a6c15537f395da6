// A pager (PagerBinding.registration): its frame, clipping the pages laid side by side and
// moved by the offset, and a page indicator.
// Runs inside the frame drawing (Sources/DetentTrace/Replay/render.js: the replay's and the studio's), where
// el, text, hue, clipId, frameOf and clipTo are defined; `clip` is the element's navigation clip,
// `dev` the device's frame.
DRAWERS.pager = function (id, e, clip, dev) {
  clipTo(id, e);
  el("pager", "rect", Object.assign({ "data-id": id, "data-page": e.page, "data-state": e.state, "data-offset": e.offset, fill: "none", stroke: "#c7c7cc" }, frameOf(e)));
  const g = el("pager-pages", "g", { "clip-path": "url(#" + clipId(id) + ")" });
  for (let i = 0; i < e.pages; i++) {
    const x = e.x + i * (e.page_w + e.spacing) - e.offset;
    el("page", "rect", { "data-id": id + ":" + (i + 1), "data-page": i + 1, x: x, y: e.y, width: e.page_w, height: e.h,
      fill: "hsl(" + (i * 47 % 360) + ", 45%, 90%)", stroke: "#8e8e93", "stroke-width": 0.5, rx: 12 }, g);
    text(String(i + 1), x + e.page_w / 2, e.y + e.h / 2, { fill: "#3a3a3c", "font-size": 28 }, g);
  }
  for (let i = 0; i < e.pages && e.pages <= 40; i++) {
    el("page-dot", "circle", { cx: e.x + e.w / 2 + (i - (e.pages - 1) / 2) * 14, cy: e.y + e.h - 14, r: 4,
      fill: i + 1 === e.page ? "#1c1c1e" : "#aeaeb2" });
  }
};
