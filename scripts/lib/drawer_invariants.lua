-- The drawer invariant suite of scripts/scenarios/drawer/invariants*_spec.lua (its two
-- files run blocks 1–50 and 51–100, so that `detent run --jobs 2` can run the halves at once:
-- a spec file is the unit of parallelism).
--
-- Invariants under random input (issue 4 item 5, drawer part): seeded sequences of drags,
-- flicks, content scrolls, interruptions, anchor changes and pauses. Every frame is checked:
-- no NaN or infinity and no single-frame jump beyond 120 pt (faster than any finger or
-- spring here); at the end the drawer comes to rest exactly on an anchor. A failing
-- sequence is printed as a Lua spec that replays it.
--
-- 100 tests × 100 sequences = 10,000 sequences; math.random is seeded from --seed and each
-- test's name, so a run is reproducible.
local MAX_STEP = 120

local sequences = require("lib.sequences")

-- Each action is Lua source text: the generator runs exactly what it would print.
local function random_action()
  local kind = math.random(6)
  if kind == 1 then return sequences.drag("drawer.header", 400)
  elseif kind == 2 then return sequences.flick("drawer.header", 3000)
  elseif kind == 3 then return sequences.scroll("drawer.content", 300)
  elseif kind == 4 then return sequences.catch("drawer.header", 100)
  elseif kind == 5 then
    return string.format('drawer:set_anchors{ { name = "top", state = "top" }, { name = "middle", fraction = %s }, { name = "bottom", state = "bottom" } }',
      string.format("%.2f", sequences.uniform(0.3, 0.7)))
  else return sequences.pause()
  end
end

local function replay(actions)
  return "-- replay:\nit(\"replays a failing drawer sequence\", function()\n"
    .. "  local drawer = world:drawer{ anchors = { \"top\", \"middle\", \"bottom\" }, at = \"middle\", content_height = 2000 }\n  "
    .. table.concat(actions, "\n  ") .. "\n  wait_idle{ timeout = 10 }\nend)"
end

local function run_sequence()
  detent.world{}
  local drawer = world:drawer{ anchors = { "top", "middle", "bottom" }, at = "middle", content_height = 2000 }
  local tr = trace{ "drawer.origin" }
  local actions = {}
  for n = 1, math.random(1, 6) do actions[n] = random_action() end
  sequences.run(actions, { drawer = drawer }, function()
    wait_idle{ timeout = 10 }
    local s = tr["drawer.origin"]
    sequences.check_finite(s, "origin")
    assert.series(s):max_step(MAX_STEP)
    local resting = false
    for _, a in ipairs(drawer.anchors) do resting = resting or a.origin == drawer.origin end
    if not resting then error("came to rest at " .. drawer.origin .. ", not on an anchor", 0) end
    if drawer.state ~= "resting" then error("ended " .. drawer.state, 0) end
  end, replay)
end

--- Declares blocks `first` to `last` of the suite's 100 (100 sequences each).
return function(first, last)
  sequences.describe("drawer invariants under random gestures #invariants", { first, last }, 100, run_sequence)
end
