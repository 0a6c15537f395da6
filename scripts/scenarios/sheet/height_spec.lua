-- The sheet's height follows its content (SPEC §5; the seed article's bottom-sheet navigation
-- controller): bar (if visible) + top screen's content height + bottom safe inset, capped at
-- the screen height − top safe inset. On iPhone 15: bar 56, bottom inset 34, cap 852 − 59 =
-- 793. A push or pop carries the height along with its progress (0.35 s, `sheet` curve); any
-- other content change animates it on the default timing (0.35 s, `sheet`); a change made
-- with animated = false applies at once.
local function screen(id, content)
  return world:screen{ id = id, title = id, content_height = content }
end

local function presented(...)
  local sheet = world:sheet{ screens = { ... }, presented = true }
  wait_frames(1)
  return sheet
end

describe("the content detent", function()
  it("is bar + content + bottom inset: 56 + 300 + 34 = 390", function()
    local sheet = presented(screen("a", 300))
    assert.are.equal(390, sheet.height)
    assert.are.equal(390, sheet:detent_height("content"))
  end)

  it("is capped at 852 − 59 = 793 for tall content", function()
    local sheet = presented(screen("a", 2000))
    assert.are.equal(793, sheet.height)
    assert.are.equal(793, sheet.cap)
  end)

  it("leaves the bar out when the bar is hidden: 300 + 34 = 334", function()
    local sheet = world:sheet{ screens = { screen("a", 300) }, bar_hidden = true, presented = true }
    wait_frames(1)
    assert.are.equal(334, sheet.height)
  end)
end)

describe("during a push", function()
  it("moves with the transition's progress: mid-push the height is 56 + lerp(300, 500, p) + 34", function()
    local sheet = presented(screen("a", 300))
    sheet.navigation:push(screen("b", 500))
    for _ = 1, 6 do
      wait_frames(1)
      local p = sheet.navigation.progress
      assert.near(56 + 300 + (500 - 300) * p + 34, sheet.height, 1e-9)
    end
    wait_idle()
    assert.are.equal(590, sheet.height)
  end)

  it("is 390 · … at 0.1 s: the sheet curve's progress y(0.1/0.35) carries the height", function()
    local sheet = presented(screen("a", 300))
    sheet.navigation:push(screen("b", 500))
    wait(0.1)
    assert.near(390 + 200 * detent.motion.curve("sheet", 0.1 / 0.35), sheet.height, 1e-3)
  end)

  it("shrinks back on pop, with the pop's progress", function()
    local sheet = presented(screen("a", 300))
    sheet.navigation:push(screen("b", 500))
    wait_idle()
    local tr = trace{ "sheet.height" }
    sheet.navigation:pop()
    wait_idle()
    assert.are.equal(390, sheet.height)
    assert.series(tr["sheet.height"]):monotonic("decreasing")
  end)

  it("never jumps: no frame moves the height more than the transition does", function()
    local sheet = presented(screen("a", 100))
    local tr = trace{ "sheet.height" }
    sheet.navigation:push(screen("b", 700))
    wait_idle()
    -- The sheet curve is steepest at its start, slope y1/x1 = 1/0.2 = 5: one frame of 1/60 s
    -- out of 0.35 s moves at most 5/(60 · 0.35) ≈ 23.8 % of the 600 pt change.
    assert.series(tr["sheet.height"]):max_step(600 * 5 / (60 * 0.35))
    assert.are.equal(56 + 700 + 34, sheet.height)
  end)

  it("caps each screen before blending: content taller than the cap never jumps on push or pop", function()
    -- 390 → 793 (not 56 + 3000 + 34): the blend runs between the capped heights, so the
    -- first frame moves at most 23.8 % of 403 pt, and the pop does not wait at the cap.
    local sheet = presented(screen("a", 300))
    local tr = trace{ "sheet.height" }
    sheet.navigation:push(screen("b", 3000))
    wait_idle()
    assert.are.equal(793, sheet.height)
    sheet.navigation:pop()
    wait_idle()
    assert.are.equal(390, sheet.height)
    assert.series(tr["sheet.height"]):max_step(403 * 5 / (60 * 0.35))
  end)

  it("jumps with a push made with animated = false", function()
    local sheet = presented(screen("a", 300))
    sheet.navigation:push(screen("b", 500), false)
    wait_frames(1)
    assert.are.equal(590, sheet.height)
  end)
end)

