-- assert_errors.lua — assertions about errors: has_error (error, errors) and
-- error_matches, which run a function protected and look at what it raised.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; registers its
-- assertions.

local host = ...
local luassert = host.luassert
local add, format_value, has_tostring, is_callable, deep_same =
  luassert.add, luassert.format_value, luassert.has_tostring, luassert.is_callable, luassert.deep_same
local a = luassert.arguments
local set_failure_message, require_arguments, bad_argument, take_trailing_message =
  a.set_failure_message, a.require_arguments, a.bad_argument, a.take_trailing_message

--- Strips the "chunk:line: " that `error` prepends, as luassert does.
local function strip_position(message)
  return (message:gsub("^[^\n]-:%d+: ", "", 1))
end

--- Runs `fn` protected.  Returns whether it raised, the error as raised, and
-- the error as compared (a string without its position prefix).
local function catch(fn)
  local ok, raised = pcall(fn)
  local compared = raised
  if not ok and type(raised) == "string" then compared = strip_position(raised) end
  return not ok, raised, compared
end

--- Fills the error assertions' message arguments and failure fields.
-- Without an expected error, the caught one is shown as raised (with its
-- position), which is what a reader of `has_no.errors` wants to see.
local function describe_error(state, arguments, raised_any, raised, compared, expected, expected_given)
  arguments.n = 2
  arguments.nofmt = { [1] = not raised_any, [2] = not expected_given }
  local shown = raised
  if expected_given then shown = compared end
  if raised_any then arguments[1] = shown else arguments[1] = "(no error)" end   -- error(nil): "(nil)"
  if expected_given then arguments[2] = expected else arguments[2] = "(error)" end
  state.actual = function()
    if raised_any then return format_value(shown) end
    return "(no error)"
  end
  if state.mod then
    state.expected = function() return expected_given and format_value(expected) or "(error)" end
  else
    state.expected = function() return expected_given and ("not " .. format_value(expected)) or "(no error)" end
  end
end

-- The values an error assertion returns, as luassert's: its arguments, the first replaced by
-- what the function raised (or returned).
local function returned(arguments, first)
  local copy = { n = arguments.n }
  for i = 1, arguments.n do copy[i] = arguments[i] end
  copy[1] = first
  return copy
end

local function has_error(state, arguments, level)
  local fn, expected, message = arguments[1], arguments[2], arguments[3]
  if not is_callable(fn) then bad_argument(1, "error", "function or callable object", fn, level) end
  local expected_given = expected ~= nil
  local raised_any, raised, compared = catch(fn)
  local returns = returned(arguments, compared)
  describe_error(state, arguments, raised_any, raised, compared, expected, expected_given)
  set_failure_message(state, message)
  if not raised_any or not expected_given then return raised_any, returns end
  if type(expected) == "string" then
    if has_tostring(compared) then
      compared = tostring(compared)
      returns[1] = compared
    end
    if type(compared) == "string" then return expected == compared, returns end
  elseif type(expected) == "number" and type(compared) == "string" then
    return tostring(expected) == tostring(tonumber(compared)), returns
  end
  return deep_same(compared, expected), returns
end

--- error_matches(fn, pattern, init?, plain?, message?): a nil pattern matches an error of
--- nil; on success it returns the pattern's captures (the pattern itself when plain).
local function error_matches(state, arguments, level)
  require_arguments(arguments, 2, "error_matches", level)
  local original = returned(arguments, nil)
  local message = take_trailing_message(arguments)
  local fn, pattern, init, plain = arguments[1], arguments[2], arguments[3], arguments[4]
  if not is_callable(fn) then bad_argument(1, "error_matches", "function or callable object", fn, level) end
  if pattern ~= nil and type(pattern) ~= "string" then bad_argument(2, "error_matches", "string", pattern, level) end
  local raised_any, raised, compared = catch(fn)
  local returns = returned(original, compared)
  describe_error(state, arguments, raised_any, raised, compared, pattern, true)
  set_failure_message(state, message)
  if not raised_any then return false, returns end
  if compared == nil and pattern == nil then return true, { n = 0 } end
  if has_tostring(compared) or type(compared) == "number" or type(compared) == "boolean" then
    compared = tostring(compared)
    returns[1] = compared
  end
  if type(compared) ~= "string" or pattern == nil then return false, returns end
  if plain then
    if compared:find(pattern, tonumber(init), true) ~= nil then return true, { pattern, n = 1 } end
    return false, returns
  end
  local captures = table.pack(compared:match(pattern, tonumber(init)))
  if captures[1] == nil then return false, returns end
  return true, captures
end

add("assertion", "error", has_error, "assertion.error.positive", "assertion.error.negative", false)
add("assertion", "errors", has_error, "assertion.error.positive", "assertion.error.negative", false)
for _, name in ipairs({ "error_matches", "error_match", "matches_error", "match_error" }) do
  add("assertion", name, error_matches, "assertion.error.positive", "assertion.error.negative", false)
end
