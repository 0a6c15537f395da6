-- Stack-layout content (SPEC §3, PinStackView semantics). A screen's content can be a stack:
-- items along an axis, each a fixed size or a share of the free room (`grow`), aligned across
-- the axis (start, center, end, stretch; `align` per item). In `auto` mode the stack's length
-- follows its items — and when it changes, `screen.content_size_changed` fires (a sheet will
-- follow it).
describe("stack-layout content", function()
  it("lays items out top to bottom with spacing and padding", function()
    local s = world:screen{ id = "form", stack = {
      spacing = 8, padding = 16,
      items = { { id = "title", size = 30 }, { id = "field", size = 44 }, { id = "button", size = 50 } },
    } }
    world:navigation{ screens = { s } }
    assert.are.equal(16 + 30 + 8 + 44 + 8 + 50 + 16, s.content_height)   -- auto: 172
    local items = s.items
    assert.are.same({ x = 16, y = 16, width = 393 - 32, height = 30 }, items.title)
    assert.are.same({ x = 16, y = 54, width = 393 - 32, height = 44 }, items.field)
    assert.are.equal(106, items.button.y)
  end)

  it("aligns across the axis, and alignSelf overrides the stack", function()
    local s = world:screen{ id = "s", stack = {
      alignment = "center",
      items = { { id = "a", size = 20, cross = 100 }, { id = "b", size = 20, cross = 100, align = "end" },
                { id = "c", size = 20, align = "stretch" } },
    } }
    world:navigation{ screens = { s } }
    assert.are.equal((393 - 100) / 2, s.items.a.x)
    assert.are.equal(393 - 100, s.items.b.x)
    assert.are.same({ x = 0, y = 40, width = 393, height = 20 }, s.items.c)
  end)

  it("shares the free room among grow items by weight in a fixed-size stack", function()
    local s = world:screen{ id = "s", stack = {
      size = 400, items = { { id = "header", size = 100 }, { id = "one", grow = 1 }, { id = "two", grow = 2 } },
    } }
    world:navigation{ screens = { s } }
    assert.are.equal(100, s.items.one.height)                -- (400 − 100) · 1/3
    assert.are.equal(200, s.items.two.height)
  end)

  it("reports a size change when an item is added, resized, hidden or removed", function()
    local s = world:screen{ id = "s", stack = { items = { { id = "a", size = 100 } } } }
    world:navigation{ screens = { s } }
    local changes = {}
    world:on("screen.content_size_changed", function(e) changes[#changes + 1] = string.format("%g→%g", e.old, e.new) end)
    s:add_item{ id = "b", size = 50 }
    s:resize_item("b", 80)
    s:hide_item("a")
    s:hide_item("a", false)
    s:remove_item("b")
    s:resize_item("a", 100)                                    -- same length: no event
    wait_frames(1)
    assert.are.same({ "100→150", "150→180", "180→80", "80→180", "180→100" }, changes)
  end)

  it("names the problem with a bad item", function()
    local s = world:screen{ id = "s", stack = { items = { { id = "a", size = 10 } } } }
    assert.has_error(function() s:add_item{ id = "a", size = 10 } end)
    assert.has_error(function() s:remove_item("zzz") end)
    assert.has_error(function() world:screen{ id = "bad", stack = { axis = "diagonal" } } end,
      "axis 'diagonal' is not valid (expected one of: vertical, horizontal)")
  end)
end)
