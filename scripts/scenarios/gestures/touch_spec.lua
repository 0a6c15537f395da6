-- Touches (SPEC §8): a finger is a sequence of samples at the device's touch rate, delivered
-- at the start of each tick. Release velocity is what the velocity tracker measured — a
-- script shapes the path, it never injects a velocity.
describe("touches", function()
  it("sample at the device's touch rate and arrive on the next frame", function()
    local t = touch(100, 400)
    assert.are.equal(0, world.frame)           -- scheduled, not yet delivered
    wait_frames(1)
    assert.are.equal("began", t.phase)
    t:move_to(100, 200, { duration = 0.25 })   -- 15 samples at 60 Hz, from now
    assert.are.equal(200, t.y)
    assert.near(1 / 60 + 0.25, world.time, 1e-9)
    t:up()
    assert.are.equal("ended", t.phase)
  end)

  it("measure a flick's velocity from the path (LSQ2 tracker)", function()
    local v = flick({ x = 200, y = 600 }, { velocity = -1500, distance = 150 })
    assert.near(-1500, v.y, 15)                -- within 1 %
    assert.near(0, v.x, 1e-6)
  end)

  it("measure the same flick on a 120 Hz device with 120 Hz samples", function()
    detent.world{ device = "iPhone 15 Pro" }
    local v = flick({ x = 200, y = 600 }, { velocity = 2400, distance = 200 })
    assert.near(2400, v.y, 24)
  end)

  it("measure the same flick when frames come late: the lift is scheduled with the stroke", function()
    -- Every delivered frame is followed by six dropped ones (117 ms a frame): a gesture that
    -- waited for its last sample before scheduling the lift would lift after a 100 ms rest
    -- and measure nothing, as a live world on a loaded machine did.
    world:jank{ every = 1, drop = 6 }
    local v = flick({ x = 200, y = 600 }, { velocity = -1500, distance = 150 })
    assert.near(-1500, v.y, 15)
    local d = drag({ x = 10, y = 700 }, { by = { 0, -300 }, duration = 0.3 })
    assert.near(-1000, d.y, 10)
    world:jank(nil)
  end)

  it("land a drawer flick on the anchor it lands on without jank", function()
    local function landing(jank)
      detent.world{}
      local drawer = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
      if jank then world:jank{ every = 1, drop = 6 } end
      flick("drawer.header", { velocity = -2000, distance = 60 })
      wait_idle()
      return drawer.anchor, drawer.release_velocity
    end
    local smooth, v_smooth = landing(false)
    local janky, v_janky = landing(true)
    assert.are.equal("top", smooth)
    assert.are.equal(smooth, janky)
    assert.near(v_smooth, v_janky, 1e-9)
  end)

  it("report no velocity after the finger rests more than 40 ms before lifting", function()
    local t = touch(50, 50)
    t:move_by(0, 300, { duration = 0.2 })
    t:hold(0.1)
    local v = t:up()
    assert.are.equal(0, v.y)
  end)

  it("emit touch.began and touch.ended with the measured velocity", function()
    local ended
    world:on("touch.ended", function(e) ended = e end)
    local v = drag({ x = 10, y = 700 }, { by = { 0, -300 }, duration = 0.3 })
    assert.is_table(ended)
    assert.are.equal(v.y, ended.vy)
    assert.near(-1000, v.y, 10)
  end)

  it("name the ways to give a target when it is wrong", function()
    assert.has_error(function() tap(42) end,
      "tap: a target is a part name like \"navigation.back_button\" or a point {x =, y =}")
    assert.has_error(function() tap("navigation.back_button") end,
      "unknown target 'navigation.back_button' (no engine in this world has named parts)")
  end)
end)
