-- assert_compare.lua — assertions that compare values: equal, same (deep), near,
-- unique; and deep_same, the comparison behind `same`.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; registers its
-- assertions and adds `deep_same` to the module and to `host.luassert`.

local host = ...
local luassert = host.luassert
local M, add, format_value = luassert.module, luassert.add, luassert.format_value
local sorted_entries, new_context = luassert.sorted_entries, luassert.new_context
local a = luassert.arguments
local set_failure_message, expecting, require_arguments = a.set_failure_message, a.expecting, a.require_arguments
local bad_argument, swap_expected_actual = a.bad_argument, a.swap_expected_actual

-- Deep comparison

--- Compares two values structurally.  Tables are the same when they have
-- the same keys with the same values (metatables and __eq are ignored; keys
-- that are tables match by identity, as in luassert).  Cycles are handled by
-- assuming a pair under comparison is the same until shown otherwise.
-- Returns true, or false and the path of the first difference (in sorted
-- key order, so the path is deterministic) as a chain of steps { up, entry }:
-- strings are built only for a difference, so deep tables cost no more than
-- their depth (a path string per level would cost its square).
local function deep_same(a, b, seen, path)
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b then return true end
    return false, path
  end
  if rawequal(a, b) then return true end
  local row = seen[a]
  if row == nil then row = {}; seen[a] = row end
  if row[b] then return true end
  row[b] = true
  local ctx = new_context()
  for _, entry in ipairs(sorted_entries(a, ctx, 0, "root")) do
    local same, where = deep_same(a[entry.key], b[entry.key], seen, { up = path, entry = entry })
    if not same then return false, where end
  end
  for _, entry in ipairs(sorted_entries(b, ctx, 0, "root")) do
    if a[entry.key] == nil then return false, { up = path, entry = entry } end
  end
  return true
end


--- assert.deep_same(a, b): the comparison behind `same`, for plugins.
function M.deep_same(a, b)
  local holds = deep_same(a, b, {}, nil)
  return holds
end

--- Whether two values are the same as `same` compares them and, when two tables are not,
--- luassert's crumbs: the keys down to the first difference, deepest first.
local function deep_difference(a, b)
  local holds, path = deep_same(a, b, {}, nil)
  if holds or type(a) ~= "table" or type(b) ~= "table" then return holds end
  local crumbs, step = {}, path
  while step do crumbs[#crumbs + 1] = step.entry.key; step = step.up end
  return false, crumbs
end

local function equals(state, arguments, level)
  require_arguments(arguments, 2, "equals", level)
  local expected, actual = arguments[1], arguments[2]
  swap_expected_actual(arguments)
  set_failure_message(state, arguments[3])
  state.expected = function() return expecting(state, format_value(expected)) end
  state.actual = function() return format_value(actual) end
  return expected == actual
end

local function same(state, arguments, level)
  require_arguments(arguments, 2, "same", level)
  local expected, actual = arguments[1], arguments[2]
  swap_expected_actual(arguments)
  set_failure_message(state, arguments[3])
  local holds, crumbs = deep_difference(expected, actual)
  -- luassert marks the differing keys in both tables.
  if crumbs then arguments.fmtargs = { { crumbs = crumbs }, { crumbs = crumbs } } end
  state.expected = function() return expecting(state, format_value(expected, arguments.fmtargs and arguments.fmtargs[2])) end
  state.actual = function() return format_value(actual, arguments.fmtargs and arguments.fmtargs[1]) end
  return holds
end

local function near(state, arguments, level)
  require_arguments(arguments, 3, "near", level)
  local wanted = "number or object convertible to a number"
  local expected, actual, tolerance = tonumber(arguments[1]), tonumber(arguments[2]), tonumber(arguments[3])
  if not expected then bad_argument(1, "near", wanted, arguments[1], level) end
  if not actual then bad_argument(2, "near", wanted, arguments[2], level) end
  if not tolerance then bad_argument(3, "near", wanted, arguments[3], level) end
  -- A NaN or negative tolerance would make `is_not.near` pass for any values.
  if not (tolerance >= 0) then bad_argument(3, "near", "tolerance >= 0 (not NaN)", arguments[3], level) end
  set_failure_message(state, arguments[4])
  arguments[1], arguments[2], arguments[3] = arguments[2], arguments[1], tostring(tolerance)
  arguments.nofmt = { [3] = true }
  arguments.n = 3
  state.expected = function() return expecting(state, format_value(arguments[2]) .. " +/- " .. tostring(tolerance)) end
  state.actual = function() return format_value(arguments[1]) end
  return actual >= expected - tolerance and actual <= expected + tolerance
end

--- unique(list, deep?, message?) — no two values of `list` are equal (or,
-- with `deep`, the same).  The message may also come second, as in luassert.
local function unique(state, arguments, level)
  local list, deep = arguments[1], nil
  if type(arguments[2]) == "boolean" or (arguments[2] == nil and arguments.n > 2) then
    deep = arguments[2]
    set_failure_message(state, arguments[3])
  else
    if type(arguments[3]) == "boolean" then deep = arguments[3] end
    set_failure_message(state, arguments[2])
  end
  if type(list) ~= "table" then bad_argument(1, "unique", "table", list, level) end
  arguments.n = 1
  state.expected = function() return state.mod and "unique values" or "a repeated value" end
  state.actual = function() return format_value(list) end
  local entries = sorted_entries(list, new_context(), 0, "root")
  for i = 1, #entries do
    for j = i + 1, #entries do
      local a, b = list[entries[i].key], list[entries[j].key]
      if a == b or (deep and deep_same(a, b, {}, nil)) then
        return false
      end
    end
  end
  return true
end

add("assertion", "equal", equals, "assertion.equals.positive", "assertion.equals.negative", false)
add("assertion", "equals", equals, "assertion.equals.positive", "assertion.equals.negative", false)
add("assertion", "same", same, "assertion.same.positive", "assertion.same.negative", false)
add("assertion", "near", near, "assertion.near.positive", "assertion.near.negative", false)
add("assertion", "unique", unique, "assertion.unique.positive", "assertion.unique.negative", false)

luassert.deep_same = M.deep_same
luassert.deep_difference = deep_difference   -- deep_difference(a, b): holds, crumbs
