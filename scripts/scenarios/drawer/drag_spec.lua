-- Dragging the header (SPEC §6): origin = start + translation, rubber-banded beyond the limits
-- (c = 0.55; d = |lower limit| above, screen height − upper limit below) when `bounces`,
-- clamped otherwise. Anchors on iPhone 15: top 59, middle 426, bottom 774.
local rubber_band = detent.motion.rubber_band

describe("dragging the header", function()
  it("follows the finger between the limits", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    local t = touch("drawer.header")
    t:move_by(0, -100, { duration = 0.2 })
    assert.are.equal("dragging", d.state)
    assert.are.equal(326, d.origin)
    t:hold(0.1)
    t:up()
  end)

  it("rubber-bands above the top anchor, with d = the top anchor's origin", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "top" }
    local t = touch("drawer.header")
    t:move_by(0, -100, { duration = 0.2 })
    assert.near(59 - rubber_band(100, 59), d.origin, 1e-9)
    t:hold(0.1)
    t:up()
    wait_idle()
    assert.are.equal("top", d.anchor)                 -- and springs back
  end)

  it("rubber-bands below the bottom anchor, with d = screen height − bottom anchor", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
    local t = touch("drawer.header")
    t:move_by(0, 50, { duration = 0.2 })
    assert.near(774 + rubber_band(50, 852 - 774), d.origin, 1e-9)
    t:hold(0.1)
    t:up()
  end)

  it("clamps instead when bounces is off", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "top", bounces = false }
    local t = touch("drawer.header")
    t:move_by(0, -100, { duration = 0.2 })
    assert.are.equal(59, d.origin)
    t:hold(0.1)
    t:up()
  end)
end)

describe("a touch while the drawer settles", function()
  it("stops the spring where it is and the drag continues from there", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
    d:animate_to("top")
    wait(0.1)
    local caught_at = d.origin
    local t = touch(196, caught_at + 22)               -- on the header, wherever it is now
    wait_frames(1)
    assert.are.equal("dragging", d.state)
    assert.is_true(d.interrupted_velocity < -100)      -- it was moving up fast when caught
    local held = d.origin
    t:move_by(0, 30, { duration = 0.1 })
    assert.near(held + 30, d.origin, 1e-9)
    t:hold(0.1)
    t:up()
  end)
end)

describe("changing anchors while settling", function()
  it("retargets the spring with position and velocity continuous", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
    local tr = trace{ "drawer.origin", "drawer.velocity" }
    d:animate_to("middle")
    wait(0.1)
    local origin, velocity = d.origin, d.velocity
    d:set_anchors{ { name = "top", state = "top" }, { name = "middle", fraction = 0.7 }, { name = "bottom", state = "bottom" } }
    assert.are.equal(origin, d.origin)
    assert.near(velocity, d.velocity, 1e-9)
    wait_idle()
    assert.are.equal("middle", d.anchor)
    assert.near(852 * 0.3, d.origin, 1e-9)
    assert.series(tr["drawer.origin"]):max_step(40)
  end)
end)
