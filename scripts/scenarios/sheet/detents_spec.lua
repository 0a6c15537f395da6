-- Detents and dragging (SPEC §5). Detents: `content` (bar + content + bottom inset, the
-- default), `medium` (half the screen), `large` (the cap, 852 − 59 = 793) and custom heights.
-- On iPhone 15 with 200 pt of content: content 290 (top 562), medium 426 (top 426), large 793
-- (top 59). The sheet follows the finger, rubber-bands above its largest detent
-- (b(x) = (1 − 1/(x·0.55/d + 1))·d with d = the room above it, 59 pt), and on release picks
-- a detent with SPEC §6's policies over the detents' tops; a spring (mass 1, stiffness 200,
-- damping ratio 1) settles it, starting at the release velocity in pt/s.
local function sheet_at(detent, policy)
  local s = world:sheet{ screens = { world:screen{ id = "form", content_height = 200 } },
                         detents = { "content", "medium", "large" }, policy = policy, presented = true, detent = detent }
  wait_frames(1)
  return s
end

local function landing(s)
  wait_event("sheet.settled", { timeout = 5 })
  return s.detent
end

describe("detents", function()
  it("resolve to heights: content 290, medium 426, large 793, custom capped at 793", function()
    local s = world:sheet{ screens = { world:screen{ id = "a", content_height = 200 } },
                           detents = { "content", "medium", "large", 600, { name = "tall", height = 5000 } } }
    assert.are.same({
      { name = "content", height = 290 }, { name = "medium", height = 426 }, { name = "h600", height = 600 },
      { name = "large", height = 793 }, { name = "tall", height = 793 },
    }, s.detents)
  end)

  it("can be changed; a sheet resting at a removed detent settles at the nearest one", function()
    local s = sheet_at("medium")
    s:set_detents{ "content", "large" }
    assert.are.equal("content", landing(s))
    assert.are.equal(290, s.height)
  end)

  it("reject what is not a detent, saying what is", function()
    local s = sheet_at("medium")
    assert.has_error(function() s:set_detents{ "half" } end,
      "unknown detent 'half' (expected one of: content, medium, large; or a height in points)")
    assert.has_error(function() s:set_detents{} end, "a sheet needs at least one detent")
    assert.has_error(function() s:set_detents{ -5 } end, "detent 'h-5' needs a finite height > 0 in points")
    assert.has_error(function() s:set_detents{ "large", "large" } end, "detent 'large' is declared twice")
  end)

  it("move_to jumps and animate_to springs to a detent", function()
    local s = sheet_at("content")
    s:move_to("large")
    assert.are.equal(793, s.height)
    s:animate_to("medium")
    assert.are.equal("settling", s.state)
    assert.are.equal("medium", landing(s))
  end)
end)

describe("dragging", function()
  it("follows the finger: 50 pt up from medium makes the sheet 476 tall", function()
    local s = sheet_at("medium")
    local t = touch("sheet.grabber")
    t:move_by(0, -50, { duration = 0.2 })
    assert.are.equal("dragging", s.state)
    assert.near(476, s.height, 1e-9)
    t:hold(0.1)
    t:up()
  end)

  it("rubber-bands above the largest detent: 100 pt past it shows only b(100) = 28.5 pt", function()
    local s = sheet_at("large")
    local t = touch("sheet.grabber")
    t:move_by(0, -100, { duration = 0.2 })
    local b = (1 - 1 / (100 * 0.55 / 59 + 1)) * 59
    assert.near(793 + b, s.height, 1e-9)
    t:hold(0.1)
    t:up()
    assert.are.equal("large", landing(s))
  end)

  it("between detents, a still release settles at the nearest one", function()
    local s = sheet_at("medium")
    drag("sheet.grabber", { by = { 0, -100 }, hold = 0.1 })   -- height 526: medium is nearest
    assert.are.equal("medium", landing(s))
  end)
end)

describe("a slow flick up from content (60 pt/s over 15 pt)", function()
  it("reaches medium under ultradrawer: the forced-next-detent rule", function()
    local s = sheet_at("content")
    local v = flick("sheet.grabber", { velocity = -60, distance = 15 })
    assert.near(-60, v.y, 2)
    assert.are.equal("medium", landing(s))
  end)

  it("stays at content under floatingpanel: the projection (≈30 pt) is under half the 136 pt segment", function()
    local s = sheet_at("content", "floatingpanel")
    flick("sheet.grabber", { velocity = -60, distance = 15 })
    assert.are.equal("content", landing(s))
  end)

  it("stays at content under nearest", function()
    local s = sheet_at("content", "nearest")
    flick("sheet.grabber", { velocity = -60, distance = 15 })
    assert.are.equal("content", landing(s))
  end)
end)

describe("a fast flick up from content", function()
  it("at 2,500 pt/s lands on medium under ultradrawer: the projection (247.5 pt) ends nearest medium", function()
    local s = sheet_at("content")
    flick("sheet.grabber", { velocity = -2500, distance = 60 })
    assert.are.equal("medium", landing(s))
  end)

  it("at 4,000 pt/s lands on large under ultradrawer, but goes one detent under floatingpanel", function()
    local s = sheet_at("content")
    flick("sheet.grabber", { velocity = -4000, distance = 60 })
    assert.are.equal("large", landing(s))
    s.policy = "floatingpanel"
    s:move_to("content")
    flick("sheet.grabber", { velocity = -4000, distance = 60 })
    assert.are.equal("medium", landing(s))
  end)

  it("obeys a policy written in Lua, which sees detents as anchors over their tops", function()
    local s = sheet_at("content", function(release)
      assert.are.equal(3, #release.anchors)
      assert.are.equal("large", release.anchors[1].name)        -- smallest top first
      return "large"
    end)
    flick("sheet.grabber", { velocity = -60, distance = 15 })
    assert.are.equal("large", landing(s))
  end)
end)

describe("the settling spring", function()
  it("starts with the release velocity in pt/s: first settling frame within 2 %", function()
    local s = sheet_at("content")
    local ended
    world:on("sheet.drag_ended", function(e) ended = e end)
    local v = flick("sheet.grabber", { velocity = -1500, distance = 80 })
    assert.are.equal("settling", s.state)
    assert.near(v.y, ended.velocity, 1e-9)
    assert.near(v.y, s.velocity, math.abs(v.y) * 0.02)
    assert.is_true(math.abs(s.velocity) > 1000)
  end)

  it("is interrupted by a touch, which carries on from where the sheet is", function()
    local s = sheet_at("content")
    flick("sheet.grabber", { velocity = -1500, distance = 80 })
    wait(0.05)
    local caught = s.height
    local t = touch("sheet.grabber")
    wait_frames(1)
    assert.are.equal("dragging", s.state)
    assert.is_true(math.abs(s.interrupted_velocity) > 0)
    assert.near(caught, s.height, 40)
    t:move_by(0, 20, { duration = 0.1 })
    t:hold(0.1)
    t:up()
    wait_idle()
    assert.are.equal("resting", s.state)
  end)

  it("follows its detent when the content changes while it settles", function()
    local form = world:screen{ id = "form", content_height = 200 }
    local s = world:sheet{ screens = { form }, detents = { "content", "large" }, presented = true, detent = "large" }
    wait_frames(1)
    local tr = trace{ "sheet.height" }
    s:animate_to("content")
    wait(0.1)
    form.content_height = 300
    assert.are.equal("content", landing(s))
    assert.are.equal(390, s.height)
    assert.series(tr["sheet.height"]):max_step(60)
  end)
end)
