-- A per-frame invariant (SPEC §4, §12): content stays attached to the navigation bar while
-- the bar changes height. This is the bug the seed article on the custom bar transition
-- fixes: without the compensation, a pushed screen whose bar is taller appears with its
-- content already under the final bar — a jump of the whole height difference in one frame.
--
-- Two checks, per navigation stack:
--  * a screen whose content appears while the stack is on screen starts where the bar's
--    bottom is now (the gap between content and bar measured at rest, plus the bar height);
--  * no screen's content moves more in one frame than the bar itself did.
-- The gap is measured once a stack has rested a frame, so the first check starts then.
-- It checks only tests tagged #bar (a check every frame of every test would cost every run).
-- A spec that means to show the jump turns it off: detent.disable_invariant("no_content_jump").
local TOLERANCE = 1.0   -- points

return {
  name = "bar_jump_guard",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    local last_world, previous, gap_at_rest = nil, {}, {}
    detent.register_invariant("no_content_jump", function(world)
      if world ~= last_world then last_world, previous, gap_at_rest = world, {}, {} end
      local now = {}
      for _, name in ipairs(world:properties()) do
        if name:find("%.bar_height$") or name:find("%.content_top$") then now[name] = world:property(name) end
      end
      local problem
      for name, top in pairs(now) do
        local nav = name:match("^(.-)%.screen%..-%.content_top$")
        local bar, bar_before = nav and now[nav .. ".bar_height"], nav and previous[nav .. ".bar_height"]
        -- The first frame a stack is seen counts as at rest: its content sits under its bar.
        if bar and not bar_before and not gap_at_rest[nav] then gap_at_rest[nav] = top - bar end
        if bar and bar_before then
          local bar_step = math.abs(bar - bar_before)
          if previous[name] == nil then
            local gap = gap_at_rest[nav]
            if gap and math.abs(top - (gap + bar)) > TOLERANCE then
              problem = string.format("%s appeared %.1f pt away from the bar's bottom (content top %.1f, bar bottom %.1f)",
                name, math.abs(top - (gap + bar)), top, gap + bar)
            end
          elseif math.abs(top - previous[name]) > bar_step + TOLERANCE then
            problem = string.format("%s moved %.1f pt in one frame while the bar moved %.1f pt", name, math.abs(top - previous[name]), bar_step)
          end
          if bar_step == 0 and previous[name] == top then gap_at_rest[nav] = top - bar end
        end
      end
      previous = now
      return problem == nil, problem
    end, { tags = { "bar" } })
  end,
}
