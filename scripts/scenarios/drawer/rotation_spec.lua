-- The drawer follows rotation and iPad multitasking resizes (rotate, resize). Anchors declared
-- from the bottom, as fractions, as `fit` or as named states are resolved again for the new
-- window, with the device's safe insets for the new orientation, and so are the limits and the
-- rubber band below the upper limit (d = screen height − upper). On iPhone 15 in landscape
-- (852×393, insets top 0, bottom 21): top 0, middle 196.5, bottom 393 − (44 + 21) = 328.
--
-- Like UIKit's relayout on rotation, nothing animates: a drawer resting at an anchor is at the
-- anchor's new origin at once (`drawer.changed` reports the move; the state stays resting); a
-- settling drawer's spring is retargeted to its anchor's new origin, position and velocity
-- continuous; a dragged drawer stays under the finger, clamped into the new limits.
local rubber_band = detent.motion.rubber_band

describe("rotating a drawer", function()
  it("keeps a resting drawer at its anchor, moved to the anchor's new origin at once", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    local changed = {}
    world:on("drawer.changed", function(e) changed[#changed + 1] = e.origin end)
    rotate("landscape")
    assert.are.equal(196.5, d.origin)
    assert.are.equal("resting", d.state)
    assert.are.equal("middle", d.anchor)
    assert.are.same({ lower = 0, upper = 328 }, d.limits)
    wait_frames(1)
    assert.are.same({ 196.5 }, changed)
    rotate("portrait")
    assert.are.equal(426, d.origin)
    assert.are.same({ lower = 59, upper = 774 }, d.limits)
  end)

  it("resolves anchors from the bottom, fractions and fit again; anchors from the top stay", function()
    local d = world:drawer{ content_height = 200, at = "low", anchors = {
      { name = "fit", fit = true }, { name = "high", top = 100 }, { name = "half", fraction = 0.5 }, { name = "low", bottom = 80 },
    } }
    assert.are.equal(852 - 80, d.origin)
    rotate("landscape")
    assert.are.equal(393 - 80, d.origin)
    assert.are.equal(393 - (44 + 200), d:anchor_origin("fit"))
    assert.are.equal(100, d:anchor_origin("high"))
    assert.are.equal(393 * 0.5, d:anchor_origin("half"))
  end)

  it("retargets a settling drawer to its anchor's new origin without a jump", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    d:animate_to("middle")
    wait(0.1)
    local origin, velocity = d.origin, d.velocity
    assert.is_true(velocity < -100)
    rotate("landscape")
    assert.are.equal(origin, d.origin)                 -- position continuous
    assert.are.equal(velocity, d.velocity)             -- velocity continuous
    assert.are.equal("settling", d.state)
    local settled = wait_event("drawer.settled")
    assert.are.equal("middle", settled.anchor)
    assert.are.equal(196.5, d.origin)
  end)

  it("keeps a dragged drawer under the finger, rubber-banding over the new d below the bottom anchor", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    local t = touch("drawer.header")                   -- y = 426 + 22
    t:move_by(0, -100, { duration = 0.2 })
    assert.are.equal(326, d.origin)
    rotate("landscape")
    assert.are.equal(326, d.origin)                    -- inside 0…328: where the finger is
    t:move_by(0, -30, { duration = 0.1 })
    assert.are.equal(296, d.origin)                    -- one point per point
    t:move_by(0, 52, { duration = 0.1 })               -- 32 to the bottom anchor, 20 past it
    assert.near(328 + rubber_band(20, 393 - 328), d.origin, 1e-9)
    t:hold(0.1)
    t:up()
    wait_idle()
    assert.are.equal("bottom", d.anchor)
    assert.are.equal(328, d.origin)
  end)
end)

describe("resizing an iPad window with a drawer", function()
  it("takes the window's width; the height and the anchors stay", function()
    detent.world{ device = "iPad Pro 11-inch", orientation = "portrait" }
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    resize{ width = 504 }                              -- 2/3 in portrait
    assert.are.equal(1194 / 2, d.origin)
    local t = touch("drawer.header")                   -- located at the window's centre
    local began = wait_event("touch.began")
    assert.are.equal(504 / 2, began.x)
    assert.are.equal("header", began.part)
    t:move_by(0, -50, { duration = 0.1 })
    assert.are.equal(1194 / 2 - 50, d.origin)
    t:hold(0.1)
    t:up()
  end)
end)
