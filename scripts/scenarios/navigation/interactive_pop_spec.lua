-- The interactive pop (SPEC §4, §8). A finger from the left edge (within max(20, left safe
-- inset) pt) drags the top screen off; progress = horizontal translation / width. On release:
-- if |velocity| ≥ 1 width/s its sign decides, otherwise it finishes past half the width.
-- Finishing takes (1 − progress) · 0.35 s, cancelling progress · 0.35 s, on easeInEaseOut.
-- iPhone 15: width 393 pt, so 1 width/s = 393 pt/s.
describe("the interactive pop", function()
  local root, detail, nav

  before_each(function()
    root = world:screen{ id = "root", title = "Root" }
    detail = world:screen{ id = "detail", title = "Detail" }
    nav = world:navigation{ screens = { root, detail } }
  end)

  it("follows the finger linearly", function()
    local t = touch(5, 400)
    t:move_by(98.25, 0, { duration = 0.2 })
    assert.is_true(nav.interactive)
    assert.near(0.25, nav.progress, 1e-9)             -- 98.25 / 393
    assert.near(98.25, detail.x, 1e-9)
    assert.near(-117.9 * 0.75, root.x, 1e-9)
    t:hold(0.1)
    t:up()
  end)

  it("starts only within 20 pt of the left edge", function()
    local t = touch(30, 400)
    t:move_by(150, 0)
    assert.is_false(nav.interactive)
    t:up()
    assert.are.equal(2, nav.depth)
  end)

  it("uses the left safe inset as the start zone when it is wider (landscape: 59 pt)", function()
    detent.world{ orientation = "landscape" }
    local a, b = world:screen{ id = "a" }, world:screen{ id = "b" }
    local n = world:navigation{ screens = { a, b } }
    local t = touch(50, 200)
    t:move_by(100, 0)
    assert.is_true(n.interactive)
    t:hold(0.1)
    t:up()
  end)

  it("does not start with a single screen", function()
    nav:set({ root }, false)
    edge_swipe{ progress = 0.8 }
    assert.are.equal(1, nav.depth)
    assert.is_false(nav.transitioning)
  end)

  it("finishes a slow release past half the width, in (1 − progress) · 0.35 s", function()
    local released
    world:on("interactive_pop.finished", function(e) released = e end)
    edge_swipe{ progress = 0.7 }                       -- rests 0.1 s: release velocity 0
    assert.is_table(released)
    local p = released.progress
    assert.near((1 - p) * 0.35, released.duration, 1e-12)
    local finished_at = world.time
    wait_event("navigation.did_show")
    assert.near(finished_at + (1 - p) * 0.35, world.time, 1 / 60)
    assert.are.same({ root }, nav.stack)
    assert.are.equal("disappeared", detail.appearance)
    assert.is_nil(detail.parent)
  end)

  it("cancels a slow release before half the width, in progress · 0.35 s, restoring everything", function()
    local cancelled
    world:on("interactive_pop.cancelled", function(e) cancelled = e end)
    local before = #detail.lifecycle
    edge_swipe{ progress = 0.3 }
    assert.is_table(cancelled)
    assert.near(cancelled.progress * 0.35, cancelled.duration, 1e-12)
    wait_event("navigation.did_show")
    assert.are.same({ root, detail }, nav.stack)
    assert.are.equal("appeared", detail.appearance)
    assert.are.equal("disappeared", root.appearance)
    assert.are.equal("navigation", detail.parent)
    assert.are.equal(0, detail.x)
    -- UIKit's calls for a cancelled pop, in order:
    local calls = { table.unpack(detail.lifecycle, before + 1) }
    assert.are.same({ "willMove(toParent: nil)", "viewWillDisappear", "viewWillAppear", "viewDidAppear",
                      "didMove(toParent: navigation)" }, calls)
  end)

  it("lets a fast flick towards the right finish even from little progress", function()
    local released
    world:on("interactive_pop.finished", function(e) released = e end)
    local v = edge_swipe{ progress = 0.2, velocity = 800 }   -- 800 pt/s ≈ 2 widths/s
    assert.near(800, v.x, 8)
    assert.is_table(released)
    wait_idle()
    assert.are.same({ root }, nav.stack)
  end)

  it("lets a fast move back to the left cancel even from far along", function()
    local cancelled
    world:on("interactive_pop.cancelled", function(e) cancelled = e end)
    edge_swipe{ progress = 0.8, velocity = -600 }
    assert.is_table(cancelled)
    assert.is_true(cancelled.velocity <= -393)
    wait_idle()
    assert.are.same({ root, detail }, nav.stack)
  end)

  it("reports began, changed and finished in order", function()
    local names = {}
    for _, name in ipairs({ "interactive_pop.began", "interactive_pop.changed", "interactive_pop.finished" }) do
      world:on(name, function() if names[#names] ~= name then names[#names + 1] = name end end)
    end
    edge_swipe{ progress = 0.9 }
    assert.are.same({ "interactive_pop.began", "interactive_pop.changed", "interactive_pop.finished" }, names)
  end)
end)

describe("bar items", function()
  it("pop on a tap of the back button", function()
    local root, detail = world:screen{ id = "root" }, world:screen{ id = "detail" }
    local nav = world:navigation{ screens = { root, detail } }
    tap("navigation.back_button")
    wait_idle()
    assert.are.same({ root }, nav.stack)
  end)

  it("report taps on bar buttons by their title", function()
    local compose = world:screen{ id = "compose", right_items = { "Send" }, left_items = { "Cancel" } }
    world:navigation{ screens = { compose } }
    local tapped = {}
    world:on("navigation.bar_button", function(e) tapped[#tapped + 1] = e.item end)
    tap("navigation.right_item.Send")
    tap("navigation.left_item.Cancel")
    assert.are.same({ "right_item.Send", "left_item.Cancel" }, tapped)
  end)

  it("have no back button on the root", function()
    world:navigation{ screens = { world:screen{ id = "only" } } }
    assert.has_error(function() tap("navigation.back_button") end)
  end)
end)
