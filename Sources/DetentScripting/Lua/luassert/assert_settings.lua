-- assert_settings.lua — luassert's settings: formatters, parameters, snapshots,
-- error levels, and the message templates (a small stand-in for luassert's `say`).
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; adds to the module
-- and leaves `say`/`fill` on `host.luassert`.

local host = ...
local state = host.assert_state   -- formatters, parameters, spies (assert_state.lua)
local luassert = host.luassert
local M, without_self = luassert.module, luassert.without_self

function M.add_formatter(...)
  local fn = without_self(...)
  state.add_formatter(fn)
end

function M.remove_formatter(...)
  local fn = without_self(...)
  state.remove_formatter(fn)
end

function M.set_parameter(...)
  local name, value = without_self(...)
  state.set_parameter(name, value)
end

function M.get_parameter(...)
  local name = without_self(...)
  return state.get_parameter(name)
end

--- assert:snapshot(): a snapshot whose revert() restores formatters,
-- parameters and spies as they were (see assert_state.lua).
function M.snapshot()
  return state.snapshot()
end

--- assert:add_spy(s): reverts `s` with the current snapshot.
function M.add_spy(...)
  local spy = without_self(...)
  state.add_spy(spy)
end

local Level = {}

--- assert:level(n): an error level for assert(v, message, level), so a
-- helper can blame its caller: assert(false, "why", assert:level(2)).
function M.level(...)
  local level = without_self(...)
  return setmetatable({ level = level }, Level)
end

--- assert:get_level(v): the level of a value made by assert:level, else nil.
function M.get_level(...)
  local level = without_self(...)
  if getmetatable(level) ~= Level then return nil end
  return level.level
end

------------------------------------------------------------------------
-- Messages (a small stand-in for luassert's `say`)

M.messages = {
  ["assertion.same.positive"] = "Expected objects to be the same.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.same.negative"] = "Expected objects to not be the same.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.equals.positive"] = "Expected objects to be equal.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.equals.negative"] = "Expected objects to not be equal.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.near.positive"] = "Expected values to be near.\nPassed in:\n%s\nExpected:\n%s +/- %s",
  ["assertion.near.negative"] = "Expected values to not be near.\nPassed in:\n%s\nDid not expect:\n%s +/- %s",
  ["assertion.matches.positive"] = "Expected strings to match.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.matches.negative"] = "Expected strings not to match.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.array_holes.positive"] = "Expected array to have holes, but none were found.\n",
  ["assertion.array_holes.negative"] = "Expected array to not have holes, but found a hole at index: %s\n",
  ["assertion.returned_arguments.positive"] = "Expected to be called with %s argument(s), but was called with %s",
  ["assertion.returned_arguments.negative"] = "Expected not to be called with %s argument(s), but was called with %s",
  ["assertion.unique.positive"] = "Expected object to be unique:\n%s",
  ["assertion.unique.negative"] = "Expected object to not be unique:\n%s",
  ["assertion.error.positive"] = "Expected a different error.\nCaught:\n%s\nExpected:\n%s",
  ["assertion.error.negative"] = "Expected no error, but caught:\n%s",
  ["assertion.truthy.positive"] = "Expected to be truthy, but value was:\n%s",
  ["assertion.truthy.negative"] = "Expected to not be truthy, but value was:\n%s",
  ["assertion.falsy.positive"] = "Expected to be falsy, but value was:\n%s",
  ["assertion.falsy.negative"] = "Expected to not be falsy, but value was:\n%s",
  ["assertion.internal.argtolittle"] = "the '%s' function requires a minimum of %s arguments, got: %s",
  ["assertion.internal.badargtype"] = "bad argument #%s to '%s' (%s expected, got %s)",
}

function M.set_message(...)
  local key, text = without_self(...)
  M.messages[key] = text
end

--- Fills each %s of a message (looked up by key, or the key itself used as
-- the template) with the next of `values`; "%%" is a literal percent sign.
local function fill(key, values, count)
  local template = M.messages[key] or key
  local i = 0
  return (template:gsub("%%([%%s])", function(c)
    if c == "%" then return "%" end
    i = i + 1
    if i > count then return "(no value)" end
    return values[i]
  end))
end

local function say(key, values)
  return fill(key, values, #values)
end

luassert.fill = fill   -- fill(key, values, count): a template with `count` values
luassert.say = say     -- say(key, values): a message template filled
