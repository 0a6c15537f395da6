-- Dragging a pager (SPEC §15): the offset follows the finger (a finger moving left shows later
-- pages), rubber-banded past the first and last page with b(x) = (1 − 1/(x·c/d + 1))·d,
-- c = 0.55 and d = the page width (SPEC §2). On iPhone 15 a page is 393 pt wide.
local rubber_band = detent.motion.rubber_band

describe("dragging a pager", function()
  it("follows the finger between the first and last page", function()
    local p = world:pager{ pages = 3 }
    local t = touch("pager.page")
    t:move_by(-100, 0, { duration = 0.2 })
    assert.are.equal("dragging", p.state)
    assert.are.equal(100, p.offset)
    t:move_by(-500, 0, { duration = 0.2 })
    assert.are.equal(600, p.offset)
    assert.are.equal(3, p.page)                        -- the page nearest the offset while moving
    t:hold(0.1)
    t:up()
    wait_idle()
  end)

  it("rubber-bands before the first page over the page width", function()
    local p = world:pager{ pages = 3 }
    local t = touch("pager.page")
    t:move_by(120, 0, { duration = 0.2 })
    assert.near(-rubber_band(120, 393), p.offset, 1e-9)
    t:hold(0.1)
    t:up()
    wait_event("pager.settled")
    assert.are.equal(0, p.offset)                      -- and springs back
    assert.are.equal(1, p.page)
  end)

  it("rubber-bands past the last page, with spacing in the stride but not in d", function()
    local p = world:pager{ pages = 3, page_width = 300, spacing = 20, at = 3 }
    local t = touch("pager.page")
    t:move_by(-80, 0, { duration = 0.2 })
    assert.near(640 + rubber_band(80, 300), p.offset, 1e-9)
    t:hold(0.1)
    t:up()
    wait_event("pager.settled")
    assert.are.equal(640, p.offset)
  end)

  it("catches a settling pager where it is, keeping the spring's velocity for the report", function()
    local p = world:pager{ pages = 4 }
    p:animate_to(4)
    wait(0.1)
    local shown = p.offset
    local began
    world:on("pager.began", function(e) began = e end)
    local t = touch("pager.page")
    wait_frames(1)
    assert.are.equal("dragging", p.state)
    assert.near(shown, began.offset, 60)              -- caught within a frame of where it was shown
    assert.is_true(began.interrupted_velocity > 0)    -- it was moving toward later pages
    assert.are.equal(began.interrupted_velocity, p.interrupted_velocity)
    t:hold(0.1)
    t:up()
    wait_idle()
  end)

  it("follows the window's width when no page width was given", function()
    local p = world:pager{ pages = 3, at = 2 }
    rotate("landscape")
    assert.are.equal(852, p.page_width)
    assert.are.equal(852, p.offset)
    assert.are.equal(2, p.page)
    local q = world:pager{ pages = 3, page_width = 300, at = 2, name = "fixed" }
    rotate("portrait")
    assert.are.equal(300, q.offset)
  end)
end)
