-- The sheet invariant suite of scripts/scenarios/sheet/invariants*_spec.lua (its two
-- files run blocks 1–50 and 51–100, so that `detent run --jobs 2` can run the halves at once:
-- a spec file is the unit of parallelism).
--
-- Invariants under random input (issue 4 item 5, sheet part): seeded sequences of drags and
-- flicks on the sheet, content scrolls, dimming taps, interruptions, detent changes, pushes and
-- pops inside the sheet (animated or not), content changes, presents, dismisses and pauses.
-- Every frame is checked: the height is a finite number within [0, 852] (never above the
-- screen's top); no single-frame jump beyond MAX_STEP, except on the frames where a change
-- made with animated = false lands. At the end the sheet rests exactly on a detent's height,
-- or is hidden at 0. A failing sequence is printed as a Lua spec that replays it.
--
-- MAX_STEP: the steepest legitimate frame is the first of a 0.35 s `sheet`-curve animation,
-- whose slope at 0 is 1/0.2 = 5: 5/(60 · 0.35) ≈ 23.8 % of a change of at most 793 pt, 189 pt.
--
-- 100 tests × 100 sequences = 10,000 sequences; math.random is seeded from --seed and each
-- test's name, so a run is reproducible.
local MAX_STEP = 190
local SCREEN = 852

local sequences = require("lib.sequences")
local rnd, fmt = sequences.uniform, sequences.number
local function bool() return math.random(2) == 1 and "true" or "false" end

local DETENT_SETS = {
  '{ "content" }', '{ "content", "large" }', '{ "medium", "large" }', '{ "content", "medium", "large" }', '{ 300, "large" }',
}

-- Each action is Lua source text: the generator runs exactly what it would print.
local function random_action(n)
  local kind = math.random(12)
  if kind == 1 then return sequences.drag("sheet.grabber", 500)
  elseif kind == 2 then return sequences.flick("sheet.grabber", 4000)
  elseif kind == 3 then return sequences.scroll("sheet.content", 400)
  elseif kind == 4 then return sequences.catch("sheet.grabber", 150)
  elseif kind == 5 then
    return string.format('sheet:set_detents(%s)', DETENT_SETS[math.random(#DETENT_SETS)])
  elseif kind == 6 then
    return string.format('sheet.navigation:push(world:screen{ id = "s%d", content_height = %s }, %s)', n, fmt(rnd(0, 1200)), bool())
  elseif kind == 7 then
    return string.format('sheet.navigation:pop(%s)', bool())
  elseif kind == 8 then
    return string.format('sheet.navigation.top.content_height = %s', fmt(rnd(0, 1200)))
  elseif kind == 9 then
    return 'tap("sheet.dimming")'
  elseif kind == 10 then
    return string.format('sheet:present{ animated = %s }', bool())
  elseif kind == 11 then
    return string.format('sheet.navigation:set_bar_hidden(%s, %s)', bool(), bool())
  else return sequences.pause()
  end
end

local SETUP = 'local sheet = world:sheet{ screens = { world:screen{ id = "root", content_height = 400 } }, detents = { "content", "medium", "large" }, presented = true }'

local function replay(actions)
  return "-- replay:\nit(\"replays a failing sheet sequence\", function()\n  " .. SETUP .. "\n  "
    .. table.concat(actions, "\n  ") .. "\n  wait_idle{ timeout = 10 }\nend)"
end

-- Whether a change made with animated = false landed between two samples (idle frames are
-- fast-forwarded, so consecutive samples may be frames apart).
local function immediate_between(exempt, from, to)
  for _, f in ipairs(exempt) do
    if f >= from and f <= to then return true end
  end
  return false
end

local function check(sheet, tr, exempt)
  local s = tr["sheet.height"]
  sequences.check_finite(s, "height")
  for i, v in ipairs(s.values) do
    if v < 0 or v > SCREEN then error("height " .. v .. " outside [0, " .. SCREEN .. "] at frame " .. s.frames[i], 0) end
    if i > 1 and math.abs(v - s.values[i - 1]) > MAX_STEP and not immediate_between(exempt, s.frames[i - 1], s.frames[i]) then
      error(string.format("height jumped %.1f pt at frame %d (from %.1f to %.1f)", v - s.values[i - 1], s.frames[i], s.values[i - 1], v), 0)
    end
  end
  if sheet.state == "hidden" then
    if sheet.height ~= 0 then error("hidden at height " .. sheet.height, 0) end
  elseif sheet.state == "resting" then
    local expected = sheet:detent_height(sheet.detent)
    if sheet.height ~= expected then
      error(string.format("resting at %s with height %.6f, not its %.6f", sheet.detent, sheet.height, expected), 0)
    end
  else
    error("ended " .. sheet.state, 0)
  end
end

local function run_sequence()
  detent.world{}
  local sheet = assert(load("return function() " .. SETUP .. " return sheet end", "=(setup)", "t", _ENV))()()
  wait_frames(1)
  local exempt = {}
  local function immediate(e)
    if e.animated == false then exempt[#exempt + 1] = e.frame end
  end
  for _, name in ipairs({ "navigation.will_show", "navigation.bar_hidden", "sheet.will_present", "sheet.will_dismiss" }) do
    world:on(name, immediate)
  end
  local tr = trace{ "sheet.height" }
  local actions = {}
  for n = 1, math.random(1, 6) do actions[n] = random_action(n) end
  sequences.run(actions, { sheet = sheet }, function()
    wait_idle{ timeout = 10 }
    check(sheet, tr, exempt)
  end, replay)
end

--- Declares blocks `first` to `last` of the suite's 100 (100 sequences each).
return function(first, last)
  sequences.describe("sheet invariants under random gestures and content changes #invariants", { first, last }, 100, run_sequence)
end
