-- touch_path: a finger following recorded samples (what Detent Studio records of a pointer).
-- Every sample is due exactly at its time after the touch-down, so the tracker measures what
-- it measured when the samples were made.
describe("touch_path", function()
  it("delivers every sample at its time and measures the path's velocity", function()
    local path = { { 0, 200, 600 } }
    for k = 1, 15 do path[#path + 1] = { 0.008 * k, 200, 600 - 6 * k } end
    path.up = 0.128
    local start = world.time
    local v = touch_path(path)
    assert.near(-750, v.y, 8)                   -- 6 pt every 8 ms
    assert.near(0, v.x, 1e-9)
    -- Waited until the lift was delivered: the first frame at or after start + 0.128 s.
    assert.is_true(world.time >= start + 0.128 - 1e-9)
    assert.is_true(world.time < start + 0.128 + 1 / 60)
  end)

  it("flicks a drawer's header as a flick with the same samples does", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "bottom" }
    local y = d.origin + 20
    local path = { { 0, 196.5, y } }
    for k = 1, 15 do path[#path + 1] = { 0.008 * k, 196.5, y - 6 * k } end
    path.up = 0.128
    touch_path(path)
    wait_event("drawer.settled", { timeout = 5 })
    assert.are.equal("middle", d.anchor)
  end)

  it("keeps the finger down without up, and cancels with cancel", function()
    local d = world:drawer{ anchors = { "top", "bottom" }, at = "bottom" }
    local y = d.origin + 20
    local t = touch_path{ { 0, 196.5, y }, { 0.05, 196.5, y - 40 } }
    assert.are.equal("moved", t.phase)
    assert.are.equal("dragging", d.state)
    t:up()
    local cancelled = touch_path{ { 0, 196.5, d.origin + 20 }, { 0.05, 196.5, d.origin - 20 }, cancel = 0.06 }
    assert.are.equal("cancelled", cancelled.phase)
  end)

  it("refuses samples out of order, a first sample not at 0 and a lift before the last sample", function()
    assert.has_error(function() touch_path{ { 0.1, 1, 1 } } end, "touch_path: the first sample is the touch-down, at 0 seconds (got 0.1)")
    assert.has_error(function() touch_path{ { 0, 1, 1 }, { 0.2, 1, 2 }, { 0.1, 1, 3 } } end,
      "touch_path: sample 3 is earlier than the one before it (0.1 < 0.2)")
    assert.has_error(function() touch_path{ { 0, 1, 1 }, { 0.2, 1, 2 }, up = 0.1 } end,
      "touch_path: the finger lifts before its last sample (0.1 < 0.2)")
    assert.has_error(function() touch_path(5) end, "touch_path expects samples { {0, x, y}, {seconds, x, y}, ..., up = seconds }")
  end)
end)
