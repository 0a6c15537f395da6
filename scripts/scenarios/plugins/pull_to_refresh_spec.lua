-- The bundled pull-to-refresh component (scripts/plugins/pull_to_refresh.lua): a plugin's
-- engine object, pulled with the ordinary gesture verbs, read as fields and traced like a
-- drawer. Its scroll view here spans y 100…700 on the iPhone 15; the header opens to 50 pt
-- once a pull shows 60 pt of it. A pull is rubber-banded over the 600 pt frame, so a finger
-- moving 200 pt shows (1 − 1/(200·0.55/600 + 1))·600 ≈ 93 pt of header, and 40 pt ≈ 21 pt.
local function scroll_view(options)
  options = options or {}
  options.frame = options.frame or { y = 100, height = 600 }
  return world:component("pull_to_refresh", options)
end

describe("pull to refresh", function()
  it("refreshes after a pull past the threshold, resting open at the header's height", function()
    local ptr = scroll_view()
    local refreshed = 0
    world:on("pull_to_refresh.refresh", function() refreshed = refreshed + 1 end)
    local t = touch("pull_to_refresh.content")
    t:move_by(0, 200, 0.4)
    assert.near(93, ptr.offset, 1)
    assert.are.equal("armed", ptr.state)
    t:up()
    assert.are.equal("refreshing", ptr.state)
    wait_idle()
    assert.are.equal(50, ptr.offset)
    assert.are.equal("refreshing", ptr.state)
    assert.are.equal(1, ptr.refreshes)
    assert.are.equal(1, refreshed)
  end)

  it("closes when the refresh ends", function()
    local ptr = scroll_view()
    drag("pull_to_refresh.content", { by = { 0, 200 }, duration = 0.4 })
    wait_idle()
    ptr:end_refreshing()
    assert.is_true(ptr.busy)
    wait_idle()
    assert.are.equal(0, ptr.offset)
    assert.are.equal("idle", ptr.state)
  end)

  it("springs back to 0 after a short pull", function()
    local ptr = scroll_view()
    local t = touch("pull_to_refresh.content")
    t:move_by(0, 40, 0.3)
    assert.near(21.2, ptr.offset, 0.5)
    assert.are.equal("pulling", ptr.state)
    t:up()
    wait_idle()
    assert.are.equal(0, ptr.offset)
    assert.are.equal("idle", ptr.state)
    assert.are.equal(0, ptr.refreshes)
  end)

  it("records its offset every frame with trace{}", function()
    local ptr = scroll_view()
    local tr = trace{ "pull_to_refresh.offset" }
    local first = world.frame
    drag("pull_to_refresh.content", { by = { 0, 200 }, duration = 0.4 })
    wait_idle()
    tr:stop()
    local s = tr["pull_to_refresh.offset"]
    -- The value when trace{} was called, then one sample per frame, none skipped while the
    -- finger and the spring move.
    assert.are.equal(world.frame - first + 1, #s.values)
    assert.are.equal(first, s.frames[1])
    assert.series(s):max_step(10)
    assert.near(93, math.max(table.unpack(s.values)), 1)
    assert.are.equal(50, s.values[#s.values])
    assert.are.equal(ptr.offset, world:property("pull_to_refresh.offset"))
  end)

  it("does not receive touches outside its regions", function()
    local ptr = scroll_view()
    local parts = {}
    world:on("touch.began", function(e) parts[#parts + 1] = e.part or "none" end)
    -- Above the scroll view (y 100) and below it (y 700): nothing claims these touches.
    drag({ x = 200, y = 60 }, { by = { 0, 200 } })
    drag({ x = 200, y = 720 }, { by = { 0, 100 } })
    wait_idle()
    assert.are.same({ "none", "none" }, parts)
    assert.are.equal(0, ptr.offset)
    assert.are.equal("idle", ptr.state)
  end)

  it("takes its place and its numbers from the scenario", function()
    local ptr = scroll_view{ name = "inbox", frame = { y = 200, height = 400 }, threshold = 30, height = 40 }
    assert.are.same({ x = 0, y = 200, width = 393, height = 400 }, ptr.frame)
    drag("inbox.content", { by = { 0, 100 }, duration = 0.4 })
    wait_idle()
    assert.are.equal("refreshing", ptr.state)
    assert.are.equal(40, world:property("inbox.offset"))
  end)
end)
