-- A pull-up drawer (SPEC §6, the seed article's UltraDrawerView). Anchors are origins — the
-- y of the drawer's top. On iPhone 15 (852 pt tall, safe insets 59/34, header 44 pt):
--   top = 59 (the safe top), middle = 426 (half the screen), bottom = 852 − (44 + 34) = 774.
describe("drawer anchors", function()
  it("resolve named states against the screen and the header", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
    assert.are.same({ { name = "top", origin = 59 }, { name = "middle", origin = 426 }, { name = "bottom", origin = 774 } }, d.anchors)
    assert.are.same({ lower = 59, upper = 774 }, d.limits)
    assert.are.equal("bottom", d.anchor)               -- starts at the largest origin unless `at` says
    assert.are.equal("resting", d.state)
  end)

  it("can be points from the top or bottom, a fraction of the screen, or fit the content", function()
    local d = world:drawer{ content_height = 300, header = 60, at = "peek", anchors = {
      { name = "full", top = 100 }, { name = "peek", bottom = 120 }, { name = "third", fraction = 1 / 3 }, { name = "fit", fit = true },
    } }
    local origins = {}
    for _, a in ipairs(d.anchors) do origins[a.name] = a.origin end
    assert.are.equal(100, origins.full)
    assert.are.equal(852 - 120, origins.peek)
    assert.near(852 * 2 / 3, origins.third, 1e-9)
    assert.are.equal(852 - (300 + 60), origins.fit)   -- header and all the content show
    assert.are.equal("peek", d.anchor)
  end)

  it("names the valid states when one is unknown", function()
    assert.has_error(function() world:drawer{ anchors = { "top", "halfway" } } end,
      "unknown anchor state 'halfway' (expected one of: top, middle, bottom, dismissed)")
  end)

  it("move_to jumps, animate_to settles with the spring", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
    d:move_to("middle")
    assert.are.equal(426, d.origin)
    d:animate_to("top")
    assert.are.equal("settling", d.state)
    wait_event("drawer.settled")
    assert.are.equal(59, d.origin)
    assert.are.equal("top", d.anchor)
  end)
end)
