-- The screen that leaves on pop (SPEC §4; issue 11 §7; seed article 001's transition
-- coordinator code). With diff = to.safe_top − from.safe_top, the outgoing screen's frame is
-- offset by diff and grows by max(0, −diff) over the transition — with the pop's eased
-- progress, with the finger in an interactive pop, and back to its old frame when that is
-- cancelled. Its safe top stays the old one, so its content rides with the bar instead of
-- staying put under it. iPhone 15 portrait: 393 × 852, status bar 59; a plain bar adds 44, a
-- large title 96, so diff = ±52.
local FULL = { x = 0, y = 0, width = 393, height = 852 }

local function stack(top_has_large_title)
  local below = world:screen{ id = "below", title = "Below", large_title = not top_has_large_title }
  local top = world:screen{ id = "top", title = "Top", large_title = top_has_large_title }
  local nav = world:navigation{ screens = { below, top } }
  return nav, below, top
end

describe("the leaving screen on pop", function()
  it("moves up by 52 and grows by 52 from a large title to a plain bar: start, middle, end", function()
    local nav, below, top = stack(true)
    nav:pop()
    assert.are.same(FULL, top.frame)                   -- start: its old frame
    wait(0.175)                                        -- half the 0.35 s
    local e = nav.progress
    assert.is_true(e > 0.5 and e < 1)
    assert.near(-52 * e, top.frame.y, 1e-9)            -- middle: diff · e
    assert.near(852 + 52 * e, top.frame.height, 1e-9)  -- max(0, −diff) · e
    assert.near(below.content_top, top.content_top, 1e-9)
    wait_idle()
    assert.are.same({ x = 393, y = -52, width = 393, height = 904 }, top.frame)  -- end
    assert.are.equal(59 + 96, top.safe_top)            -- the safe top it had
    assert.are.equal(59 + 44, top.content_top)         -- under the final bar
  end)

  it("moves down by 52 without growing from a plain bar to a large title: start, middle, end", function()
    local nav, below, top = stack(false)
    nav:pop()
    assert.are.same(FULL, top.frame)
    wait(0.175)
    local e = nav.progress
    assert.near(52 * e, top.frame.y, 1e-9)
    assert.are.equal(852, top.frame.height)            -- max(0, −52) = 0
    assert.near(below.content_top, top.content_top, 1e-9)
    wait_idle()
    assert.are.same({ x = 393, y = 52, width = 393, height = 852 }, top.frame)
    assert.are.equal(59 + 96, top.content_top)
  end)

  it("keeps its content level with the bar on every frame", function()
    local nav, _, top = stack(true)
    local tr = trace{ "navigation.bar_height", "navigation.screen.top.content_top" }
    nav:pop()
    wait_idle()
    local bar, content = tr["navigation.bar_height"], tr["navigation.screen.top.content_top"]
    assert.is_true(#content.values > 10)
    for i, y in ipairs(content.values) do
      assert.near(59 + bar.values[i], y, 1e-9)
    end
    assert.series(content):monotonic("decreasing")
  end)

  it("follows the finger in an interactive pop and returns exactly when it is cancelled", function()
    local nav, _, top = stack(true)
    local t = touch(5, 400)
    t:move_by(98.25, 0, { duration = 0.2 })
    assert.near(0.25, nav.progress, 1e-9)              -- 98.25 / 393
    assert.near(-52 * 0.25, top.frame.y, 1e-9)
    assert.near(852 + 52 * 0.25, top.frame.height, 1e-9)
    t:hold(0.1)
    t:up()                                             -- still, before half: cancels
    wait_idle()
    assert.are.equal(2, nav.depth)
    assert.are.same(FULL, top.frame)
    assert.are.equal(59 + 96, top.content_top)
  end)
end)
