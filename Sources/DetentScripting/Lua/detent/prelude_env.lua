-- prelude_env.lua — the prelude's own view of the globals.
--
-- A snapshot of the sandbox's globals (library tables copied), so a spec that clobbers
-- `ipairs`, `string.format` or `describe` cannot break the runner's own code. What the
-- prelude defines goes to both; names it does not know (world, detent, spawn) fall through
-- to the live globals. Run once per state, before the prelude files; returns the table
-- the host makes their environment.

local env = {}
for k, v in pairs(_G) do
  if type(v) == "table" and k ~= "_G" then
    local copy = {}
    for k2, v2 in pairs(v) do copy[k2] = v2 end
    env[k] = copy
  else
    env[k] = v
  end
end
env._G = _G
local G, rawset = _G, rawset
return setmetatable(env, { __index = G, __newindex = function(t, k, v) rawset(t, k, v); G[k] = v end })
