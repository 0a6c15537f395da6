-- A pager (SPEC §15): pages side by side, counted from 1; `offset` is UIScrollView's
-- contentOffset.x, so page i rests at (i − 1) · (page_width + spacing). On iPhone 15 the
-- window is 393 pt wide: that is the page width unless the script gives one.
describe("a pager", function()
  it("rests on its first page unless `at` names another", function()
    local p = world:pager{ pages = 5 }
    assert.are.equal(1, p.page)
    assert.are.equal(0, p.offset)
    assert.are.equal("resting", p.state)
    assert.are.equal(393, p.page_width)
    local q = world:pager{ pages = 5, page_width = 300, spacing = 10, at = 3, name = "cards" }
    assert.are.equal(3, q.page)
    assert.are.equal(2 * 310, q.offset)
    assert.are.equal(310, q.stride)
  end)

  it("move_to jumps, animate_to settles with the spring and reports the new page once", function()
    local p = world:pager{ pages = 5 }
    local changes = {}
    world:on("pager.page_changed", function(e) changes[#changes + 1] = { e.previous, e.page } end)
    p:move_to(4)
    assert.are.equal(3 * 393, p.offset)
    p:animate_to(2)
    assert.are.equal("settling", p.state)
    assert.are.equal(2, p.target_page)
    wait_event("pager.settled")
    assert.are.equal(393, p.offset)
    assert.are.equal("resting", p.state)
    assert.are.same({ { 1, 4 }, { 4, 2 } }, changes)
  end)

  it("refuses what it cannot be, naming what was expected", function()
    assert.has_error(function() world:pager{} end, "a pager needs pages, like world:pager{pages = 3}")
    local ok, message = pcall(function() world:pager{ pages = 3, at = 4 } end)
    assert.is_false(ok)
    assert.matches("at = 4 is not one of the pager's pages (expected 1…3)", message, 1, true)
    local p = world:pager{ pages = 3 }
    local _, unknown = pcall(function() p:move_to(7) end)
    assert.matches("no page 7", unknown)
    assert.has_error(function() world:pager{ pages = 2, colour = "red", name = "other" } end)
  end)

  it("is listed with the world's engines and its properties are traceable", function()
    local p = world:pager{ pages = 3 }
    local tr = trace{ "pager.offset", "pager.page" }
    p:animate_to(3)
    wait_event("pager.settled")
    assert.are.equal(2 * 393, world:property("pager.offset"))
    assert.are.equal(3, world:property("pager.page"))
    -- The offset rose without overshoot (damping ratio 1) from page 1's to page 3's.
    local offsets = assert.series(tr["pager.offset"]):monotonic("increasing"):overshoot_at_most(0.5)
    assert.are.equal(2 * 393, offsets:final())
  end)
end)
