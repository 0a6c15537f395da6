-- A target-selection policy (SPEC §6, §12): Material's bottom sheet. Android's
-- BottomSheetBehavior (Material Components, onViewReleased) does not project a flick: a
-- release faster than its significant-velocity threshold of 500 dp/s goes to the next state
-- in the direction of the flick; anything slower settles on the state nearest to where the
-- finger let go. Registered as "material", usable by drawers and sheets alike:
--   world:drawer{ anchors = {...}, policy = "material" }
local SIGNIFICANT_VELOCITY = 500   -- pt/s (500 dp/s in BottomSheetBehavior; 1 dp ≈ 1 pt)

return {
  name = "material_policy",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    detent.register_policy("material", function(release)
      local anchors, origin, v = release.anchors, release.origin, release.velocity
      if math.abs(v) > SIGNIFICANT_VELOCITY then
        -- Anchors are sorted by origin, top first; velocity is positive downwards.
        if v < 0 then
          for i = #anchors, 1, -1 do
            if anchors[i].origin < origin - 0.5 then return anchors[i].name end
          end
          return anchors[1].name
        end
        for i = 1, #anchors do
          if anchors[i].origin > origin + 0.5 then return anchors[i].name end
        end
        return anchors[#anchors].name
      end
      local nearest = anchors[1]
      for _, a in ipairs(anchors) do
        if math.abs(a.origin - origin) < math.abs(nearest.origin - origin) then nearest = a end
      end
      return nearest.name
    end)
  end,
}
