-- A handle's number properties are read from a cache that host code empties (issue 29 §6):
-- a read is never older than the last method call, assignment, wait, tick or event handler,
-- and a handle pushed again is the same value. A field is cached the second time it is read
-- between host calls, so each test reads twice before the change it checks.
describe("property reads", function()
  it("see a method's change at once", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" } }
    local before = d.origin
    assert.are.equal(before, d.origin)
    d:move_to("top")
    assert.are_not.equal(before, d.origin)
    assert.are.equal(d.origin, d.origin)
  end)

  it("see an assignment at once", function()
    local d = world:drawer{ anchors = { "top", "bottom" }, content_height = 2000 }
    local offset = d.content_offset
    assert.are.equal(offset, d.content_offset)
    d.content_offset = offset + 120
    assert.are.equal(offset + 120, d.content_offset)
  end)

  it("see every frame while the test waits", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    d:animate_to("top")
    local frame, origin = world.frame, d.origin
    wait_frames(1)
    assert.are.equal(frame + 1, world.frame)
    assert.are_not.equal(origin, d.origin)
  end)

  it("see the frame an event handler runs in", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    local read = d.origin
    local at_settle
    world:on("drawer.settled", function() at_settle = d.origin end)
    d:animate_to("top")
    wait_event("drawer.settled")
    assert.are_not.equal(read, at_settle)
    assert.are.equal(at_settle, d.origin)
  end)

  it("see the frame a task resumes in, though a handler read an earlier one", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    d:move_to("bottom")
    local in_handler
    world:on("drawer.state_changed", function()
      in_handler = d.origin
      assert.are.equal(in_handler, d.origin)
    end)
    d:animate_to("top")
    wait(0.1)
    assert.is_not_nil(in_handler)
    assert.are_not.equal(in_handler, d.origin)
  end)

  it("see each frame inside a wait_until condition", function()
    local d = world:drawer{ anchors = { "top", "bottom" } }
    d:move_to("top")
    local top = d.origin
    d:move_to("bottom")
    local bottom = d.origin
    d:animate_to("top")
    local seen = {}
    wait_until(function()
      seen[#seen + 1] = d.origin
      return d.state == "resting"
    end, { timeout = 5 })
    assert.is_true(#seen > 2)
    assert.are.equal(top, seen[#seen])
    assert.are_not.equal(bottom, seen[2])
  end)

  describe("across tests", function()
    randomize(false)   -- the second test reads what the first kept (also under --shuffle)
    local kept
    it("keep a handle for the next test", function()
      kept = world:drawer{ anchors = { "top", "bottom" } }
      assert.are.equal(kept.origin, kept.origin)
    end)

    it("fail on a handle whose world is gone, though it was read before", function()
      local ok, message = pcall(function() return kept.origin end)
      assert.is_false(ok)
      assert.matches("destroyed", message)
    end)
  end)

  it("give the same handle for the same object", function()
    local root = world:screen{ id = "root" }
    local nav = world:navigation{ screens = { root } }
    assert.is_true(rawequal(nav.top, nav.top))
    assert.are.equal(root, nav.top)
  end)
end)
