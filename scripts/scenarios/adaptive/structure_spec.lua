-- The adaptive split view (SPEC §7; seed article 003): a primary column holding a tab
-- container and a secondary column holding a navigation stack rooted at a placeholder.
-- iPad Pro 11" in landscape (1194 × 834 pt, insets 24/20) is horizontally regular: both columns
-- show, the primary 320 pt wide (config/engine.toml [adaptive] primary_column_width).
describe("an adaptive split view", function()
  local inbox, search, split

  before_each(function()
    detent.world{ device = "iPad Pro 11-inch", orientation = "landscape" }
    inbox = world:screen{ id = "inbox", title = "Inbox", tab = "Inbox" }
    search = world:screen{ id = "search", title = "Search", tab = "Search" }
    split = world:split{ tabs = { inbox, search } }
  end)

  it("shows both columns on a regular window: tabs on the left, the placeholder on the right", function()
    assert.is_false(split.collapsed)
    assert.are.equal("expanded", split.state)
    assert.are.equal("regular", world.size_class)
    assert.are.same({ inbox }, split.primary.stack)
    assert.are.equal("placeholder", split.placeholder.id)
    assert.are.same({ split.placeholder }, split.secondary.stack)
    assert.are.equal(320, split.primary_width)
    assert.are.equal(1194 - 320, split.secondary_width)
    assert.are.equal(0, inbox.frame.x)
    assert.are.equal(320, split.placeholder.frame.x)
  end)

  it("puts the tab container in embedded mode on the primary column's stack", function()
    local tabs = split.tabs
    assert.are.equal("embedded", tabs.mode)
    assert.are.equal(split.primary, tabs.navigation)
    assert.are.same({ inbox, search }, tabs.roots)
    assert.are.equal(1, tabs.selected_index)
    assert.are.equal(1, tabs.depth)
    assert.are.equal(1, tabs.bar_alpha)
  end)

  it("collapses to the primary column alone on a compact window", function()
    detent.world{ device = "iPad Pro 11-inch", orientation = "landscape" }
    resize{ width = 375 }                                -- Slide Over / 1/3: compact
    local s = world:split{ tabs = { world:screen{ id = "a" } } }
    assert.is_true(s.collapsed)
    assert.are.equal(375, s.primary_width)
    assert.are.equal(0, s.secondary_width)
  end)

  it("is collapsed on a phone", function()
    detent.world{ device = "iPhone 15" }
    local s = world:split{ tabs = { world:screen{ id = "a" } } }
    assert.is_true(s.collapsed)
    assert.are.equal(393, s.primary_width)
  end)

  it("takes a placeholder of the script's own", function()
    detent.world{ device = "iPad Pro 11-inch" }
    local empty = world:screen{ id = "nothing_selected", title = "No Selection" }
    local s = world:split{ tabs = { world:screen{ id = "a" } }, placeholder = empty }
    assert.are.same({ empty }, s.secondary.stack)
  end)

  it("explains bad arguments", function()
    local ok, message = pcall(function() world:split{ tabs = { world:screen{ id = "again" } } } end)
    assert.is_false(ok)
    assert.matches("already has an engine named 'split'", message)
    detent.world{ device = "iPad Pro 11-inch" }
    assert.has_error(function() world:split{ tabs = {} } end,
      "a tab container needs at least one tab root (tabs = { screen, ... })")
    assert.has_error(function() world:split{} end,
      "tabs = { screen, ... } is required: the root screen of each tab, in bar order")
    assert.has_error(function() world:split{ tabs = { "inbox" } } end,
      "tabs[1] must be a screen (made with world:screen{...}), got string")
    local a = world:screen{ id = "a" }
    assert.has_error(function() world:split{ tabs = { a }, selected = 2 } end, "selected must be a tab index 1…1, got 2")
  end)
end)
