-- The navigation bar (SPEC §3, §4). Heights: 44 on a phone in portrait, 32 in landscape, 50
-- on iPad, 56 inside a sheet; a large title adds 52 (96), a prompt 30. While visible the bar
-- adds a top safe-area inset of max(bar height, 44) below the device's own (59 on iPhone 15).
describe("the navigation bar", function()
  it("is 44 pt on a phone in portrait and adds its inset below the status bar", function()
    local home = world:screen{ id = "home", title = "Home" }
    local nav = world:navigation{ screens = { home } }
    assert.are.equal(44, nav.bar_height)
    assert.are.equal(59 + 44, home.safe_top)
    assert.are.equal(59 + 44, home.content_top)
  end)

  it("grows with a large title and a prompt", function()
    local nav = world:navigation{ screens = { world:screen{ id = "a" } } }
    assert.are.equal(96, nav:bar_height_for(world:screen{ id = "large", large_title = true }))
    assert.are.equal(74, nav:bar_height_for(world:screen{ id = "prompted", prompt = "Pick one" }))
    assert.are.equal(126, nav:bar_height_for(world:screen{ id = "both", large_title = true, prompt = "Pick one" }))
  end)

  it("is 32 pt in phone landscape, where the inset floor of 44 still applies", function()
    detent.world{ orientation = "landscape" }
    local s = world:screen{ id = "wide" }
    local nav = world:navigation{ screens = { s } }
    assert.are.equal(32, nav.bar_height)
    assert.are.equal(0 + 44, s.safe_top)       -- no status-bar inset in landscape; max(32, 44)
  end)

  it("is 50 pt on iPad and 56 pt inside a sheet", function()
    detent.world{ device = "iPad Pro 11-inch" }
    local nav = world:navigation{ screens = { world:screen{ id = "pad" } } }
    assert.are.equal(50, nav.bar_height)
    local sheet_nav = world:navigation{ name = "sheet_nav", in_sheet = true, screens = { world:screen{ id = "s" } } }
    assert.are.equal(56, sheet_nav.bar_height)
  end)

  it("hides and shows, animated over 0.2 s, taking its inset with it", function()
    local s = world:screen{ id = "s" }
    local nav = world:navigation{ screens = { s } }
    nav:set_bar_hidden(true)
    wait(0.1)
    assert.is_true(nav.bar_visibility > 0 and nav.bar_visibility < 1)
    wait(0.1)
    assert.are.equal(0, nav.bar_visibility)
    assert.are.equal(59, s.safe_top)
    nav:set_bar_hidden(false, false)
    assert.are.equal(59 + 44, s.safe_top)
  end)

  it("keeps content from jumping while the bar grows from 44 to 96 during a push", function()
    local list = world:screen{ id = "list", title = "List" }
    local big = world:screen{ id = "big", title = "Big", large_title = true }
    local nav = world:navigation{ screens = { list } }
    local tr = trace{ "navigation.bar_height", "navigation.screen.big.content_top", "navigation.screen.big.additional_top" }
    nav:push(big)
    wait_idle()
    -- The bar grows smoothly from 44 to 96 …
    assert.series(tr["navigation.bar_height"]):monotonic("increasing"):max_step(13)
    assert.are.equal(96, nav.bar_height)
    -- … and the incoming content starts under the old bar and follows the bar down: its
    -- additional inset starts at −diff = −52 and animates to 0 (the seed's compensation).
    local top = tr["navigation.screen.big.content_top"]
    assert.near(59 + 44, top.values[1], 13)
    assert.series(top):max_step(13):monotonic("increasing")
    assert.are.equal(59 + 96, big.content_top)
    assert.are.equal(0, big.additional_top)
  end)

  it("would jump by 52 pt without the compensation", function()
    local list = world:screen{ id = "list" }
    local big = world:screen{ id = "big", large_title = true }
    local nav = world:navigation{ screens = { list }, compensates = false }
    local tr = trace{ "navigation.screen.big.content_top" }
    local before = list.content_top                     -- 59 + 44: under the old bar
    nav:push(big)
    wait_idle()
    -- On the very first frame the content already sits under the final 96 pt bar.
    assert.are.equal(52, tr["navigation.screen.big.content_top"].values[1] - before)
  end)

  it("moves the leaving screen's content up with the bar during a pop that shrinks it", function()
    -- The leaving screen is offset by diff = −52 over the pop (leaving_screen_spec.lua), so
    -- both screens' content follows the bar from 59 + 96 to 59 + 44 without a jump.
    local list = world:screen{ id = "list" }
    local big = world:screen{ id = "big", large_title = true }
    local nav = world:navigation{ screens = { list, big } }
    local tr = trace{ "navigation.screen.big.content_top", "navigation.screen.list.content_top", "navigation.bar_height" }
    nav:pop()
    wait_idle()
    assert.series(tr["navigation.screen.big.content_top"]):max_step(13):monotonic("decreasing")
    assert.series(tr["navigation.screen.list.content_top"]):max_step(13)
    assert.series(tr["navigation.bar_height"]):monotonic("decreasing")
    assert.are.equal(59 + 44, list.content_top)
    assert.are.equal(59 + 44, big.content_top)
  end)

  it("slides and cross-fades titles in the system style", function()
    local a = world:screen{ id = "a", title = "A" }
    local b = world:screen{ id = "b", title = "B" }
    local nav = world:navigation{ screens = { a } }
    local tr = trace{ "navigation.item.b.title_x", "navigation.item.b.title_alpha", "navigation.item.a.title_alpha" }
    nav:push(b)
    wait_idle()
    local x, alpha = tr["navigation.item.b.title_x"], tr["navigation.item.b.title_alpha"]
    assert.series(x):monotonic("decreasing")            -- from +width/2 towards 0
    assert.series(alpha):monotonic("increasing")        -- fades in
    assert.series(tr["navigation.item.a.title_alpha"]):monotonic("decreasing")
    assert.are.same({ title_x = 0, title_alpha = 1, back_x = 0, back_alpha = 1 }, nav:item(b))
  end)

  it("moves each screen's bar with the screen in the attached style", function()
    local a = world:screen{ id = "a", title = "A" }
    local b = world:screen{ id = "b", title = "B" }
    local nav = world:navigation{ screens = { a }, bar_style = "attached" }
    nav:push(b)
    wait_frames(5)
    local item = nav:item(b)
    assert.are.equal(b.x, item.title_x)                 -- the bar rides with its screen
    assert.are.equal(1, item.title_alpha)
    assert.are.equal(a.x, nav:item(a).title_x)
  end)
end)

describe("safe areas", function()
  it("take the device's bottom, left and right insets plus a container's additional ones", function()
    local s = world:screen{ id = "s" }
    world:navigation{ screens = { s } }
    assert.are.same({ top = 59 + 44, left = 0, bottom = 34, right = 0 }, s.safe_area)
    detent.world{ orientation = "landscape" }
    local wide = world:screen{ id = "wide" }
    world:navigation{ screens = { wide } }
    assert.are.same({ top = 44, left = 59, bottom = 21, right = 59 }, wide.safe_area)
  end)
end)

describe("the attached bar style", function()
  it("brings the bar in with the second screen when the root hides it (seed article 004)", function()
    local root = world:screen{ id = "root", bar_hidden = true }
    local second = world:screen{ id = "second", title = "Second" }
    local nav = world:navigation{ screens = { root }, bar_style = "attached" }
    assert.are.equal(0, nav.bar_height)                 -- the root shows no bar
    assert.are.equal(59, root.safe_top)
    nav:push(second)
    wait_frames(5)
    assert.are.equal(0, nav:item(root).title_alpha)     -- nothing leaves with the root
    local item = nav:item(second)
    assert.are.equal(1, item.title_alpha)               -- the new bar rides in with its screen
    assert.are.equal(second.x, item.title_x)
    wait_idle()
    assert.are.equal(44, nav.bar_height)
  end)
end)
