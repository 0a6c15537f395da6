-- Device profiles (SPEC §3, config/devices.toml — each figure there names its source):
-- screen size in points, safe-area insets per orientation, refresh rate.
describe("device profiles", function()
  local function check(name, width, height, top, bottom, frames_per_second)
    detent.world{ device = name }
    assert.are.equal(width, world.width)
    assert.are.equal(height, world.height)
    local s = world:screen{ id = "s" }
    world:navigation{ screens = { s }, bar_hidden = true }
    assert.are.equal(top, s.safe_area.top)
    assert.are.equal(bottom, s.safe_area.bottom)
    wait(1)
    assert.are.equal(frames_per_second, world.frame)   -- idle frames at the maximum rate
  end

  it("iPhone SE (3rd generation): 375 × 667, insets 20/0, 60 Hz", function()
    check("iPhone SE (3rd generation)", 375, 667, 20, 0, 60)
  end)
  it("iPhone 15: 393 × 852, insets 59/34, 60 Hz", function() check("iPhone 15", 393, 852, 59, 34, 60) end)
  it("iPhone 15 Pro: 393 × 852, insets 59/34, 120 Hz", function() check("iPhone 15 Pro", 393, 852, 59, 34, 120) end)
  it("iPhone 15 Pro Max: 430 × 932, insets 59/34, 120 Hz", function() check("iPhone 15 Pro Max", 430, 932, 59, 34, 120) end)

  it("iPad Pro 11-inch: 834 × 1194, insets 24/20, 24–120 Hz ProMotion (24 Hz when idle)", function()
    check("iPad Pro 11-inch", 834, 1194, 24, 20, 24)
  end)
  it("iPad Pro 12.9-inch: 1024 × 1366, insets 24/20", function() check("iPad Pro 12.9-inch", 1024, 1366, 24, 20, 24) end)

  it("Dynamic-Island phones in landscape: left/right 59, bottom 21", function()
    detent.world{ device = "iPhone 15 Pro", orientation = "landscape" }
    assert.are.equal(852, world.width)
    local s = world:screen{ id = "s" }
    world:navigation{ screens = { s }, bar_hidden = true }
    assert.are.same({ top = 0, left = 59, bottom = 21, right = 59 }, s.safe_area)
  end)
end)
