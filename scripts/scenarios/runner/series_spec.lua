-- Traces and series assertions (SPEC §9): record properties every frame, then check the
-- shape of the motion: monotonic, no jumps, settles in time, bounded overshoot.
describe("series", function()
  it("a critically damped spring rises monotonically and never overshoots", function()
    local tr = trace{ "s.value" }
    world:spring{ name = "s", from = 0, to = 300, stiffness = 200, damping_ratio = 1 }
    wait(1)
    -- ω = √200 ≈ 14.1 rad/s: within 0.5 pt of 300 after about 0.65 s.
    assert.series(tr["s.value"])
      :monotonic("increasing")
      :overshoot_at_most(0)
      :settles_within(0.7)
    assert.has_error(function() assert.series(tr["s.value"]):settles_within(0.5) end)
  end)

  it("an underdamped spring overshoots, and the series says by how much", function()
    local tr = trace{ "b.value" }
    world:spring{ name = "b", from = 0, to = 100, response = 0.5, damping_ratio = 0.5 }
    wait_idle()
    local s = tr:series("b.value")
    assert.series(s):overshoot_at_most(20)
    assert.has_error(function() assert.series(s):overshoot_at_most(5) end)
    assert.has_error(function() assert.series(s):monotonic() end)
  end)

  it("a linear slide moves the same amount every frame", function()
    local tr = trace{ "x.value" }
    world:animate{ name = "x", from = 0, to = 120, duration = 1, curve = "linear" }
    wait(1)
    -- 2 pt per frame, give or take the nanosecond rounding of 1/60 s.
    assert.series(tr["x.value"]):max_step(2.001)
    assert.has_error(function() assert.series(tr["x.value"]):max_step(1.99) end)
  end)

  it("a trace can be stopped", function()
    local tr = trace{ "y.value" }
    world:animate{ name = "y", from = 0, to = 1, duration = 1 }
    wait_frames(5)
    tr:stop()
    wait_frames(5)
    -- The sample taken when trace{} was called (before the animator existed: left out of
    -- the series, but counted) and one a frame for five frames.
    assert.are.equal(6, tr.count)
  end)
end)
