-- Collapse and expand (SPEC §7), triggered by horizontal size-class changes from rotate(...)
-- and, on iPad, resize{width = ...} (multitasking widths in config/devices.toml).
-- Collapse: the secondary stack pops to its root and each popped screen is pushed, in order and
-- without animation, onto the primary stack. Expand: the primary stack pops to its root and the
-- popped screens go onto the secondary stack once the expansion has completed (0.4 s,
-- config/engine.toml [adaptive] size_change_duration).
-- iPad Pro 11": landscape full 1194 and 2/3 809 are regular; 1/2 592, 1/3 and Slide Over 375
-- compact. Portrait: full 834 regular; 2/3 504, 1/3 and Slide Over 320 compact.
local function ids(stack)
  local out = {}
  for i, s in ipairs(stack) do out[i] = s.id end
  return out
end

describe("collapse and expand", function()
  local inbox, split

  before_each(function()
    detent.world{ device = "iPad Pro 11-inch", orientation = "landscape" }
    inbox = world:screen{ id = "inbox", tab = "Inbox" }
    split = world:split{ tabs = { inbox } }
  end)

  it("collapse moves the secondary's screens onto the primary stack, in order, without animation", function()
    split.tabs:push(world:screen{ id = "mail" })
    split:show_detail(world:screen{ id = "attachment" })
    wait_idle()
    assert.are.same({ "placeholder", "mail", "attachment" }, ids(split.secondary.stack))
    resize{ width = 592 }                               -- 1/2 on the 11": compact
    assert.is_true(split.collapsed)
    assert.are.same({ "inbox", "mail", "attachment" }, ids(split.primary.stack))
    assert.are.same({ "placeholder" }, ids(split.secondary.stack))
    assert.is_false(split.primary.transitioning)
    assert.are.equal(3, split.tabs.depth)
    assert.are.equal(592, split.primary_width)
  end)

  it("emits will_collapse at once and did_collapse when the size change has run 0.4 s", function()
    local names = {}
    world:on("*", function(e) if e.name:match("^split%.") then names[#names + 1] = e.name end end)
    local start = world.time
    resize{ width = 375 }
    local done = wait_event("split.did_collapse")
    assert.are.same({ "split.will_collapse", "split.did_collapse" }, names)
    assert.near(0.4, done.time - start, 1 / 120 + 1e-9)
    assert.are.equal("collapsed", split.state)
  end)

  it("expand pops the primary to its root and pushes the screens onto the secondary once expanded", function()
    resize{ width = 375 }
    wait_idle()
    split.tabs:push(world:screen{ id = "mail" }, false)
    split.tabs:push(world:screen{ id = "attachment" }, false)
    local start = world.time
    resize{ width = 1194 }
    assert.are.equal("expanding", split.state)
    assert.are.same({ "inbox" }, ids(split.primary.stack))
    assert.are.same({ "placeholder" }, ids(split.secondary.stack))   -- not yet
    assert.are.equal(1, split.tabs.depth)
    wait(0.3)
    assert.are.same({ "placeholder" }, ids(split.secondary.stack))
    local done = wait_event("split.did_expand")
    assert.near(0.4, done.time - start, 1 / 120 + 1e-9)
    assert.are.equal(2, done.moved)
    assert.are.same({ "placeholder", "mail", "attachment" }, ids(split.secondary.stack))
    assert.is_false(split.secondary.transitioning)
    assert.are.equal("expanded", split.state)
  end)

  it("keeps the screens an expansion moves for the secondary: no other stack takes them meanwhile", function()
    resize{ width = 375 }
    wait_idle()
    local mail = world:screen{ id = "mail" }
    split.tabs:push(mail, false)
    resize{ width = 1194 }
    assert.has_error(function() split.primary:push(mail) end, "screen 'mail' is already in a navigation stack")
    wait_event("split.did_expand")
    assert.are.same({ "placeholder", "mail" }, ids(split.secondary.stack))
  end)

  it("emits will_expand then did_expand, in order", function()
    resize{ width = 375 }
    wait_idle()
    local names = {}
    world:on("*", function(e) if e.name:match("^split%.") then names[#names + 1] = e.name end end)
    resize{ width = 809 }                               -- 2/3 landscape: regular
    wait_idle()
    assert.are.same({ "split.will_expand", "split.did_expand" }, names)
  end)

  it("collapse followed by expand restores the original stacks", function()
    split.tabs:push(world:screen{ id = "mail" })
    split:show_detail(world:screen{ id = "thread" })
    wait_idle()
    resize{ width = 375 }
    wait_idle()
    resize{ width = 1194 }
    wait_idle()
    assert.are.same({ "inbox" }, ids(split.primary.stack))
    assert.are.same({ "placeholder", "mail", "thread" }, ids(split.secondary.stack))
  end)

  it("rotation changes the size class where the HIG table says so: 2/3 is regular in landscape, compact in portrait", function()
    split.tabs:push(world:screen{ id = "mail" })
    wait_idle()
    resize{ width = 809 }
    assert.is_false(split.collapsed)
    rotate("portrait")
    assert.are.equal(504, world.window_width)
    assert.are.equal("compact", world.size_class)
    assert.is_true(split.collapsed)
    assert.are.same({ "inbox", "mail" }, ids(split.primary.stack))
    rotate("landscape")
    wait_idle()
    assert.are.same({ "placeholder", "mail" }, ids(split.secondary.stack))
  end)

  it("a full-screen iPad stays regular in both orientations", function()
    rotate("portrait")
    assert.are.equal(834, world.window_width)
    assert.is_false(split.collapsed)
    assert.are.equal(834 - 320, split.secondary_width)
  end)

  it("1/2 stays regular on the 12.9-inch", function()
    detent.world{ device = "iPad Pro 12.9-inch", orientation = "landscape" }
    local s = world:split{ tabs = { world:screen{ id = "a" } } }
    resize{ width = 678 }
    assert.is_false(s.collapsed)
    assert.are.equal(678 - 320, s.secondary_width)
  end)

  it("a Max phone expands when it rotates to landscape (regular width there)", function()
    detent.world{ device = "iPhone 15 Pro Max" }
    local s = world:split{ tabs = { world:screen{ id = "a" } } }
    assert.is_true(s.collapsed)
    s.tabs:push(world:screen{ id = "detail" })
    wait_idle()
    rotate("landscape")
    wait_event("split.did_expand")
    assert.are.same({ "placeholder", "detail" }, ids(s.secondary.stack))
    assert.are.equal(932 - 320, s.secondary_width)
  end)

  it("a rotation mid-push ends the push before moving the screens", function()
    split.tabs:push(world:screen{ id = "mail" })
    wait_frames(5)
    assert.is_true(split.secondary.transitioning)
    resize{ width = 375 }
    assert.are.same({ "inbox", "mail" }, ids(split.primary.stack))
    assert.are.equal("primary", split.primary.top.parent)
  end)

  it("resize accepts only the device's multitasking widths, and not on phones", function()
    assert.has_error(function() resize{ width = 500 } end,
      "500 pt is not a multitasking width of iPad Pro 11-inch in landscape (expected one of: 1194 (full), 809 (2/3), 592 (1/2), 375 (1/3, slide_over))")
    detent.world{ device = "iPhone 15" }
    assert.has_error(function() resize{ width = 320 } end,
      'resize is iPad multitasking; iPhone 15 has no multitasking widths (use rotate("portrait" | "landscape"))')
    assert.has_error(function() rotate("upside_down") end,
      'rotate expects one of: "portrait", "landscape" (got "upside_down")')
  end)
end)
