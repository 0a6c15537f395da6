-- Content that changes while a push or pop runs inside the sheet (SPEC §5; issue 11 §7). The
-- height must move on from what is on screen, not jump to the transition's new line: the
-- sheet starts its default timing (0.35 s, `sheet`) from the presented height towards the
-- target, which keeps moving with the transition. The navigation's own content_height bends
-- through the value on show and reaches the new end with the rest of the progress.
--
-- Bounds: the `sheet` curve (0.2, 1, 0.42, 1) is steepest at its start, slope 1/0.2 = 5, so
-- one 1/60 s frame of a 0.35 s animation moves at most 5/(60 · 0.35) ≈ 23.8 % of its change;
-- no frame may move the sheet more than that share of the range it travels in the test.
-- "Before" figures are the single-frame jumps the sheet made before the fix.
-- iPhone 15: bar 56, bottom inset 34, cap 852 − 59 = 793.
local STEEPEST = 5 / (60 * 0.35)
local CHROME = 56 + 34

local function screen(id, content)
  return world:screen{ id = id, title = id, content_height = content }
end

local function presented(...)
  local sheet = world:sheet{ screens = { ... }, presented = true }
  wait_idle()
  return sheet
end

-- Starts a transition, sets `changed`'s content height to `height` `at` seconds into it, and
-- returns the sheet's heights, traced every frame until all is idle.
local function change_during(start, at, changed, height)
  local tr = trace{ "sheet.height" }
  start()
  wait(at)
  changed.content_height = height
  wait_idle()
  return tr["sheet.height"]
end

describe("content that changes during a push", function()
  it("moves the sheet on from its presented height (150 → 150, then 400 half-way)", function()
    -- Before the fix the height leapt 240 → 483.6 in one frame: the new end times the progress.
    local sheet = presented(screen("a", 150))
    local b = screen("b", 150)
    local tr = trace{ "sheet.height" }
    sheet.navigation:push(b)
    wait(0.175)
    local shown = sheet.height
    assert.are.equal(CHROME + 150, shown)              -- both ends equal: nothing moved yet
    b.content_height = 400
    assert.are.equal(shown, sheet.height)              -- a change between frames moves nothing
    wait_frames(1)
    assert.is_true(sheet.height > shown and sheet.height - shown <= 250 * STEEPEST + 1e-9)
    wait_idle()
    assert.are.equal(CHROME + 400, sheet.height)
    assert.series(tr["sheet.height"]):max_step(250 * STEEPEST + 1e-9):monotonic("increasing")
  end)

  it("keeps following the transition when the incoming content changes early (100 → 300, then 600)", function()
    local sheet, b = presented(screen("a", 100)), screen("b", 300)
    local heights = change_during(function() sheet.navigation:push(b) end, 0.05, b, 600)
    assert.are.equal(CHROME + 600, sheet.height)
    -- It travels 190 → 690; before: one frame of 216.9 pt.
    assert.series(heights):max_step(500 * STEEPEST):monotonic("increasing")
  end)

  it("moves on smoothly when the change comes on the transition's last frames", function()
    local sheet, b = presented(screen("a", 150)), screen("b", 150)
    local heights = change_during(function() sheet.navigation:push(b) end, 0.33, b, 400)
    assert.are.equal(CHROME + 400, sheet.height)
    -- Before: 240 → 490 in the frame the push ended, all 250 pt at once.
    assert.series(heights):max_step(250 * STEEPEST + 1e-9)
  end)

  it("caps each screen first: a screen growing past the cap mid-push moves the sheet to 793 smoothly", function()
    local sheet, b = presented(screen("a", 300)), screen("b", 200)
    -- Its end is capped at 793, not 56 + 3000 + 34.
    local heights = change_during(function() sheet.navigation:push(b) end, 0.1, b, 3000)
    assert.are.equal(793, sheet.height)
    -- Down towards 290, then up to 793; before: one frame of 424.3 pt.
    assert.series(heights):max_step((793 - 290) * STEEPEST)
  end)

  it("does not move for a change above the cap: both capped ends stay 793", function()
    local sheet, b = presented(screen("a", 2000)), screen("b", 2500)
    local heights = change_during(function() sheet.navigation:push(b) end, 0.1, b, 4000)
    assert.series(heights):max_step(0)
    assert.are.equal(793, sheet.height)
  end)

  it("shrinks smoothly when the screen shrinks from above the cap mid-push", function()
    local sheet, b = presented(screen("a", 300)), screen("b", 3000)
    local heights = change_during(function() sheet.navigation:push(b) end, 0.1, b, 100)
    assert.are.equal(CHROME + 100, sheet.height)
    -- Before: one frame of 494.1 pt, from 713.4 to 219.2.
    assert.series(heights):max_step((793 - 190) * STEEPEST)
  end)
end)

