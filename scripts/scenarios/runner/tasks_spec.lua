-- Tasks (SPEC §1, phase 7): spawn(fn) runs a function alongside the test body — drive a
-- gesture in one, watch for an outcome in the other. After every tick, waiters whose wait
-- holds resume in FIFO order of their wait. The test ends when its body returns.
describe("tasks", function()
  it("run alongside the test body, and both can wait", function()
    local log = {}
    spawn(function()
      wait(0.1)
      log[#log + 1] = "task at frame " .. world.frame
    end)
    wait(0.2)
    log[#log + 1] = "test at frame " .. world.frame
    assert.are.same({ "task at frame 6", "test at frame 12" }, log)
  end)

  it("resume in the order they began waiting", function()
    local order = {}
    spawn(function() wait_frames(3); order[#order + 1] = "first task" end)
    spawn(function() wait_frames(3); order[#order + 1] = "second task" end)
    -- The body waits before the spawned tasks start, so it is first in line.
    wait_frames(3)
    order[#order + 1] = "test body"
    wait_frames(1)
    assert.are.same({ "test body", "first task", "second task" }, order)
  end)

  it("can watch for an event while the body drives the world", function()
    local finished_at
    spawn(function()
      local event = wait_event("animator.finished")
      finished_at = event.frame
    end)
    world:animate{ name = "slide", from = 0, to = 100, duration = 0.25 }
    wait(0.5)
    assert.are.equal(15, finished_at)
  end)
end)
