-- Dismissing by hand (SPEC §5). Dragged below its smallest detent, a sheet dismisses on
-- release when its normalised velocity v / (distance to hidden) is at least 5.5 s⁻¹
-- (FloatingPanel's removal threshold) or when its projected position ((v/1000)·r/(1 − r) with
-- r = 0.99) passes half the sheet; otherwise it springs back. A tap on the dimming layer
-- dismisses too (configurable: dims_tap). dismissible = false blocks both.
--
-- Note on the numbers: with r = 0.99 the projection travels 0.099·v, so the half-sheet rule
-- fires from v/h > 5.05 s⁻¹ — before the velocity rule's 5.5. The velocity rule decides on its
-- own only with a slower projection (Swift tests cover it with the projection rule off).
--
-- Here the sheet shows 200 pt of content: 56 + 200 + 34 = 290 tall, its top at 562.
local function sheet(options)
  options = options or {}
  options.screens = { world:screen{ id = "form", content_height = 200 } }
  options.presented = true
  local s = world:sheet(options)
  wait_frames(1)
  return s
end

describe("dragging below the smallest detent", function()
  it("dismisses a flick down at 2,000 pt/s: 2000 / 230 ≈ 8.7 s⁻¹ ≥ 5.5", function()
    local s = sheet()
    local ended
    world:on("sheet.drag_ended", function(e) ended = e end)
    local v = flick("sheet.grabber", { velocity = 2000, distance = 60 })
    assert.near(2000, v.y, 20)
    assert.is_true(ended.dismiss)
    wait_event("sheet.did_dismiss", { timeout = 2 })
    assert.are.equal("hidden", s.state)
    assert.are.equal(0, s.dimming)
  end)

  it("springs back from a moderate flick: 600 pt/s at 250 pt is 2.4 s⁻¹, projected to 190.6 > 145", function()
    local s = sheet()
    flick("sheet.grabber", { velocity = 600, distance = 40 })
    wait_event("sheet.settled", { timeout = 2 })
    assert.are.equal("content", s.detent)
    assert.are.equal(290, s.height)
  end)

  it("dismisses a flick whose projection passes half: 1,000 pt/s at 190 pt projects to 91 < 145", function()
    local s = sheet()
    flick("sheet.grabber", { velocity = 1000, distance = 100 })
    wait_event("sheet.did_dismiss", { timeout = 2 })
    assert.are.equal("hidden", s.state)
  end)

  it("springs back from a slow drag that stays above half (100 pt down, then still)", function()
    local s = sheet()
    drag("sheet.grabber", { by = { 0, 100 }, hold = 0.1 })
    wait_event("sheet.settled", { timeout = 2 })
    assert.are.equal(290, s.height)
  end)

  it("dismisses a slow drag that ends past half (170 pt down: 120 < 145)", function()
    local s = sheet()
    drag("sheet.grabber", { by = { 0, 170 }, hold = 0.1 })
    wait_event("sheet.did_dismiss", { timeout = 2 })
    assert.are.equal("hidden", s.state)
  end)

  it("fades the dimming with the height below the smallest detent", function()
    local s = sheet()
    local t = touch("sheet.grabber")
    t:move_by(0, 145, { duration = 0.2 })
    assert.near(0.4 * 145 / 290, s.dimming, 1e-9)
    t:hold(0.1)
    t:up()
  end)

  it("applies the rule to the smallest of several detents", function()
    local s = sheet{ detents = { "medium", "large" }, detent = "large" }
    flick("sheet.grabber", { velocity = 2000, distance = 60 })   -- from large: lands on medium, no dismissal
    wait_event("sheet.settled", { timeout = 2 })
    assert.are.equal("medium", s.detent)
    flick("sheet.grabber", { velocity = 2500, distance = 60 })   -- from medium: 2500 / 366 ≈ 6.8 s⁻¹
    wait_event("sheet.did_dismiss", { timeout = 2 })
  end)
end)

describe("the dimming layer", function()
  it("dismisses the sheet when tapped", function()
    local s = sheet()
    local tapped
    world:on("sheet.dimming_tapped", function(e) tapped = e end)
    tap("sheet.dimming")
    assert.is_true(tapped.dismissed)
    wait_event("sheet.did_dismiss")
    assert.are.equal("hidden", s.state)
  end)

  it("only blocks touches when dims_tap = false", function()
    local s = sheet{ dims_tap = false }
    tap("sheet.dimming")
    wait(0.5)
    assert.are.equal("resting", s.state)
    assert.is_false(s.dims_tap)
  end)

  it("covers what lies beneath: a drawer under the dimming gets no touch", function()
    local d = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle" }
    local s = sheet{ dims_tap = false }
    local t = touch(196, 440)      -- on the drawer's header, but under the dimming (above 562)
    wait_frames(1)
    assert.are.equal("dimming", t.part)
    t:up()
    assert.are.equal("resting", d.state)
  end)
end)

describe("dismissible = false", function()
  it("keeps the sheet on a dimming tap", function()
    local s = sheet{ dismissible = false }
    tap("sheet.dimming")
    wait(0.5)
    assert.are.equal("resting", s.state)
  end)

  it("keeps the sheet on a fast flick down, and rubber-bands it below its smallest detent", function()
    local s = sheet{ dismissible = false }
    local t = touch("sheet.grabber")
    t:move_by(0, 200, { duration = 0.2 })
    local b = (1 - 1 / (200 * 0.55 / 290 + 1)) * 290
    assert.near(290 - b, s.height, 1e-9)
    t:hold(0.1)
    t:up()
    wait_event("sheet.settled", { timeout = 2 })
    flick("sheet.grabber", { velocity = 3000, distance = 60 })
    wait_event("sheet.settled", { timeout = 2 })
    assert.are.equal(290, s.height)
  end)

  it("still lets the script dismiss", function()
    local s = sheet{ dismissible = false }
    s:dismiss()
    wait_event("sheet.did_dismiss")
  end)
end)
