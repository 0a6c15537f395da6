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
    detent.event("never")   -- a script's own event: declared, so the name is not a misspelling
    assert.has_error(function() wait_event("never", { timeout = 30 }) end,
      "wait_event timed out after 30 s of virtual time waiting for event 'never'")
    assert.are.equal(1800, world.frame)      -- idle frames are fast-forwarded but still counted
  end)

  it("wait_event sees only events emitted after the wait began, and says so when it missed one", function()
    world:emit("ping")                        -- delivered with the next frame, before any wait
    assert.has_error(function() wait_event("ping", { timeout = 0.1 }) end,
      "wait_event timed out after 0.1 s of virtual time waiting for event 'ping' ('ping' was emitted just before the wait began; "
      .. "wait_event sees only events emitted after it starts: start waiting first, e.g. in spawn(...), or look in world.events)")
    local got
    spawn(function() got = wait_event("ping") end)   -- waiting first: the next ping counts
    wait_frames(1)                            -- the spawned task starts when the body waits
    world:emit("ping", { n = 2 })
    wait_frames(1)
    assert.are.equal(2, got.n)
  end)

  it("wait, wait_frames, wait_idle and the other waiting verbs refuse values that are not finite or out of range", function()
    assert.has_error(function() wait(0 / 0) end,
      "bad argument #1 to 'wait' (a finite number of virtual seconds from 0 to 1000000000 expected, got nan)")
    assert.has_error(function() wait(1e300) end,
      "bad argument #1 to 'wait' (a finite number of virtual seconds from 0 to 1000000000 expected, got 1e+300)")
    assert.has_error(function() wait(-1) end,
      "bad argument #1 to 'wait' (a finite number of virtual seconds from 0 to 1000000000 expected, got -1)")
    assert.has_error(function() wait_frames(2 ^ 63) end,
      "bad argument #1 to 'wait_frames' (a whole number of frames from 0 to 1000000000 expected, got 9.223372036854776e+18)")
    assert.has_error(function() wait_frames(0.5) end,
      "bad argument #1 to 'wait_frames' (a whole number of frames from 0 to 1000000000 expected, got 0.5)")
    assert.has_error(function() wait_idle{ timeout = 1 / 0 } end,
      "bad argument #1 to 'wait_idle' (field 'timeout': a finite number of virtual seconds from 0 to 1000000000 expected, got inf)")
    assert.has_error(function() wait_until(function() return false end, { timeout = -1 / 0 }) end,
      "bad argument #2 to 'wait_until' (field 'timeout': a finite number of virtual seconds from 0 to 1000000000 expected, got -inf)")
    assert.has_error(function() wait_event("animator.finished", { timeout = "soon" }) end,
      "bad argument #2 to 'wait_event' (field 'timeout': a finite number of virtual seconds from 0 to 1000000000 expected, got string)")
    wait_frames(3.0)                          -- a whole number written as a float is fine
    assert.are.equal(3, world.frame)
  end)

  it("wait_idle that times out names what was still busy", function()
    world:animate{ from = 0, to = 1, duration = 100, name = "slow_fade" }
    assert.has_error(function() wait_idle{ timeout = 0.5 } end,
      "wait_idle timed out after 0.5 s of virtual time (still busy: animators (slow_fade))")
  end)

  it("an animator runs while the test waits", function()
    local a = world:animate{ from = 0, to = 100, duration = 0.35, curve = "linear" }
    wait(0.35)
    assert.are.equal(100, a.value)
    assert.is_true(a.finished)
  end)

  -- detent.world{} mid-test starts a world at frame 0 and t = 0: a wait begun in the old one
  -- counts what it already waited there and goes on in the new one.
  it("a wait_frames, wait or wait_event begun before detent.world{} counts on in the new world", function()
    wait_frames(100)
    local frames_woke, time_woke, event_seen
    spawn(function() wait_frames(20); frames_woke = world.frame end)
    spawn(function() wait(0.5); time_woke = world.time end)
    detent.event("ping")   -- waited for before it is emitted: declared
    spawn(function() event_seen = wait_event("ping", { timeout = 1 }) end)
    wait_frames(5)
    detent.world{}
    assert.are.equal(0, world.frame)
    wait_frames(16)
    assert.are.equal(15, frames_woke)                        -- 5 frames there, 15 here
    world:emit("ping", { n = 1 })                            -- the new world's events count
    wait_frames(1)
    assert.are.equal("ping", event_seen.name)
    assert.are.equal(1, event_seen.n)
    wait(0.5)
    assert.near(0.5 - 5 / 60, time_woke, 1e-9)               -- 5 frames' time there, the rest here
  end)
end)
