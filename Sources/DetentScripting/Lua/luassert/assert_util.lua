-- assert_util.lua — `require "luassert.util"`: the helpers luassert's own specs and extensions
-- use (argument lists that keep their trailing nils, deep compare and copy, callable checks),
-- with luassert's names and results.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; leaves the module in
-- `host.luassert_util` for sandbox.lua's built-in modules.

local host = ...
local luassert = host.luassert

local M = {}
local debug_lib = rawget(_G, "debug")   -- absent in the daemon's sandbox

local getmetatable_raw = debug_lib and debug_lib.getmetatable or getmetatable
local setmetatable_raw = debug_lib and debug_lib.setmetatable or setmetatable

--- pack(...): the values with their count in `n`; unpack(t, i?, j?) up to `n` (or #t).
function M.pack(...) return { n = select("#", ...), ... } end
function M.unpack(t, i, j) return table.unpack(t, i or 1, j or t.n or #t) end

M.make_arglist = luassert.make_arglist   -- a list printed "(values list) (...)"
M.is_arglist = luassert.is_arglist

--- deepcompare(a, b, ignore_mt?): whether two values are alike as `same` compares them
--- (raw keys, cycles allowed); when not, also the keys down to the first difference,
--- deepest first (luassert's crumbs). A __eq the two tables share decides unless ignore_mt
--- (for the two values given; inside them `same`'s comparison holds, where luassert asks
--- each nested pair's __eq too).
function M.deepcompare(a, b, ignore_mt)
  local mt = type(a) == "table" and type(b) == "table" and getmetatable_raw(a)
  if mt and mt == getmetatable_raw(b) and mt.__eq and not ignore_mt then return a == b end
  return luassert.deep_difference(a, b)
end

--- shallowcopy(t): the same keys and metatable; anything not a table as it is.
function M.shallowcopy(t)
  if type(t) ~= "table" then return t end
  local copy = {}
  for k, v in next, t do copy[k] = v end
  return setmetatable_raw(copy, getmetatable_raw(t))
end

--- deepcopy(t, deepmt?): tables copied all the way down (cycles kept as cycles), spies
--- shared; the metatable shared, or copied too with deepmt.
function M.deepcopy(t, deepmt, cache)
  if type(t) ~= "table" then return t end
  cache = cache or {}
  if cache[t] then return cache[t] end
  local copy = {}
  cache[t] = copy
  for k, v in next, t do
    copy[k] = spy.is_spy(v) and v or M.deepcopy(v, deepmt, cache)
  end
  local mt = getmetatable_raw(t)
  if deepmt then mt = M.deepcopy(mt, false, cache) end
  return setmetatable_raw(copy, mt)
end

--- copyargs(args): { vals = a deep copy (matchers and spies kept), refs = a shallow one }.
function M.copyargs(args)
  local vals = setmetatable_raw({}, getmetatable_raw(args))
  for k, v in next, args do
    vals[k] = (match.is_matcher(v) or spy.is_spy(v)) and v or M.deepcopy(v)
  end
  return { vals = vals, refs = M.shallowcopy(args) }
end

--- tinsert(t, pos?, value) and tremove(t, pos?): table.insert and table.remove that keep
--- nils, counting with t.n (set from #t when missing).
function M.tinsert(...)
  local t, pos, value = ...
  if select("#", ...) < 3 then pos, value = nil, pos end
  t.n = (t.n or #t) + 1
  if not pos then
    pos = t.n
  elseif pos > t.n then
    t[pos] = value
    t.n = pos
  end
  for i = t.n, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = value
end

function M.tremove(t, pos)
  t.n = t.n or #t
  if not pos then
    pos = t.n
  elseif pos > t.n then
    local removed = t[pos]
    t[pos] = nil
    return removed
  end
  local removed = t[pos]
  for i = pos, t.n do t[i] = t[i + 1] end
  t[t.n] = nil
  t.n = t.n - 1
  return removed
end

--- cleararglist(list): empties an argument list, its count too.
function M.cleararglist(list)
  for i = list.n or #list, 1, -1 do M.tremove(list, i) end
  list.n = nil
end

--- callable(v): a function, or a value whose metatable has a __call.
M.callable = luassert.is_callable

--- hastostring(v): a string, or a value whose metatable has a __tostring function.
function M.hastostring(value)
  if type(value) == "string" then return true end
  local mt = getmetatable_raw(value)
  return mt ~= nil and type(rawget(mt, "__tostring")) == "function"
end

--- errorlevel(level?): the level of the first caller outside the calling function's file
--- (luassert's, for error(message, level) at the spec line); `level` itself without the
--- debug library.
function M.errorlevel(level)
  level = (level or 1) + 1
  if not (debug_lib and debug_lib.getinfo) then return level - 1 end
  local info = debug_lib.getinfo(level, "S")
  local source = info and info.source
  local file = source
  while file and (file == source or source == "=(tail call)") do
    level = level + 1
    info = debug_lib.getinfo(level, "S")
    source = info and info.source
  end
  if level > 1 then level = level - 1 end
  return level
end

host.luassert_util = M
return M
