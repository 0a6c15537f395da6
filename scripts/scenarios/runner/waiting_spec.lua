-- Waiting by yielding: a test body waits in virtual time while the run loop steps the world.
describe("waiting", function()
  it("wait advances virtual time to the first frame at or after the deadline", function()
    assert.are.equal(0, world.time)
    wait(0.5)
    -- iPhone 15 ticks at 60 Hz: 0.5 s is exactly frame 30.
    assert.are.equal(30, world.frame)
    assert.near(0.5, world.time, 1e-9)
  end)

  it("wait_frames counts display-link frames", function()
    wait_frames(12)
    assert.are.equal(12, world.frame)
  end)

  it("an animator runs while the test waits", function()
    local a = world:animate{ from = 0, to = 100, duration = 0.35, curve = "linear" }
    wait(0.35)
    assert.are.equal(100, a.value)
    assert.is_true(a.finished)
  end)
end)