describe("content that changes during a pop", function()
  it("moves on smoothly when the screen being uncovered changes", function()
    local a = screen("a", 150)
    local sheet = presented(a, screen("b", 150))
    local heights = change_during(function() sheet.navigation:pop() end, 0.1, a, 450)
    assert.are.equal(CHROME + 450, sheet.height)
    -- 240 → 540; before: one frame of 256.1 pt.
    assert.series(heights):max_step(300 * STEEPEST + 1e-9)
  end)

  it("moves on smoothly when the leaving screen changes, and ends on the screen uncovered", function()
    local b = screen("b", 150)
    local sheet = presented(screen("a", 400), b)
    local heights = change_during(function() sheet.navigation:pop() end, 0.1, b, 600)
    assert.are.equal(CHROME + 400, sheet.height)
    -- It travels 240 → 490 (the leaving screen's growth never shows); before: one frame of
    -- 78.7 pt towards the line from 600 + 90.
    assert.series(heights):max_step(250 * STEEPEST + 1e-9)
  end)
end)

describe("the navigation's content_height", function()
  it("bends through the value on show instead of jumping, and ends on the new height", function()
    local sheet = presented(screen("a", 100))
    local nav = sheet.navigation
    local b = screen("b", 300)
    local tr = trace{ "sheet.navigation.content_height", "sheet.navigation.progress" }
    nav:push(b)
    wait(0.1)
    local p, shown = nav.progress, nav.content_height
    assert.near(100 + 200 * p, shown, 1e-9)
    b.content_height = 600
    assert.are.equal(shown, nav.content_height)        -- read before the next frame: unchanged
    wait_frames(1)
    -- From the bend it runs to 600 with the rest of the progress.
    local q = nav.progress
    assert.near(shown + (600 - shown) * (q - p) / (1 - p), nav.content_height, 1e-9)
    wait_idle()
    assert.are.equal(600, nav.content_height)
    -- Every frame of the push: the line 100 → 300 up to the change, the bend after it.
    -- Before the fix it leapt (600 − 300) · p ≈ 219 pt onto the line 100 → 600.
    local heights, progress = tr["sheet.navigation.content_height"], tr["sheet.navigation.progress"]
    local checked = 0
    for i, q in ipairs(progress.values) do
      if q > 0 and q < 1 then
        local expected = q <= p and 100 + 200 * q or shown + (600 - shown) * (q - p) / (1 - p)
        assert.near(expected, heights.values[i], 1e-9)
        checked = checked + 1
      end
    end
    assert.is_true(checked > 10)
    assert.series(heights):monotonic("increasing")
  end)

  it("bends back to the outgoing screen's height when an interactive pop is cancelled", function()
    local a = screen("a", 200)
    local nav = world:navigation{ screens = { a, screen("b", 400) } }
    local t = touch(5, 400)
    t:move_by(196.5, 0, { duration = 0.2 })            -- progress 0.5
    assert.near(300, nav.content_height, 1e-9)
    a.content_height = 100                             -- the screen underneath shrinks
    t:move_by(-98.25, 0, { duration = 0.1 })           -- back to 0.25: 400 → bend at 300
    assert.near(350, nav.content_height, 1e-9)
    t:hold(0.1)
    t:up()
    wait_idle()
    assert.are.equal(2, nav.depth)
    assert.are.equal(400, nav.content_height)
  end)
end)
