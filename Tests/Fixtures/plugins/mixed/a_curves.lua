-- A plugin that loads: a curve given as a function (sampled once) and one as control points.
return {
  name = "fixture_curves",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    detent.register_curve("fixture_smoothstep", function(p) return p * p * (3 - 2 * p) end)
    detent.register_curve("fixture_snappy", { 0.3, 0, 0.1, 1 })
  end,
}
