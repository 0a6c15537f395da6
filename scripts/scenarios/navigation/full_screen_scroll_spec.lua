-- A scrollable screen shown full screen scrolls by touch like a UIScrollView (SPEC §8's
-- "content" layer): the offset follows the finger, rubber-bands past either edge (c = 0.55,
-- d = the viewport) and springs back, and a flick keeps its momentum at UIScrollView's
-- `normal` rate, 0.998 per ms, coming to rest at the offset + (v/1000)·r/(1 − r) or at the
-- content's end. Read it as `navigation.content_offset` (and `navigation.content_velocity`).
--
-- On iPhone 15 in portrait the viewport is 852 − (59 + 44) − 34 = 715 pt: below the status
-- bar and the navigation bar, above the home indicator. 3,000 pt of content end at 2,285.
local rubber_band = detent.motion.rubber_band
local viewport, content_end = 715, 3000 - 715

local function offset() return world:property("navigation.content_offset") end

local function feed()
  return world:navigation{ screens = { world:screen{ id = "feed", title = "Feed", content_height = 3000 } } }
end

describe("a full-screen scrollable screen", function()
  it("follows the finger one point per point", function()
    feed()
    local t = touch(196, 600)
    local began = wait_event("touch.began")
    assert.are.equal("content", began.part)
    t:move_by(0, -200, { duration = 0.3 })
    assert.are.equal(200, offset())
    t:hold(0.1)
    t:up()                                             -- at rest: no momentum
    wait_idle()
    assert.are.equal(200, offset())
  end)

  it("keeps a flick's momentum, decelerating to the projection at 0.998 per ms", function()
    feed()
    local tr = trace{ "navigation.content_offset", "navigation.content_velocity" }
    local v = flick({ x = 196, y = 600 }, { velocity = -1000, distance = 60 })
    local released_at = offset()
    assert.near(60, released_at, 1e-9)
    wait_idle()
    assert.near(released_at + (-v.y / 1000) * 0.998 / (1 - 0.998), offset(), 1e-6)
    -- After the release the content moves every frame, ever slower.
    local speeds = tr["navigation.content_velocity"].values
    local first = nil
    for i = 1, #speeds do if speeds[i] > 0 then first = i break end end
    assert.is_true(first ~= nil, "the content never moved on its own")
    assert.near(-v.y, speeds[first], -v.y * 0.05)      -- starts at the release velocity
    for i = first + 1, #speeds do
      assert.is_true(speeds[i] <= speeds[i - 1], "faster at sample " .. i)
    end
    assert.are.equal(0, speeds[#speeds])
  end)

  it("stops at the content's end", function()
    feed()
    flick({ x = 196, y = 600 }, { velocity = -5000, distance = 100 })   -- projects 2,495 pt
    wait_idle()
    assert.are.equal(content_end, offset())
  end)

  it("rubber-bands past its top over the viewport and springs back", function()
    feed()
    local t = touch(196, 300)
    t:move_by(0, 100, { duration = 0.2 })
    assert.near(-rubber_band(100, viewport), offset(), 1e-9)
    t:hold(0.1)
    t:up()
    wait_idle()
    assert.are.equal(0, offset())
  end)

  it("stops under a finger that catches it", function()
    feed()
    flick({ x = 196, y = 600 }, { velocity = -2000, distance = 60 })
    wait(0.1)
    local t = touch(196, 600)
    wait_event("touch.began")
    local caught = offset()
    assert.is_true(caught > 60, "the flick carried it on")
    wait(0.2)
    assert.are.equal(caught, offset())
    t:up()
  end)

  it("leaves the navigation bar and the edge swipe to the navigation", function()
    local nav = feed()
    nav:push(world:screen{ id = "detail", content_height = 3000 }, false)
    edge_swipe{ progress = 0.8 }
    wait_idle()
    assert.are.equal(1, nav.depth)
    assert.are.equal(0, offset())
  end)
end)

describe("the drawer's content at its top anchor", function()
  -- Already scrolled by the drawer (ScrollHandOff and its content momentum): proof here.
  it("follows the finger and decelerates", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "top", content_height = 3000 }
    local v = flick("drawer.content", { velocity = -1000, distance = 60 })
    assert.are.equal(59, d.origin)
    local released_at = d.content_offset
    assert.near(60, released_at, 1e-9)
    wait(0.1)
    local early = d.content_offset
    wait_idle()
    assert.is_true(early > released_at and d.content_offset > early)
    assert.near(released_at + (-v.y / 1000) * 0.998 / (1 - 0.998), d.content_offset, 1e-6)
  end)
end)
