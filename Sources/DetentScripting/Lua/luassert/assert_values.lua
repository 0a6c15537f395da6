-- assert_values.lua — assertions about one value: matches (a Lua pattern),
-- truthy, falsy, true, false, the type checks (is_nil, is_number, ...) and
-- luassert's returned_arguments.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; registers its
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
  state.expected = function() return expecting(state, format_value(pattern)) end
  state.actual = function() return format_value(subject) end
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
  state.expected = function() return state.mod and "truthy" or "not truthy" end
  state.actual = function() return format_value(arguments[1]) end
  return arguments[1] ~= nil and arguments[1] ~= false
end

local function falsy(state, arguments)
  set_failure_message(state, arguments[2])
  state.expected = function() return state.mod and "falsy" or "not falsy" end
  state.actual = function() return format_value(arguments[1]) end
  return arguments[1] == nil or arguments[1] == false
end

--- is_true / is_false: the wanted value is shown as the expected one.
local function is_value(wanted)
  return function(state, arguments)
    insert_argument(arguments, 2, wanted)
    set_failure_message(state, arguments[3])
    state.expected = function() return expecting(state, format_value(wanted)) end
    state.actual = function() return format_value(arguments[1]) end
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
    state.expected = function() return expecting(state, "type " .. type_name) end
    state.actual = function() return format_value(value) end
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

-- assert.array(t).has.no.holes(): the array modifier keeps its table in the state; holes(n?)
-- holds when one of t[1..n] is nil (n defaults to t's largest integer key) and returns the
-- first missing index (luassert's array.lua).
add("modifier", "array", function(state, arguments, level)
  if arguments == nil or arguments.n == 0 then error("No array provided to the array-modifier", level) end
  if state.array ~= nil then error("Array already set", level) end
  state.array = arguments[1]
  return state
end, nil, nil, true)

local function holes(state, arguments, level)
  local list, length = state.array, arguments[1]
  if list == nil then error("No array set, please use the array modifier to set the array to validate", level) end
  if length == nil then
    length = 0
    for key in pairs(list) do
      if math.type(key) == "integer" and key > length then length = key end
      if math.type(key) == "float" and key > length and math.floor(key) == key then length = key end
    end
  end
  if type(length) ~= "number" then
    error("expected array length to be of type 'number', got: " .. tostring(length), level)
  end
  local missing
  for i = 1, length do
    if list[i] == nil then
      missing = i
      break
    end
  end
  arguments[1], arguments.n = missing, missing and 1 or 0
  return missing ~= nil, { missing, n = 1 }
end

local builtins = {
  { { "holes" }, holes, "assertion.array_holes.positive", "assertion.array_holes.negative" },
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
