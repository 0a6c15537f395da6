-- Seeded random sequences for the invariant suites (scripts/scenarios/*/invariants_spec.lua).
-- Each action is Lua source text, run exactly as it is printed, so a failing sequence can be
-- pasted back as a spec that replays it.
local sequences = {}

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

return sequences
