-- Timing curves by name (SPEC §2, §12): one as a function, one as Bézier control points.
-- After this plugin loads, `world:animate{curve = "back_out"}`, `drag(..., {curve =
-- "emphasized_decelerate"})` and `detent.motion.curve("back_out", t)` work like the
-- built-in names.
return {
  name = "curves",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    -- Material 3's "emphasized decelerate" motion token: cubic-bezier(0.05, 0.7, 0.1, 1.0)
    -- (m3.material.io, Motion › Easing and duration › Tokens).
    detent.register_curve("emphasized_decelerate", { 0.05, 0.7, 0.1, 1.0 })

    -- "easeOutBack" of Robert Penner's easing equations (easings.net): overshoots by about
    -- 10 % and settles. A function curve is sampled once at 513 points when the plugin
    -- loads, so animations never call back into Lua.
    local c1 = 1.70158
    local c3 = c1 + 1
    detent.register_curve("back_out", function(p)
      return 1 + c3 * (p - 1) ^ 3 + c1 * (p - 1) ^ 2
    end)
  end,
}
