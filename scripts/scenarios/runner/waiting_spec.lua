-- Waiting by yielding (SPEC §9). A test body waits in virtual time; the run loop steps the
-- world until the wait holds. Every test starts in a fresh world at t = 0, frame 0.
-- The default device (config/runner.toml) is iPhone 15: 60 Hz.
describe("waiting", function()
  it("wait advances virtual time to the first frame at or after the deadline", function()
    assert.are.equal(0, world.time)
    wait(0.5)
    assert.are.equal(30, world.frame)        -- 0.5 s at 60 Hz is exactly frame 30
    assert.near(0.5, world.time, 1e-9)
    wait(0.01)                               -- between frames: lands on the next one
    assert.are.equal(31, world.frame)
  end)

  it("wait(1/60) advances exactly one frame, whichever frame it starts on", function()
    -- Frame times are whole nanoseconds, script seconds are Doubles: a frame's time plus 1/60 s
    -- can land a nanosecond past the next frame (first at frame 3). It still belongs to it.
    for frame = 1, 12 do
      wait(1 / 60)
      assert.are.equal(frame, world.frame)
    end
  end)

  it("wait(0) and wait_frames(0) return at once", function()
    wait(0)
    wait_frames(0)
    assert.are.equal(0, world.frame)
  end)

  it("wait_frames counts display-link frames", function()
    wait_frames(12)
    assert.are.equal(12, world.frame)
    assert.near(12 / 60, world.time, 1e-9)
  end)

  it("wait_until checks its condition after every frame", function()
    local a = world:animate{ from = 0, to = 100, duration = 1, curve = "linear" }
    wait_until(function() return a.value >= 50 end)
    assert.are.equal(30, world.frame)
    assert.near(50, a.value, 1e-9)
  end)

  it("wait_until fails with a message naming what it waited for", function()
    assert.has_error(function()
      wait_until(function() return false end, { timeout = 0.25, what = "the sheet to open" })
    end, "wait_until timed out after 0.25 s of virtual time waiting for the sheet to open")
    assert.near(0.25, world.time, 1e-9)
  end)

  it("wait_idle returns once nothing animates and state holds still for two frames", function()
    world:animate{ name = "fade", from = 1, to = 0, duration = 0.25 }
    wait_idle()
    assert.are.equal(0, world:property("fade.value"))
    assert.is_false(world.busy)
    assert.are.equal(16, world.frame)        -- finished on frame 15, unchanged on frame 16
  end)

  it("wait_event returns the event's payload", function()
    world:animate{ name = "slide", from = 0, to = 320, duration = 0.35 }
    local event = wait_event("animator.finished")
    assert.are.equal("animator.finished", event.name)
    assert.are.equal("slide", event.animator)
    assert.are.equal(320, event.value)
    assert.are.equal(21, event.frame)        -- 0.35 s → first frame at or after: 21 (0.35 s)
  end)

  it("wait_event times out when nothing happens, without stepping every frame", function()
    assert.has_error(function() wait_event("never", { timeout = 30 }) end,
      "wait_event timed out after 30 s of virtual time waiting for event 'never'")
    assert.are.equal(1800, world.frame)      -- idle frames are fast-forwarded but still counted
  end)

  it("an animator runs while the test waits", function()
    local a = world:animate{ from = 0, to = 100, duration = 0.35, curve = "linear" }
    wait(0.35)
    assert.are.equal(100, a.value)
    assert.is_true(a.finished)
  end)
end)
