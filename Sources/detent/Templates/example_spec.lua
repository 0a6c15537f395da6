-- An example to copy: a pull-up drawer with three anchors, flicked by a finger. Each `it`
-- gets a fresh world (detent.toml: [run] default_device) at virtual time 0; `wait` and the
-- gestures advance virtual time, so this runs in milliseconds and the same way every time.
-- Units: points (y grows downwards), seconds, points per second.

describe("a pull-up drawer", function()
  local drawer

  before_each(function()
    drawer = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
  end)

  it("lands on the top after a fast flick up from the middle", function()
    drawer:move_to("middle")                  -- jumps there (animate_to would settle)
    local velocity = flick("drawer.header", { velocity = -2000, distance = 60 })
    assert.near(-2000, velocity.y, 50)        -- what the velocity tracker measured
    wait_event("drawer.settled", { timeout = 5 })
    assert.are.equal("top", drawer.anchor)
  end)

  it("moves one anchor on after a slow flick: a real flick never falls back", function()
    flick("drawer.header", { velocity = -150, distance = 40 })
    wait_event("drawer.settled", { timeout = 5 })
    assert.are.equal("middle", drawer.anchor)
  end)

  it("settles without overshooting its anchor", function()
    local samples = trace{ "drawer.origin" }   -- the drawer's top edge, every frame
    drawer:animate_to("middle")
    wait_event("drawer.settled", { timeout = 5 })
    assert.are.equal("middle", drawer.anchor)
    assert.series(samples["drawer.origin"]):monotonic("decreasing")
  end)
end)
