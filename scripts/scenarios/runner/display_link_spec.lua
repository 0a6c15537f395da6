-- The display link (SPEC §1): 60 Hz, 120 Hz and ProMotion ranges; dropped frames appear as a
-- timestamp gap that is a whole multiple of the frame duration, and animations stay correct
-- because they are functions of time, not of frame count.
describe("the display link", function()
  it("ticks at 120 Hz on a 120 Hz device", function()
    local w = detent.world{ device = "iPhone 15 Pro" }
    assert.are.equal(w, world)               -- detent.world makes the test's world
    wait(1)
    assert.are.equal(120, world.frame)
  end)

  it("reports each tick as CADisplayLink does: timestamp, target_timestamp, duration", function()
    assert.is_nil(world.tick)                 -- no frame yet
    wait_frames(1)
    local first = world.tick
    assert.are.equal(1, first.frame)
    assert.are.equal(0, first.timestamp)      -- when the last frame was shown
    assert.near(1 / 60, first.target_timestamp, 1e-9)  -- when this frame will be shown
    assert.near(1 / 60, first.duration, 1e-8)
    assert.are.equal(world.time, first.target_timestamp)
    drop_frames(2)
    wait_frames(1)
    -- A drop shows as a timestamp gap of (dropped + 1) frame durations.
    assert.are.equal(2, world.tick.dropped)
    assert.near(3 / 60, world.tick.timestamp - first.timestamp, 1e-8)
  end)

  it("drops frames without changing where animations are at a given time", function()
    local a = world:animate{ from = 0, to = 600, duration = 1, curve = "linear" }
    wait_frames(10)
    drop_frames(5)
    wait_frames(1)
    -- 10 frames, 5 dropped, 1 delivered: 16 frame periods = 16/60 s.
    assert.near(16 / 60, world.time, 1e-9)
    assert.near(160, a.value, 1e-6)
    assert.are.equal(11, world.frame)
  end)

  it("repeats a jank pattern", function()
    world:jank{ every = 4, drop = 2 }
    wait_frames(8)
    -- Two janky frames dropped two frames each: 8 delivered + 4 dropped = 12 periods.
    assert.near(12 / 60, world.time, 1e-9)
    world:jank(nil)
  end)

  it("slows to the minimum rate while idle on a ProMotion display", function()
    detent.world{ device = "iPhone 15 Pro (ProMotion)" }
    wait_frames(3)                           -- idle: 10 Hz
    assert.near(0.3, world.time, 1e-9)
    world:animate{ from = 0, to = 1, duration = 1 }
    wait_frames(12)                          -- animating: 120 Hz
    assert.near(0.4, world.time, 1e-9)
  end)

  it("fast-forwards idle time but still counts the frames", function()
    wait(60)
    assert.are.equal(3600, world.frame)
  end)
end)
