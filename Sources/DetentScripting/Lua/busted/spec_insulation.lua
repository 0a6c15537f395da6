-- spec_insulation.lua — what insulate and expose blocks save and put back (part of Detent's
-- busted-style structure, see spec.lua).
--
-- As busted's context does: entering an insulate block saves the raw contents of _G, its
-- metatable and package.loaded; leaving it puts all three back, so globals the block set
-- (through _G) and modules it loaded are gone after it. An expose block inside an insulate
-- block hands its changes on: when it ends, the insulate block's saved state is taken anew.
--
-- Loaded before spec.lua with the host table as `...`; leaves its functions on
-- `host.spec_insulation`. `host.loaded` (sandbox.lua's, set later) is the table `require`
-- keeps modules in: Lua's package.loaded, or the sandbox's own.

local host = ...

local function copy(t)
  local result = {}
  if t then
    for k, v in next, t do result[k] = v end
  end
  return result
end

--- The globals and loaded modules as they are now.
local function save()
  return { globals = copy(_G), mt = getmetatable(_G), loaded = copy(host.loaded) }
end

--- Sets `t`'s raw contents to exactly `contents`.
local function put_back(t, contents)
  local stale = {}
  for k in next, t do
    if contents[k] == nil then stale[#stale + 1] = k end
  end
  for _, k in ipairs(stale) do rawset(t, k, nil) end
  for k, v in next, contents do rawset(t, k, v) end
end

--- Puts the globals, _G's metatable and the loaded modules back as `state` saved them.
local function restore(state)
  if not rawequal(getmetatable(_G), state.mt) then pcall(setmetatable, _G, state.mt) end
  put_back(_G, state.globals)
  if host.loaded then put_back(host.loaded, state.loaded) end
end

host.spec_insulation = { save = save, restore = restore }
