-- A per-frame invariant that compares each frame with the one before (SPEC §12): in a test
-- tagged #steady, nothing it watches moves more than MAX_STEP points between two frames — a
-- jump a user would see as a flicker (a drawer snapping to its anchor instead of springing, a
-- page skipping). `watch` names the properties; `motion` carries their values now and on the
-- frame before (`previous` is empty on the first frame, and a property of an engine the world
-- does not have is nil).
local MAX_STEP = 80   -- points per frame: a fast flick at 60 Hz moves about 50

return {
  name = "step_guard",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    detent.register_invariant("no_step_above_80pt", function(world, motion)
      for property, now in pairs(motion.current) do
        local before = motion.previous[property]
        if before ~= nil and math.abs(now - before) > MAX_STEP then
          return false, string.format("%s moved %.1f pt in one frame (%.1f → %.1f, dt %.4f s); at most %d pt expected",
            property, math.abs(now - before), before, now, motion.dt, MAX_STEP)
        end
      end
      return true
    end, { tags = { "#steady" }, watch = { "drawer.origin", "sheet.height", "pager.offset" } })
  end,
}
