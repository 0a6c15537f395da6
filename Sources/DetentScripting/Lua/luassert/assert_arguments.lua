-- assert_arguments.lua — what the built-in assertions share: their argument
-- checks, argument-list edits and failure fields.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; leaves the helpers
-- on `host.luassert.arguments` for assert_compare, assert_values and assert_errors.

local host = ...
local luassert = host.luassert
local usage, say, format_value, custom_tostring = luassert.usage, luassert.say, luassert.format_value, luassert.custom_tostring

local function set_failure_message(state, message)
  if message ~= nil then state.failure_message = message end
end

--- "(number) 4" when the assertion is positive, "not (number) 4" when negated.
local function expecting(state, text)
  return state.mod and text or ("not " .. text)
end

local function require_arguments(arguments, count, name, level)
  if arguments.n < count then
    usage(say("assertion.internal.argtolittle", { name, tostring(count), tostring(arguments.n) }), level + 1)
  end
end

local function bad_argument(position, name, wanted, value, level)
  usage(say("assertion.internal.badargtype", { tostring(position), name, wanted, format_value(value) }), level + 1)
end

local function has_tostring(value)
  return type(value) == "string" or type(value) == "number" or custom_tostring(value) ~= nil
end

-- Argument lists may hold nils, so they are shifted by their count `n`
-- rather than with table.insert/remove, whose idea of length is a border.
local function insert_argument(arguments, position, value)
  local n = math.max(arguments.n, position - 1)
  for i = n, position, -1 do arguments[i + 1] = arguments[i] end
  arguments[position] = value
  arguments.n = n + 1
end

local function remove_argument(arguments, position)
  local value = arguments[position]
  for i = position, arguments.n do arguments[i] = arguments[i + 1] end
  arguments.n = arguments.n - 1
  return value
end

--- The message argument of matches/error_matches: as in luassert, the first
-- argument from the third on that is neither a number nor a boolean.
local function take_trailing_message(arguments)
  for i = 3, arguments.n do
    local value = arguments[i]
    if value ~= nil and type(value) ~= "boolean" and not tonumber(value) then
      return remove_argument(arguments, i)
    end
  end
  return nil
end

-- Arguments are reordered "passed in" first, as luassert does, so that the
-- message templates read "Passed in: <actual> / Expected: <expected>".
local function swap_expected_actual(arguments)
  arguments[1], arguments[2] = arguments[2], arguments[1]
end

luassert.has_tostring = has_tostring
luassert.insert_argument = insert_argument
luassert.arguments = {
  set_failure_message = set_failure_message,
  expecting = expecting,
  require_arguments = require_arguments,
  bad_argument = bad_argument,
  take_trailing_message = take_trailing_message,
  swap_expected_actual = swap_expected_actual,
}
