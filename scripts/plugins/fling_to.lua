-- A gesture macro (SPEC §12): fling_to(drawer, anchor) flicks a drawer's header with just the
-- velocity whose projection lands on the anchor, so a spec can say where a flick should go
-- instead of guessing a speed.
--
-- UIScrollView-style projection: a release at v pt/s, decelerating at rate r per ms, travels
-- v / 1000 · r / (1 − r) points (WWDC 2018 "Designing Fluid Interfaces"; r = 0.99 "fast" is
-- the drawer's default, config/engine.toml [drawer] deceleration_rate). Solving for v:
--   v = travel · 1000 · (1 − r) / r
return {
  name = "fling_to",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    detent.register_gesture("fling_to", function(drawer, anchor, opts)
      opts = opts or {}
      local target
      for _, a in ipairs(drawer.anchors) do
        if a.name == anchor then target = a.origin end
      end
      if target == nil then error("fling_to: the drawer has no anchor named " .. tostring(anchor), 2) end
      local rate = opts.rate or 0.99
      local travel = target - drawer.origin
      if travel == 0 then return 0 end
      local velocity = travel * 1000 * (1 - rate) / rate
      -- The stroke itself covers a little of the way; 40 pt is short enough to matter little.
      return flick(drawer.name .. ".header", { velocity = velocity, distance = opts.distance or 40 })
    end)
  end,
}
