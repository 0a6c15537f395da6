-- Issue 16's scenario as users write it: a navigation stack that pushes and pops a screen
-- every 0.4 s with `wait`, while a drawer beside it springs from anchor to anchor, two
-- properties traced every frame. The world never rests, so every frame is stepped (none is
-- fast-forwarded); each test prints how many it stepped, and scripts/bench/scenario_ticks.sh
-- divides their sum by the process's wall time.
--
-- Six tests of 45 virtual minutes each (iPhone 15, 60 Hz: 162,000 frames a test), so that
-- process start-up weighs little against the ticks; max_test_virtual_seconds is 3600.
local MINUTES = 45

local function run_scenario(minutes)
  local root = world:screen{ id = "root", title = "Inbox" }
  local detail = world:screen{ id = "detail", title = "Message" }
  local nav = world:navigation{ screens = { root } }
  local drawer = world:drawer{ anchors = { "top", "middle", "bottom" } }
  local tr = trace{ "navigation.progress", "drawer.origin" }
  spawn(function()
    local order = { "top", "middle", "bottom", "middle" }
    local i = 0
    while true do
      i = i % #order + 1
      drawer:animate_to(order[i])
      wait_event("drawer.settled")
    end
  end)
  local start = world.frame
  for _ = 1, minutes * 60 / 0.8 do
    nav:push(detail)
    wait(0.4)
    nav:pop()
    wait(0.4)
  end
  tr:stop()
  -- Every frame stepped: the trace sampled each one, and none was skipped.
  assert.are.equal(world.frame - start, tr.count)
  assert.are.equal(1, nav.depth)
  print(("frames stepped: %d"):format(tr.count))
end

describe("navigation beside a springing drawer", function()
  for n = 1, 6 do
    it("pushes and pops every 0.4 s for " .. MINUTES .. " virtual minutes (" .. n .. ")", function()
      run_scenario(MINUTES)
    end)
  end
end)
