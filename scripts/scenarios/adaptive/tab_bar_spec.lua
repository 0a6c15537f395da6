-- The tab bar (SPEC §3, §7; seed article 003's EmbeddedTabBarController). A tab container on
-- its own (`world:tabs{...}`, alone mode) on iPhone 15 (393 × 852 pt, insets 59/34, 60 Hz).
-- Selecting a tab asks should_select(index, screen); if allowed, the stack becomes that tab's
-- root without animation and the depth is 1. The bar shows only while the depth is ≤ 1; it fades
-- over 0.25 s on easeInEaseOut. Depth: +1 when a push starts, −1 when a pop completes, 1 on
-- pop-to-root, unchanged by a cancelled interactive pop. Tab roots get the bar's height (49; 32
-- in landscape on phones under 400 pt wide; 50 on iPad) as additional bottom safe inset.
local curve = detent.motion.curve

describe("a tab bar", function()
  local inbox, search, settings, tabs

  before_each(function()
    inbox = world:screen{ id = "inbox", tab = "Inbox" }
    search = world:screen{ id = "search", tab = "Search" }
    settings = world:screen{ id = "settings", tab = "Settings" }
    tabs = world:tabs{ tabs = { inbox, search, settings } }
  end)

  context("selection", function()
    it("replaces the stack with the tab's root, without animation, at depth 1", function()
      tabs:push(world:screen{ id = "mail" }, false)
      tabs:push(world:screen{ id = "thread" }, false)
      assert.are.equal(3, tabs.depth)
      local selected = tabs:select(2)
      assert.is_true(selected)
      assert.are.same({ search }, tabs.stack)
      assert.is_false(tabs.navigation.transitioning)
      assert.are.equal(1, tabs.depth)
      assert.are.equal(2, tabs.selected_index)
      assert.are.equal(search, tabs.selected)
      -- The tap emitted tabs.did_select already: it is delivered with the next frame (a
      -- wait_event started now would wait for the next one).
      wait_frames(1)
      local event
      for _, e in ipairs(world.events) do if e.name == "tabs.did_select" then event = e end end
      assert.are.equal(2, event.index)
      assert.are.equal("search", event.screen)
    end)

    it("asks should_select with the 1-based index and the root; false keeps the current tab", function()
      local asked = {}
      tabs.should_select = function(index, screen)
        asked[#asked + 1] = index .. " " .. screen.id
        return screen ~= settings
      end
      assert.is_false(tabs:select(3))
      assert.are.equal(1, tabs.selected_index)
      assert.are.same({ inbox }, tabs.stack)
      assert.is_true(tabs:select(2))
      assert.are.same({ "3 settings", "2 search" }, asked)
    end)

    it("takes should_select when it is made, too", function()
      detent.world{}
      local a, b = world:screen{ id = "a" }, world:screen{ id = "b" }
      local t = world:tabs{ tabs = { a, b }, should_select = function() return false end }
      assert.is_false(t:select(2))
      assert.are.equal(1, t.selected_index)
    end)

    it("setting selected_index selects in code: no should_select, no event", function()
      tabs.should_select = function() error("not asked in code") end
      tabs:push(world:screen{ id = "mail" }, false)
      tabs.selected_index = 3
      assert.are.same({ settings }, tabs.stack)
      assert.are.equal(1, tabs.depth)
      wait_frames(1)
      for _, e in ipairs(world.events) do assert.are_not.equal("tabs.did_select", e.name) end
    end)

    it("explains bad indices and a should_select that answers nonsense", function()
      assert.has_error(function() tabs:select(4) end, "tab index 4 is out of range (expected 1…3)")
      assert.has_error(function() tabs.selected_index = 0 end, "tab index 0 is out of range (expected 1…3)")
      tabs.should_select = function() return "yes" end
      assert.has_error(function() tabs:select(2) end, 'should_select must return true or false, got "yes"')
      assert.has_error(function() tabs.should_select = 42 end,
        "should_select must be a function(index, screen) returning true or false, or nil (got number)")
    end)
  end)

  context("visibility", function()
    it("fades out over 0.25 s when a push takes the depth to 2", function()
      local tr = trace{ "tabs.bar_alpha" }
      tabs:push(world:screen{ id = "mail" })
      assert.is_true(tabs.bar_hidden)
      wait_frames(6)                                    -- t = 0.1 s
      assert.near(1 - curve("easeInEaseOut", 0.1 / 0.25), tabs.bar_alpha, 1e-9)
      wait(0.2)
      assert.are.equal(0, tabs.bar_alpha)
      assert.series(tr["tabs.bar_alpha"]):monotonic("decreasing"):settles_within(0.25)
    end)

    it("fades back in only once a pop has completed", function()
      tabs:push(world:screen{ id = "mail" }, false)
      wait(0.3)
      tabs:pop()
      assert.are.equal(2, tabs.depth)                   -- the pop is still running
      wait(0.3)
      assert.are.equal(0, tabs.bar_alpha)
      wait_event("navigation.did_show")
      assert.are.equal(1, tabs.depth)
      assert.is_false(tabs.bar_hidden)
      wait(0.25)
      assert.are.equal(1, tabs.bar_alpha)
    end)

    it("counts depth through pushes and pops; pop-to-root sets it to 1 at once", function()
      for _, id in ipairs{ "a", "b", "c" } do tabs:push(world:screen{ id = id }, false) end
      assert.are.equal(4, tabs.depth)
      tabs:pop(false)
      assert.are.equal(3, tabs.depth)
      tabs:pop_to_root()
      assert.are.equal(1, tabs.depth)                   -- before the animation ends
      assert.is_true(tabs.navigation.transitioning)
      wait_idle()
      assert.are.equal(1, tabs.depth)
      assert.are.equal(1, tabs.bar_alpha)
    end)

    it("a cancelled interactive pop changes nothing; a finished one lowers the depth", function()
      tabs:push(world:screen{ id = "mail" }, false)
      wait_idle()
      edge_swipe{ progress = 0.3 }                      -- released at 30 %, at rest: cancelled
      wait_idle()
      assert.are.equal(2, tabs.depth)
      assert.are.equal(0, tabs.bar_alpha)
      edge_swipe{ progress = 0.7 }                      -- past half: finishes
      wait_idle()
      assert.are.equal(1, tabs.depth)
      assert.are.equal(1, tabs.bar_alpha)
    end)
  end)

  context("metrics", function()
    it("gives tab roots the bar height as additional bottom safe inset: 49 on a phone", function()
      assert.are.equal(49, tabs.bar_height)
      assert.are.equal(34 + 49, inbox.safe_area.bottom)
      assert.are.same({ x = 0, y = 852 - 34 - 49, width = 393, height = 34 + 49 }, tabs.bar_frame)
    end)

    it("is 32 in landscape on phones narrower than 400 pt", function()
      rotate("landscape")
      wait_frames(1)
      assert.are.equal(32, tabs.bar_height)
      assert.are.equal(21 + 32, inbox.safe_area.bottom)
    end)

    it("stays 49 in landscape on a phone 430 pt wide", function()
      detent.world{ device = "iPhone 15 Pro Max", orientation = "landscape" }
      local t = world:tabs{ tabs = { world:screen{ id = "a" } } }
      assert.are.equal(49, t.bar_height)
    end)

    it("is 50 on iPad", function()
      detent.world{ device = "iPad Pro 11-inch" }
      local t = world:tabs{ tabs = { world:screen{ id = "a" } } }
      assert.are.equal(50, t.bar_height)
      wait_frames(1)
      assert.are.equal(20 + 50, t.selected.safe_area.bottom)
    end)
  end)
end)
