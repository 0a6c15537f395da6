-- What `velocity` reads while a finger holds an engine (the same rule for the drawer, the
-- sheet and the pager): what a release at that frame would carry — the finger's tracked
-- velocity along the engine's axis, 0 once it has rested over 40 ms —, the spring's while
-- settling, 0 at rest.
-- On iPhone 15 a drawer with anchors top, middle, bottom rests at 59, 426, 774.
describe("velocity while a finger holds", function()
  it("a drawer: the finger's velocity, then the spring's, then 0", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    assert.are.equal(0, d.velocity)
    local t = touch("drawer.header")
    t:move_by(0, -120, { duration = 0.2 })
    assert.are.equal("dragging", d.state)
    assert.is_true(d.velocity < -300, "velocity " .. d.velocity)   -- about 600 pt/s upwards
    assert.are.equal(t.velocity.y, d.velocity)
    t:hold(0.1)                                      -- a finger that rests over 40 ms lifts with 0
    assert.are.equal("dragging", d.state)
    assert.are.equal(0, d.velocity)
    t:move_by(0, -60, { duration = 0.1 })
    assert.is_true(d.velocity < -300, "velocity " .. d.velocity)
    local ended = nil
    world:on("drawer.ended", function(e) ended = e end)
    t:up()                                           -- the lift's frame releases the drawer
    assert.are.equal("settling", d.state)
    assert.near(ended.velocity, d.velocity, 1e-9)   -- the spring starts with what the finger carried
    wait_idle()
    assert.are.equal(0, d.velocity)
  end)

  it("a drawer's content: 0 while the finger scrolls the content, the finger's once it carries the drawer", function()
    local d = world:drawer{ anchors = { "top", "bottom" }, at = "top", content_height = 2000 }
    local t = touch("drawer.content")
    t:move_by(0, -150, { duration = 0.25 })            -- at the top anchor, up scrolls the content
    assert.are.equal("dragging", d.state)
    assert.is_true(d.content_offset > 0)
    assert.are.equal(0, d.velocity)
    t:move_by(0, 400, { duration = 0.25 })             -- back to the content's top, then the drawer follows
    assert.is_true(d.origin > 59)
    assert.are.equal(t.velocity.y, d.velocity)
    t:up()
    wait_idle()
  end)

  it("a pager: the finger's x velocity negated (offset grows toward later pages)", function()
    local p = world:pager{ pages = 3 }
    local t = touch("pager.page")
    t:move_by(-150, 0, { duration = 0.2 })
    assert.is_true(p.velocity > 300, "velocity " .. p.velocity)
    assert.are.equal(-t.velocity.x, p.velocity)
    t:up()
    wait_event("pager.settled")
    assert.are.equal(0, p.velocity)
  end)

  it("a sheet: the finger's y velocity (positive: downwards, shrinking)", function()
    local s = world:sheet{ screens = { world:screen{ id = "s" } }, detents = { "medium", "large" }, presented = true }
    wait_idle()
    local t = touch("sheet.grabber")
    t:move_by(0, 100, { duration = 0.2 })
    assert.is_true(s.velocity > 200, "velocity " .. s.velocity)
    assert.are.equal(t.velocity.y, s.velocity)
    t:up()
    wait_idle()
  end)
end)
