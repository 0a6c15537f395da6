-- assert_values.lua — assertions about one value: matches (a Lua pattern),
-- truthy, falsy, true, false, the type checks (is_nil, is_number, ...) and
-- luassert's returned_arguments.
--
-- Loaded after assert_compare.lua with the host table as `...`; registers its
-- assertions.

local host = ...
local luassert = host.luassert
local add, format_value, has_tostring, insert_argument =
  luassert.add, luassert.format_value, luassert.has_tostring, luassert.insert_argument
local a = luassert.arguments
local set_failure_message, expecting, require_arguments, bad_argument, take_trailing_message, swap_expected_actual =
  a.set_failure_message, a.expecting, a.require_arguments, a.bad_argument, a.take_trailing_message, a.swap_expected_actual

--- matches(pattern, str, init?, plain?, message?)
local function matches(state, arguments, level)
  require_arguments(arguments, 2, "matches", level)
  local message = take_trailing_message(arguments)
  local pattern, subject, init, plain = arguments[1], arguments[2], arguments[3], arguments[4]
  if type(pattern) ~= "string" then bad_argument(1, "matches", "string", pattern, level) end
  if not has_tostring(subject) then
    bad_argument(2, "matches", "string or object convertible to a string", subject, level)
  end
  if init ~= nil and not tonumber(init) then bad_argument(3, "matches", "number", init, level) end
  local text = tostring(subject)
  swap_expected_actual(arguments)
  arguments.n = 2
  set_failure_message(state, message)
  state.expected = expecting(state, format_value(pattern))
  state.actual = format_value(subject)
  if plain then
    local found = text:find(pattern, tonumber(init), true) ~= nil
    return found, found and { pattern, n = 1 } or { n = 0 }
  end
  local captures = table.pack(text:match(pattern, tonumber(init)))
  if captures[1] == nil then captures = { n = 0 } end
  return captures.n > 0, captures
end

local function truthy(state, arguments)
  set_failure_message(state, arguments[2])
  state.expected = state.mod and "truthy" or "not truthy"
  state.actual = format_value(arguments[1])
  return arguments[1] ~= nil and arguments[1] ~= false
end

local function falsy(state, arguments)
  set_failure_message(state, arguments[2])
  state.expected = state.mod and "falsy" or "not falsy"
  state.actual = format_value(arguments[1])
  return arguments[1] == nil or arguments[1] == false
end

--- is_true / is_false: the wanted value is shown as the expected one.
local function is_value(wanted)
  return function(state, arguments)
    insert_argument(arguments, 2, wanted)
    set_failure_message(state, arguments[3])
    state.expected = expecting(state, format_value(wanted))
    state.actual = format_value(arguments[1])
    return arguments[1] == wanted
  end
end

--- is_nil / is_number / ...: compares type(value) with the type named.
local function is_type(type_name)
  return function(state, arguments)
    local value = arguments[1]
    insert_argument(arguments, 2, "type " .. type_name)
    arguments.nofmt = { [2] = true }
    set_failure_message(state, arguments[3])
    state.expected = expecting(state, "type " .. type_name)
    state.actual = format_value(value)
    return type(value) == type_name
  end
end

-- returned_arguments(n, ...): holds when n values follow n (luassert's own assertion).
local function returned_arguments(state, arguments)
  arguments[1] = tostring(arguments[1])
  arguments[2] = tostring(arguments.n - 1)
  arguments.nofmt = { [1] = true, [2] = true }
  if arguments.n < 2 then arguments.n = 2 end
  return arguments[1] == arguments[2]
end

local builtins = {
  { { "matches", "match" }, matches, "assertion.matches.positive", "assertion.matches.negative" },
  { { "truthy" }, truthy, "assertion.truthy.positive", "assertion.truthy.negative" },
  { { "falsy" }, falsy, "assertion.falsy.positive", "assertion.falsy.negative" },
  { { "true" }, is_value(true), "assertion.same.positive", "assertion.same.negative" },
  { { "false" }, is_value(false), "assertion.same.positive", "assertion.same.negative" },
  { { "returned_arguments" }, returned_arguments,
    "assertion.returned_arguments.positive", "assertion.returned_arguments.negative" },
}
for _, type_name in ipairs({ "nil", "number", "string", "table", "function", "boolean", "userdata", "thread" }) do
  builtins[#builtins + 1] = { { type_name }, is_type(type_name), "assertion.same.positive", "assertion.same.negative" }
end
for _, builtin in ipairs(builtins) do
  for _, name in ipairs(builtin[1]) do
    add("assertion", name, builtin[2], builtin[3], builtin[4], false)
  end
end
