-- Seeded random sequences for the invariant suites (scripts/scenarios/*/invariants_spec.lua).
-- Each action is Lua source text, run exactly as it is printed, so a failing sequence can be
-- pasted back as a spec that replays it.
local sequences = {}

--- A uniform random number in [lo, hi) from the seeded math.random.
function sequences.uniform(lo, hi) return lo + (hi - lo) * math.random() end

--- A number as it is printed into an action (one decimal).
function sequences.number(x) return string.format("%.1f", x) end

local uniform, number = sequences.uniform, sequences.number

-- Gestures the drawer and sheet suites both draw from; `part` names what the finger takes.

--- A drag by up to ±`reach` points over 0.05–0.5 s.
function sequences.drag(part, reach)
  return string.format('drag("%s", { by = { 0, %s }, duration = %s })', part, number(uniform(-reach, reach)), number(uniform(0.05, 0.5)))
end

--- A flick at ±`speed`/20 to ±`speed` pt/s over 20–150 pt. Slower is no flick: near zero
--- the stroke would last longer than a gesture may (distance / velocity), or print as 0.0.
function sequences.flick(part, speed)
  local velocity, slowest = uniform(-speed, speed), speed / 20
  if math.abs(velocity) < slowest then velocity = velocity < 0 and -slowest or slowest end
  return string.format('flick("%s", { velocity = %s, distance = %s })', part, number(velocity), number(uniform(20, 150)))
end

--- A content scroll by up to ±`reach` points over 0.1–0.5 s.
function sequences.scroll(part, reach)
  return string.format('scroll("%s", { by = %s, duration = %s })', part, number(uniform(-reach, reach)), number(uniform(0.1, 0.5)))
end

--- After up to 0.3 s (often mid-settle), a finger catches `part` and moves up to ±`reach` points.
function sequences.catch(part, reach)
  return string.format('wait(%s); local t = touch("%s"); t:move_by(0, %s, { duration = 0.1 }); t:up()',
    number(uniform(0, 0.3)), part, number(uniform(-reach, reach)))
end

--- A pause of up to 0.5 s.
function sequences.pause()
  return string.format("wait(%s)", number(uniform(0, 0.5)))
end

--- Runs `actions` (source strings) in order in `env` (other globals come from _G), then
--- `check()`. If an action or the check raises, raises the message followed by
--- `replay(actions)`: a spec that reproduces the failure.
function sequences.run(actions, env, check, replay)
  local ok, problem = pcall(function()
    local scope = setmetatable(env, { __index = _G })
    for _, source in ipairs(actions) do
      assert(load(source, "=(sequence)", "t", scope))()
    end
    check()
  end)
  if not ok then
    error(tostring(problem) .. "\n" .. replay(actions), 0)
  end
end

--- Fails unless every sample of the traced series `s` is a finite number; `what` names it.
function sequences.check_finite(s, what)
  for i, v in ipairs(s.values) do
    if v ~= v or v == math.huge or v == -math.huge then
      error(what .. " is " .. tostring(v) .. " at frame " .. s.frames[i], 0)
    end
  end
end

--- The suite: `blocks` tests of `per_block` sequences each (many sequences per test keeps
--- the per-test overhead out of the way; a block fails on its first bad sequence). `blocks`
--- is a count, or `{ first, last }` for part of a suite split over several spec files.
function sequences.describe(title, blocks, per_block, run_sequence)
  local first, last = 1, blocks
  if type(blocks) == "table" then first, last = blocks[1], blocks[2] end
  describe(title, function()
    for block = first, last do
      it("hold for sequence block " .. block, function()
        for _ = 1, per_block do run_sequence() end
      end)
    end
  end)
end

return sequences