describe("outside a transition", function()
  it("animates a stack-layout item added over the default 0.35 s, on the sheet curve", function()
    local form = world:screen{ id = "form", stack = { items = { { id = "name", size = 44 }, { id = "email", size = 44 } } } }
    local sheet = presented(form)
    assert.are.equal(56 + 88 + 34, sheet.height)
    local tr = trace{ "sheet.height" }
    local start = world.time
    form:add_item{ id = "error", size = 60 }
    wait_frames(1)
    local frame = 1 / 60
    assert.near(178 + 60 * detent.motion.curve("sheet", frame / 0.35), sheet.height, 1e-3)
    wait_until(function() return sheet.height == 238 end)
    -- It started from the frame shown before the change (one frame before the first step).
    assert.near(0.35, world.time - start, 1 / 60 + 1e-9)
    assert.series(tr["sheet.height"]):monotonic("increasing")
  end)

  it("animates an item resized or removed the same way", function()
    local form = world:screen{ id = "form", stack = { items = { { id = "a", size = 100 }, { id = "b", size = 100 } } } }
    local sheet = presented(form)
    form:resize_item("a", 40)
    wait(0.1)
    assert.near(290 - 60 * detent.motion.curve("sheet", 0.1 / 0.35), sheet.height, 1e-3)
    wait_idle()
    assert.are.equal(230, sheet.height)
    form:remove_item("b")
    wait_idle()
    assert.are.equal(130, sheet.height)
  end)

  it("animates the bar hiding: the height loses the 56 pt bar over 0.35 s", function()
    local sheet = presented(screen("a", 300))
    sheet.navigation:set_bar_hidden(true)
    wait(0.1)
    assert.near(390 - 56 * detent.motion.curve("sheet", 0.1 / 0.35), sheet.height, 1e-3)
    wait_idle()
    assert.are.equal(334, sheet.height)
  end)

  it("turns smoothly when the content changes again mid-animation: a new 0.35 s from where it is", function()
    local a = screen("a", 300)
    local sheet = presented(a)
    local tr = trace{ "sheet.height" }
    a.content_height = 400
    wait(0.2)
    a.content_height = 100
    wait_idle()
    assert.are.equal(190, sheet.height)
    -- The steepest frame of a 0.35 s sheet-curve animation moves 5/(60·0.35) ≈ 24 % of it.
    assert.series(tr["sheet.height"]):max_step(0.24 * 400)
  end)

  it("applies a bar hidden with animated = false at once", function()
    local sheet = presented(screen("a", 300))
    sheet.navigation:set_bar_hidden(true, false)
    wait_frames(1)
    assert.are.equal(334, sheet.height)
  end)

  it("animates a scrollable screen's content height change", function()
    local a = screen("a", 300)
    local sheet = presented(a)
    a.content_height = 400
    wait_idle()
    assert.are.equal(490, sheet.height)
  end)
end)

describe("at a fixed detent", function()
  it("keeps its height when the content changes: only the content detent follows content", function()
    local a = screen("a", 300)
    local sheet = world:sheet{ screens = { a }, detents = { "content", "large" }, presented = true, detent = "large" }
    wait_frames(1)
    sheet.navigation:push(screen("b", 100))
    wait_idle()
    assert.are.equal(793, sheet.height)
    assert.are.equal(56 + 100 + 34, sheet:detent_height("content"))
  end)
end)

describe("rotation", function()
  it("re-resolves the sheet for the landscape window: 56 + 300 + 21 = 377 under a cap of 393", function()
    local a = screen("a", 300)
    local sheet = presented(a)
    rotate("landscape")
    wait_frames(1)
    assert.are.equal(393, sheet.cap)                 -- 393 tall, no top inset in landscape
    assert.are.equal(377, sheet.height)              -- bottom inset 21 in landscape
    assert.are.equal(852, a.frame.width)
    assert.are.equal(393 - 377, a.frame.y)
  end)
end)
