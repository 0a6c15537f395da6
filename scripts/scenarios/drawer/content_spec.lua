-- The content scroll hand-off (SPEC §6, the seed's exact rules). While a finger drags the
-- content, with diff = previous offset − new offset:
--   diff < 0 (scrolling on), offset > −inset.top and origin > lower limit → the drawer moves up
--     by the drag and the content keeps its offset;
--   diff > 0 (pulling back), offset < −inset.top and origin < upper limit → the drawer moves
--     down and the offset resets to −inset.top;
--   otherwise the content scrolls. Content drags never rubber-band the drawer.
describe("the content hand-off", function()
  local function setup()
    return world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle", content_height = 2000 }
  end

  it("moves the drawer up first, then scrolls the content once the drawer is at the top", function()
    local d = setup()
    local t = touch("drawer.content")
    t:move_by(0, -200, { duration = 0.3 })
    assert.are.equal(226, d.origin)                    -- 426 − 200
    assert.are.equal(0, d.content_offset)              -- kept
    t:move_by(0, -300, { duration = 0.3 })             -- 18 samples of 16.67 pt at 60 Hz
    assert.are.equal(59, d.origin)                     -- clamped at the top: no rubber band
    -- 10 samples carry the drawer to 59.33; the 11th is clamped at 59 with the offset kept
    -- (the seed's rule, so it is absorbed); the last 7 scroll the content: 7 × 16.67.
    assert.near(7 * 300 / 18, d.content_offset, 1e-9)
    t:hold(0.1)
    t:up()
  end)

  it("scrolls the content back to its top before the drawer moves down", function()
    local d = setup()
    d:move_to("top")
    d.content_offset = 100
    local t = touch("drawer.content")
    t:move_by(0, 150, { duration = 0.3 })
    assert.are.equal(0, d.content_offset)              -- reset to −inset.top
    assert.near(59 + 50, d.origin, 1e-9)               -- the remaining 50 pt moved the drawer
    t:hold(0.1)
    t:up()
  end)

  it("never moves the origin and the content offset for the same finger movement", function()
    local d = setup()
    d:move_to("top")
    d.content_offset = 60
    local tr = trace{ "drawer.origin", "drawer.content_offset" }
    local t = touch("drawer.content")
    t:move_by(0, 200, { duration = 0.5 })
    t:move_by(0, -250, { duration = 0.5 })
    t:hold(0.1)
    t:up()
    -- iPhone 15 samples touches at 60 Hz, one per frame: so per frame, as per movement,
    -- exactly one of the two may change.
    local origin, offset = tr["drawer.origin"].values, tr["drawer.content_offset"].values
    local moved_drawer, moved_content = 0, 0
    for i = 2, #origin do
      local o, c = origin[i] ~= origin[i - 1], offset[i] ~= offset[i - 1]
      assert.is_false(o and c, "origin and offset both moved at frame " .. tr["drawer.origin"].frames[i])
      if o then moved_drawer = moved_drawer + 1 end
      if c then moved_content = moved_content + 1 end
    end
    assert.is_true(moved_drawer > 0 and moved_content > 0)   -- both rules were exercised
  end)

  it("settles with the release velocity when released strictly between the limits", function()
    local d = setup()
    local v = flick("drawer.content", { velocity = -1200, distance = 60 })
    assert.are.equal("settling", d.state)
    assert.near(v.y, d.velocity, math.abs(v.y) * 0.02)
    wait_idle()
    assert.are.equal("top", d.anchor)
  end)
end)

describe("content momentum (UIScrollView deceleration, rate 0.998 per ms)", function()
  it("keeps a flick's momentum at the top anchor: the content rests at its offset + (v/1000)·r/(1 − r)", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "top", content_height = 3000 }
    local v = flick("drawer.content", { velocity = -1000, distance = 60 })
    local released_at = d.content_offset
    assert.are.equal("resting", d.state)
    wait_idle()
    assert.near(released_at + (-v.y / 1000) * 0.998 / (1 - 0.998), d.content_offset, 1e-6)
    assert.are.equal(59, d.origin)
  end)

  it("stops at the content's top when flicked back down", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "top", content_height = 3000 }
    d.content_offset = 100
    flick("drawer.content", { velocity = 2000, distance = 40 })
    wait_idle()
    assert.are.equal(0, d.content_offset)
    assert.are.equal(59, d.origin)
  end)

  it("is stopped by a finger on the content", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "top", content_height = 3000 }
    flick("drawer.content", { velocity = -1500, distance = 60 })
    wait(0.1)
    local t = touch("drawer.content")
    wait_frames(2)
    local held = d.content_offset
    wait(0.2)
    assert.are.equal(held, d.content_offset)
    t:up()
  end)
end)
