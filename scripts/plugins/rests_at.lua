-- A custom assertion (SPEC §9, §12), registered as luassert's assert:register does:
--   assert.rests_at(drawer, "middle")        assert.does_not.rest_at … via is_not / no
-- The messages name the anchor wanted and where the drawer is.
return {
  name = "rests_at",
  version = "1.0",
  requires = "detent >= 0.1",
  setup = function(detent)
    detent.register_assertion("rests_at", function(state, arguments)
      local drawer, anchor = arguments[1], arguments[2]
      local moving = drawer.state == "dragging" or drawer.state == "settling"
      local where = moving and drawer.state or drawer.anchor and ("at " .. drawer.anchor)
        or ("between anchors, at " .. drawer.origin)
      -- Messages show the anchor and where the drawer is as text, not formatted values.
      arguments[1], arguments[2] = tostring(anchor), where
      arguments.n, arguments.nofmt = 2, { true, true }
      return not moving and drawer.anchor == anchor
    end, {
      positive = "Expected the drawer to rest at %s, but it is %s",
      negative = "Expected the drawer not to rest at %s, but it is %s",
    })
  end,
}
