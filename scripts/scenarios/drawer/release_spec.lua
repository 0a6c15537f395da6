-- Releasing the header (SPEC §6). The projection of a release at v pt/s travels
-- (v/1000)·r/(1 − r) points. Policies:
--   ultradrawer (default): nearest anchor to the projection (r = 0.99); if that lies against
--     the velocity, the next anchor in the velocity's direction — any real flick moves.
--   floatingpanel: r = 0.998, at most one anchor past the current segment, redirect at 0.5.
--   nearest: the anchor nearest where the finger left the drawer.
-- Anchors on iPhone 15: top 59, middle 426, bottom 774.
local function drawer_at_middle(policy)
  local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle", policy = policy }
  return d
end

local function landing(d)
  wait_event("drawer.settled", { timeout = 5 })
  return d.anchor
end

describe("a slow flick up from the middle (150 pt/s over 40 pt)", function()
  it("reaches the top under ultradrawer: the forced-next-anchor rule", function()
    local d = drawer_at_middle("ultradrawer")
    local v = flick("drawer.header", { velocity = -150, distance = 40 })
    assert.near(-150, v.y, 3)
    assert.are.equal("top", landing(d))
  end)

  it("falls back to the middle under floatingpanel: the projection stays under the redirect threshold", function()
    local d = drawer_at_middle("floatingpanel")
    flick("drawer.header", { velocity = -150, distance = 40 })
    assert.are.equal("middle", landing(d))
  end)

  it("falls back to the middle under nearest", function()
    local d = drawer_at_middle("nearest")
    flick("drawer.header", { velocity = -150, distance = 40 })
    assert.are.equal("middle", landing(d))
  end)
end)

describe("a fast flick up (2,000 pt/s over 60 pt)", function()
  it("reaches the top under ultradrawer and floatingpanel", function()
    local d = drawer_at_middle("ultradrawer")
    for _, policy in ipairs({ "ultradrawer", "floatingpanel" }) do
      d.policy = policy
      d:move_to("middle")
      flick("drawer.header", { velocity = -2000, distance = 60 })
      assert.are.equal("top", landing(d))
    end
  end)

  it("goes at most one anchor under floatingpanel, even from the bottom at 3,000 pt/s", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, policy = "floatingpanel" }
    flick("drawer.header", { velocity = -3000, distance = 60 })
    assert.are.equal("middle", landing(d))
  end)

  it("stays under nearest: velocity is ignored", function()
    local d = drawer_at_middle("nearest")
    flick("drawer.header", { velocity = -2000, distance = 60 })
    assert.are.equal("middle", landing(d))
  end)
end)

describe("the settling spring", function()
  it("starts with the release velocity in pt/s (not pt/ms): first settling frame within 2 %", function()
    local d = drawer_at_middle()
    local ended
    world:on("drawer.ended", function(e) ended = e end)
    local v = flick("drawer.header", { velocity = -1500, distance = 80 })
    -- flick returns on the frame the lift was delivered: the first settling frame.
    assert.are.equal("settling", d.state)
    assert.near(v.y, ended.velocity, 1e-9)                        -- the tracker's measurement …
    assert.near(v.y, d.velocity, math.abs(v.y) * 0.02)            -- … is the spring's start
    assert.is_true(math.abs(d.velocity) > 1000)                   -- a pt/ms mix-up would start at ~1.5
  end)

  it("is critically damped by default: it never overshoots its anchor", function()
    local d = drawer_at_middle()
    local tr = trace{ "drawer.origin" }
    flick("drawer.header", { velocity = -1500, distance = 80 })
    wait_idle()
    assert.series(tr["drawer.origin"]):monotonic("decreasing"):overshoot_at_most(0.5)
  end)

  it("reports the states and events in order", function()
    local d = drawer_at_middle()
    local log = {}
    for _, name in ipairs({ "drawer.began", "drawer.ended", "drawer.settled" }) do
      world:on(name, function() log[#log + 1] = name end)
    end
    local states = {}
    world:on("drawer.state_changed", function(e) states[#states + 1] = e.state .. (e.anchor and (":" .. e.anchor) or "") end)
    flick("drawer.header", { velocity = -1500, distance = 80 })
    wait_idle()
    assert.are.same({ "drawer.began", "drawer.ended", "drawer.settled" }, log)
    -- (the first is the drawer being put at the middle when it was created)
    assert.are.same({ "resting:middle", "dragging", "settling", "resting:top" }, states)
  end)
end)

describe("policies written in Lua", function()
  it("receive the release and return an anchor name or an origin", function()
    local seen
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle", policy = function(release)
      seen = release
      return release.velocity < 0 and "top" or "bottom"
    end }
    flick("drawer.header", { velocity = 400, distance = 30 })
    assert.are.equal("bottom", landing(d))
    assert.near(456, seen.origin, 1)
    assert.are.equal(3, #seen.anchors)
  end)
end)
