-- Events (SPEC §1, §9): engines emit events during a tick; they are delivered once per
-- tick, after layout, to handlers registered with world:on, and can be awaited.
describe("events", function()
  it("handlers see every event of a tick, in order", function()
    local seen = {}
    world:on("animator.finished", function(e) seen[#seen + 1] = e.animator .. "@" .. e.frame end)
    world:animate{ name = "a", from = 0, to = 1, duration = 0.1 }
    world:animate{ name = "b", from = 0, to = 1, duration = 0.1 }
    wait(0.2)
    assert.are.same({ "a@6", "b@6" }, seen)
  end)

  it("'*' subscribes to everything, and off unsubscribes", function()
    local names = {}
    local token = world:on("*", function(e) names[#names + 1] = e.name end)
    world:emit("custom.ping", { n = 1 })
    world:animate{ name = "c", from = 0, to = 1, duration = 0.05 }
    wait(0.1)
    world:off(token)
    world:emit("custom.ignored")
    wait_frames(1)
    assert.are.same({ "custom.ping", "animator.started", "animator.finished" }, names)
  end)

  it("world.events holds only the current tick's events", function()
    world:animate{ name = "d", from = 0, to = 1, duration = 0.01 }
    wait_frames(1)
    assert.are.equal(2, #world.events)       -- started (emitted by the script) + finished
    wait_frames(1)
    assert.are.equal(0, #world.events)
  end)


  it("wait_event returns the event as world.events and a handler have it, every kind of field", function()
    local handled, emitted_frame, emitted_time
    detent.event("custom.kinds")   -- declared: a handler may be attached before its first emit
    world:on("custom.kinds", function(e) handled = e end)
    spawn(function()
      wait_frames(2)
      emitted_frame, emitted_time = world.frame, world.time
      world:emit("custom.kinds", { ratio = 0.25, count = 3, label = "two words", flag = true, off = false })
    end)
    local awaited = wait_event("custom.kinds")
    -- Emitted between frames 2 and 3, delivered by frame 3's tick: the idle frames after it
    -- are not skipped past the event.
    assert.are.equal(3, world.frame)
    local listed
    for _, e in ipairs(world.events) do if e.name == "custom.kinds" then listed = e end end
    assert.are.same({ name = "custom.kinds", frame = emitted_frame, time = emitted_time, ratio = 0.25, count = 3,
                      label = "two words", flag = true, off = false }, awaited)
    assert.are.same(listed, awaited)
    assert.are.same(handled, awaited)
    assert.are.equal(math.type(listed.count), math.type(awaited.count))
    assert.are.equal(math.type(listed.frame), math.type(awaited.frame))
  end)

  it("refuses payload keys every event already has", function()
    assert.has_error(function() world:emit("custom.bad", { name = "x" }) end,
      "emit: payload key 'name' is reserved (every event has frame, name, time)")
  end)
end)
