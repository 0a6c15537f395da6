-- Scroll hand-off inside a sheet (SPEC §5 with §6's rules). A scrollable screen in the sheet
-- scrolls only while the sheet is at its largest detent; below it, dragging the content up
-- raises the sheet instead; pulling the content down at its top lowers the sheet. One finger
-- movement never moves both the sheet and the content.
--
-- The sheet: detents medium (426, top 426) and large (793, top 59), a screen with 2,000 pt
-- of content.
local function sheet_at(detent)
  local feed = world:screen{ id = "feed", content_height = 2000 }
  local s = world:sheet{ screens = { feed }, detents = { "medium", "large" }, presented = true, detent = detent }
  wait_frames(1)
  return s, feed
end

local function offset(screen) return screen.content_offset end

describe("below the largest detent", function()
  it("raises the sheet instead of scrolling: 150 pt up from medium makes it 576 tall, content at 0", function()
    local s = sheet_at("medium")
    local t = touch("sheet.content")
    assert.are.equal(nil, t.part)       -- hit-tested on the first frame
    t:move_by(0, -150, { duration = 0.3 })
    assert.are.equal("content", t.part)
    assert.near(576, s.height, 1e-9)
    assert.are.equal(0, s.content_offset)
    t:hold(0.1)
    t:up()
  end)

  it("scrolls only once the sheet has reached the largest detent", function()
    local s = sheet_at("medium")
    local tr = trace{ "sheet.top", "sheet.content_offset" }
    local t = touch("sheet.content")
    t:move_by(0, -600, { duration = 0.6 })   -- 367 pt raise the sheet to large, the rest scrolls
    assert.are.equal(793, s.height)
    assert.is_true(s.content_offset > 0)
    t:hold(0.1)
    t:up()
    assert.are.equal("large", s.detent)
    -- Never both in one frame.
    local tops, offsets = tr["sheet.top"].values, tr["sheet.content_offset"].values
    for i = 2, #tops do
      assert.is_false(tops[i] ~= tops[i - 1] and offsets[i] ~= offsets[i - 1], "frame " .. i .. " moved both")
    end
  end)
end)

describe("at the largest detent", function()
  it("scrolls the content and leaves the sheet where it is", function()
    local s = sheet_at("large")
    scroll("sheet.content", { by = 300 })
    assert.are.equal(793, s.height)
    assert.near(300, s.content_offset, 1e-9)
    assert.are.equal("large", s.detent)
  end)

  it("pulling down scrolls the content back to its top first, then lowers the sheet", function()
    local s = sheet_at("large")
    scroll("sheet.content", { by = 100 })
    local tr = trace{ "sheet.top", "sheet.content_offset" }
    local t = touch("sheet.content")
    t:move_by(0, 300, { duration = 0.5 })
    assert.are.equal(0, s.content_offset)
    assert.is_true(s.height < 793 - 150)
    t:hold(0.1)
    t:up()
    local tops, offsets = tr["sheet.top"].values, tr["sheet.content_offset"].values
    for i = 2, #tops do
      assert.is_false(tops[i] ~= tops[i - 1] and offsets[i] ~= offsets[i - 1], "frame " .. i .. " moved both")
    end
    wait_idle()
    assert.are.equal("medium", s.detent)
  end)

  it("a content flick down from the top dismisses like a drag on the bar would", function()
    local s = sheet_at("medium")
    flick("sheet.content", { velocity = 3000, distance = 80 })
    wait_event("sheet.did_dismiss", { timeout = 2 })
    assert.are.equal("hidden", s.state)
  end)
end)

describe("content momentum", function()
  it("at the largest detent, a flick keeps scrolling to its offset + (v/1000)·0.998/0.002", function()
    local s = sheet_at("large")
    local v = flick("sheet.content", { velocity = -1200, distance = 60 })
    local released_at = s.content_offset
    wait_idle()
    assert.near(released_at + (-v.y / 1000) * 0.998 / (1 - 0.998), s.content_offset, 1e-6)
    assert.are.equal("large", s.detent)
  end)

  it("below it there is none: the sheet takes the flick", function()
    local s = sheet_at("medium")
    flick("sheet.content", { velocity = -1200, distance = 60 })
    wait_idle()
    assert.are.equal(0, s.content_offset)
    assert.are.equal("large", s.detent)
  end)
end)
