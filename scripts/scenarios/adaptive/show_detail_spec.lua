-- show_detail(screen, sender) (SPEC §7; the seed's showDetailViewController).
-- Collapsed: a raw push onto the primary stack (animated, counting depth).
-- Expanded: from the primary column (the tabs handle, "primary", or the selected tab's root)
-- the secondary stack pops to its root without animation, then pushes — animated only if it
-- showed the placeholder; from anywhere else it pushes animated.
-- A push takes 0.35 s (SPEC §4), so `secondary.transitioning` tells animated from not.
describe("show_detail", function()
  local inbox, settings, split

  before_each(function()
    detent.world{ device = "iPad Pro 11-inch", orientation = "landscape" }
    inbox = world:screen{ id = "inbox", tab = "Inbox" }
    settings = world:screen{ id = "settings", tab = "Settings" }
    split = world:split{ tabs = { inbox, settings } }
  end)

  context("expanded", function()
    it("from the primary over the placeholder: pushes animated", function()
      local message = world:screen{ id = "message" }
      split:show_detail(message, split.tabs)
      assert.are.same({ split.placeholder, message }, split.secondary.stack)
      assert.is_true(split.secondary.transitioning)
      assert.are.equal(320 + 874, message.x)             -- enters from the column's right edge
      wait_idle()
      assert.are.equal(320, message.x)
      assert.are.same({ inbox }, split.primary.stack)  -- the primary column is untouched
    end)

    it("from the primary over a detail: pops to the root at once, then pushes without animation", function()
      local first, second, third = world:screen{ id = "first" }, world:screen{ id = "second" }, world:screen{ id = "third" }
      split:show_detail(first, "primary")
      wait_idle()
      split.secondary:push(second, false)
      split:show_detail(third, inbox)                  -- the selected tab's root counts as the primary
      assert.are.same({ split.placeholder, third }, split.secondary.stack)
      assert.is_false(split.secondary.transitioning)
      assert.are.equal(320, third.x)
      assert.is_nil(first.parent)
      assert.is_nil(second.parent)
    end)

    it("from elsewhere: keeps the detail stack and pushes animated", function()
      local first, second = world:screen{ id = "first" }, world:screen{ id = "second" }
      split:show_detail(first, split.tabs)
      wait_idle()
      split:show_detail(second, split.secondary)
      assert.are.same({ split.placeholder, first, second }, split.secondary.stack)
      assert.is_true(split.secondary.transitioning)
    end)

    it("from a sender that is nil: pushes animated on top", function()
      local first, second = world:screen{ id = "first" }, world:screen{ id = "second" }
      split:show_detail(first)
      wait_idle()
      split:show_detail(second)
      assert.are.same({ split.placeholder, first, second }, split.secondary.stack)
      assert.is_true(split.secondary.transitioning)
    end)

    it("from a tab root that is not selected: not the primary", function()
      local first, second = world:screen{ id = "first" }, world:screen{ id = "second" }
      split:show_detail(first, split.tabs)
      wait_idle()
      split:show_detail(second, settings)
      assert.are.same({ split.placeholder, first, second }, split.secondary.stack)
    end)

    it("is what a push on the embedded tab container does", function()
      local first, second = world:screen{ id = "first" }, world:screen{ id = "second" }
      split.tabs:push(first)
      wait_idle()
      split.tabs:push(second)
      assert.are.same({ split.placeholder, second }, split.secondary.stack)
      assert.are.equal(1, split.tabs.depth)
      assert.are.equal(1, split.tabs.bar_alpha)
    end)
  end)

  context("collapsed", function()
    it("pushes onto the primary stack, animated, and counts depth", function()
      resize{ width = 375 }
      local message = world:screen{ id = "message" }
      split:show_detail(message, split.tabs)
      assert.are.same({ inbox, message }, split.primary.stack)
      assert.is_true(split.primary.transitioning)
      assert.are.equal(2, split.tabs.depth)
      assert.are.same({ split.placeholder }, split.secondary.stack)
    end)
  end)

  it("refuses a screen that is already in a stack, and unknown senders", function()
    assert.has_error(function() split:show_detail(inbox, split.tabs) end,
      "screen 'inbox' is already in a navigation stack; a split view needs fresh screens")
    local ok, message = pcall(function() split:show_detail(world:screen{ id = "x" }, "left") end)
    assert.is_false(ok)
    assert.matches('unknown sender "left" %(expected the tabs handle, a screen, a navigation, nil, or one of: primary, secondary, other%)', message)
  end)
end)
