-- The standard library a spec gets (LuaLibraries.swift compiles it once, trusted): `load`
-- limited to text chunks unless the full library was asked for, and the limits' hooks.
local every_mode = ...   -- the full standard library: load takes every mode
local limit_reached = __detent_limit_reached
__detent_limit_reached = nil
local raw_load, raw_setmetatable, rawget, type, error = load, setmetatable, rawget, type, error
-- xpcall: a limit's error (raised from the count hook, where Lua runs message
-- handlers with hooks off) skips the script's handler, which could otherwise
-- loop unstopped; the limit then stops the test as it should.
local raw_xpcall = xpcall
xpcall = function(f, handler, ...)
  if type(handler) ~= "function" then return raw_xpcall(f, handler, ...) end
  return raw_xpcall(f, function(message)
    if limit_reached() then return message end
    return handler(message)
  end, ...)
end
if not every_mode then
  load = function(chunk, name, _, env)
    if env == nil then return raw_load(chunk, name, "t") end
    return raw_load(chunk, name, "t", env)
  end
end
-- C library loops that execute no Lua instruction (so no count hook) and are
-- not bounded by the memory cap: refused past sizes no scenario needs.
local raw_move, raw_rep = table.move, string.rep
table.move = function(a1, f, e, t, a2)
  if type(f) == "number" and type(e) == "number" and e - f >= 1e7 then
    error("table.move: a range of more than 10000000 elements (" .. string.format("%.0f", e - f + 1) .. ")", 2)
  end
  if a2 == nil then return raw_move(a1, f, e, t) end
  return raw_move(a1, f, e, t, a2)
end
local pcall = pcall
string.rep = function(s, n, sep)
  -- Repeating "" costs a loop of n empty copies: answer it at once.
  if type(n) == "number" and n > 1e6 and (type(s) == "string" or type(s) == "number")
     and #tostring(s) == 0 and (sep == nil or #tostring(sep) == 0) then
    return ""
  end
  local ok, result = pcall(raw_rep, s, n, sep)
  if not ok then error(result, 2) end   -- at the caller's line
  return result
end
-- Finalizers never run: Lua marks an object for finalization only if its metatable
-- has a __gc as it is set, so __gc is taken off the metatable for that moment and put
-- back (the object's metatable is the very table given, __gc field included; code
-- that copies every metamethod, as class libraries do, works unchanged).
local pcall, rawset = pcall, rawset
local function without_finalizer(set, name)
  return function(t, mt)
    if type(mt) ~= "table" or rawget(mt, "__gc") == nil then return set(t, mt) end
    local gc = rawget(mt, "__gc")   -- any value, false too, would mark the object
    rawset(mt, "__gc", nil)
    local ok, result = pcall(set, t, mt)
    rawset(mt, "__gc", gc)
    if not ok then error((tostring(result):gsub("^bad argument #(%d) to '%?'", "bad argument #%1 to '" .. name .. "'")), 2) end
    return result
  end
end
setmetatable = without_finalizer(raw_setmetatable, "setmetatable")
if debug and debug.setmetatable then debug.setmetatable = without_finalizer(debug.setmetatable, "setmetatable") end
