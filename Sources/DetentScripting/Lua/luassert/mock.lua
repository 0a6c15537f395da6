-- mock.lua — luassert's mocks: every function in a table (and in the tables
-- it holds) replaced by a spy, or by a stub.
--
--   local m = mock(t)            -- t's functions become spies (they still run)
--   local m = mock(t, true)      -- ... stubs (they return nothing)
--   mock.clear(m)  mock.revert(m)
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; defines the global `mock`.

local host = ...
local L = host.luassert

local M = {}

--- Calls `action` ("clear" or "revert") on every spy in `object`.
local function apply(object, action, visited)
  if type(object) ~= "table" or visited[object] then return object end
  if L.is_spy(object) then return object[action](object) end
  visited[object] = true
  for _, value in pairs(object) do apply(value, action, visited) end
  return object
end

--- mock.new(t, dostub?, fn?): replaces the functions of `t` (deeply) by spies
-- on them, or with `dostub` by stubs (calling `fn` if given).
function M.new(object, dostub, func)
  local visited = {}
  local function replace(value, owner, key)
    if type(value) == "table" then
      if L.is_spy(value) or visited[value] then return value end
      visited[value] = true
      local keys = {}
      for k in pairs(value) do keys[#keys + 1] = k end
      for _, k in ipairs(keys) do value[k] = replace(value[k], value, k) end
      return value
    elseif type(value) == "function" then
      if dostub then return stub(owner, key, func) end
      if owner == nil then return spy.new(value) end
      return spy.on(owner, key)
    end
    return value
  end
  return replace(object, nil, nil)
end

function M.clear(object) return apply(object, "clear", {}) end
function M.revert(object) return apply(object, "revert", {}) end

mock = setmetatable(M, {
  __call = function(_, ...) return M.new(...) end,
})
return M
