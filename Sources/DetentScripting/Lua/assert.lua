-- assert.lua — Detent's assertion library, in luassert's vocabulary.
--
-- The host loads this chunk into every spec's sandboxed Lua state (base
-- library without dofile/loadfile, plus coroutine, table, string, math and
-- utf8 — no io, os or debug), then series.lua, and installs the result as the
-- global `assert`.
--
-- Surface (busted users should feel at home):
--
--   assert(v, message)                      like the builtin; returns its arguments
--   assert.are.equal(expected, actual)      also equals, is_equal, are_not.equal ...
--   assert.are.same(expected, actual)       deep comparison, cycle safe
--   assert.near(expected, actual, tolerance)
--   assert.truthy / falsy / is_true / is_false / is_nil
--   assert.is_number / is_string / is_table / is_function / is_boolean
--   assert.is_userdata / is_thread
--   assert.has_error(fn, expected?)         also error, errors, has_no.errors
--   assert.error_matches(fn, pattern, init?, plain?)
--   assert.matches(pattern, str, init?, plain?)   also match, does_not.match
--   assert.unique(list, deep?)
--   assert.message("why").equal(a, b)      a message given up front
--   assert:register("assertion" | "modifier", name, fn, positive, negative)
--   assert:set_message(key, text), assert.messages
--   assert.format(v), assert.inspect(v), assert.fail(msg, level, fields),
--   assert.where(level), assert.deep_same(a, b), assert:add_formatter(fn),
--   assert:set_parameter(k, v), assert:unregister(namespace, name)
--
-- Modifiers (is, are, was, has, does, not, no) chain in any order and in
-- underscore form: assert.is_not.equal, assert.has_no.errors,
-- assert.Not.same, assert.not_.truthy, assert.is_not_nil.  Every assertion
-- takes an optional last argument, a message that heads the failure text.
--
-- A failing assertion raises a *failure object*, not a string:
--
--   { detent_failure = true, message = "...", expected = "...",
--     actual = "...", where = "chunk:line", user_message = "..." | nil }
--
-- with a __tostring that returns `message`.  `where` is the line of the spec
-- that called the assertion (nil only if no Lua function is on the stack).  Without the debug library we find it the way
-- `error` itself does: `pcall(error, "", level)` yields "chunk:line: " for
-- the Lua function at that level (see `location`).  Virtual time and frame
-- are the host's to add; this library knows nothing about worlds.
--
-- Formatting is deterministic: tables print as literals with sorted keys,
-- never as addresses, to a depth limit, with cycles marked.

local host = ...
local state = host.assert_state   -- formatters, parameters, spies (assert_state.lua)
local format = host.format        -- luassert's value formatting (format.lua)

local M = {}

local INLINE_WIDTH = 72      -- longer table literals break onto lines
local WALK_UP_LIMIT = 4      -- C frames skipped when looking for a Lua caller

------------------------------------------------------------------------
-- Call sites

--- Returns "chunk:line" for the Lua function `level` frames up, counted as
-- `error` counts them: 1 is the line in the function that called `location`,
-- 2 that function's caller, and so on.  If that frame is a C function (for
-- example `pcall(assert.equal, 1, 2)`), the nearest Lua frame above it is
-- used.  Returns nil when there is none (top of a coroutine).
local function location(level)
  -- pcall(error, "", n) reports frame n counted from `error`'s caller, which
  -- is pcall (a C function, so level 1 is blank) — hence the + 2 here: + 1
  -- for pcall, + 1 for `location` itself.
  for n = level + 2, level + 2 + WALK_UP_LIMIT do
    local _, message = pcall(error, "", n)
    if type(message) == "string" and message ~= "" then
      return (message:gsub(": $", ""))
    end
  end
  return nil
end

------------------------------------------------------------------------
-- Failure objects

local Failure = {}
Failure.__tostring = function(failure) return failure.message end

local function is_failure(value)
  return type(value) == "table" and rawget(value, "detent_failure") == true
end

--- Raises a failure built from `fields`.  `level` counts like `error`'s,
-- relative to the function that called `throw`.
local function throw(fields, level)
  local failure = setmetatable({
    detent_failure = true,
    message = fields.message,
    expected = fields.expected,
    actual = fields.actual,
    user_message = fields.user_message,
    where = location(level + 1),
  }, Failure)
  error(failure, level + 1)
end

--- Raises a usage error (a bug in the spec, not a failed expectation) as a
-- plain string with the spec's position, like a bad argument to a builtin.
local function usage(message, level)
  error(message, level + 1)
end

------------------------------------------------------------------------
-- Formatting

local LUA_KEYWORDS = {}
for word in ([[and break do else elseif end false for function goto if in
  local nil not or repeat return then true until while]]):gmatch("%a+") do
  LUA_KEYWORDS[word] = true
end

local function is_identifier(s)
  return type(s) == "string" and s:find("^[%a_][%w_]*$") ~= nil and not LUA_KEYWORDS[s]
end

--- Decimal text that reads back as the same number: the first of %.14g
-- (what Lua's tostring uses) to %.17g that round-trips, so 0.1 prints as 0.1
-- but 0.1 + 0.2 as 0.30000000000000004.  Floats with integral values keep a
-- ".0", as Lua 5.4 prints them, so 3 and 3.0 are told apart.
local function format_number(n)
  if n ~= n then return "nan" end
  if n == math.huge then return "inf" end
  if n == -math.huge then return "-inf" end
  if math.type(n) == "integer" then return string.format("%d", n) end
  local text
  for digits = 14, 17 do
    text = string.format("%." .. digits .. "g", n)
    if tonumber(text) == n then break end
  end
  if text:find("^-?%d+$") then text = text .. ".0" end
  return text
end

local ESCAPES = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t", ["\\"] = "\\\\", ["'"] = "\\'" }

local QUOTE_LIMIT = 1000   -- bytes of a string shown in a message; the rest is counted

local function quote(s)
  local shown, rest = s, 0
  if #s > QUOTE_LIMIT then shown, rest = s:sub(1, QUOTE_LIMIT), #s - QUOTE_LIMIT end
  local body = shown:gsub("[%c\\']", function(c)
    return ESCAPES[c] or string.format("\\%03d", c:byte())
  end)
  if rest > 0 then return "'" .. body .. "'…(" .. rest .. " more bytes)" end
  return "'" .. body .. "'"
end

--- The text of a table or userdata that defines __tostring, else nil.
local custom_tostring = format.own_text

--- The text of a formatter added with assert:add_formatter (newest first),
-- or nil.  A formatter returns nil for values it does not format.
local function custom_format(value, fmtargs)
  local text = state.format_argument(value, fmtargs)
  if text ~= nil then return tostring(text) end
  return nil
end

------------------------------------------------------------------------
-- Argument lists: the values a spy was called with or returned, marked so
-- that they print as luassert prints them, "(values list) ((number) 1, (nil))".

local ArgList = {}

local function make_arglist(...)
  return setmetatable(table.pack(...), ArgList)
end

local function is_arglist(value)
  return type(value) == "table" and getmetatable(value) == ArgList
end

-- Keys sort by type first (numbers, strings, booleans, then the rest), then
-- by value; keys that have no natural order sort by their printed text.
local TYPE_RANK = { number = 1, string = 2, boolean = 3, table = 4, userdata = 5, ["function"] = 6, thread = 7 }

local render   -- forward: render(value, ctx, depth, path) -> text

--- The step a key adds to a path: ".name" or "[key]".
local function path_step(entry)
  if is_identifier(entry.key) then return "." .. entry.key end
  return "[" .. entry.text .. "]"
end

--- Sorted entries { key, rank, text } of a table.  `ctx` renders keys that
-- are themselves tables; `value_text(entry)` (optional) breaks the rare tie
-- between distinct keys that print alike, so output stays deterministic.
local function sorted_entries(t, ctx, depth, path, value_text)
  local entries = {}
  for key in pairs(t) do
    local kt = type(key)
    local entry = { key = key, rank = TYPE_RANK[kt] or 8 }
    if kt == "string" then
      entry.text = quote(key)
    elseif kt == "number" then
      entry.text = format_number(key)
    else
      entry.text = render(key, ctx, depth + 1, path .. "[?]")
    end
    entries[#entries + 1] = entry
  end
  table.sort(entries, function(a, b)
    if a.rank ~= b.rank then return a.rank < b.rank end
    if a.rank <= 2 then return a.key < b.key end
    if a.rank == 3 then return (not a.key) and b.key end
    if a.text ~= b.text then return a.text < b.text end
    if value_text then return value_text(a) < value_text(b) end
    return false
  end)
  return entries
end

--- Moves the list part (keys 1, 2, 3 ... without a gap) to the front and
-- marks it positional, so it prints as a list literal: { 'a', 'b', x = 1 }.
local function list_first(entries)
  local present = {}
  for _, entry in ipairs(entries) do
    if math.type(entry.key) == "integer" then present[entry.key] = true end
  end
  local length = 0
  while present[length + 1] do length = length + 1 end
  if length == 0 then return entries end
  local ordered = {}
  for _, entry in ipairs(entries) do   -- sorted, so 1..length arrive in order
    if math.type(entry.key) == "integer" and entry.key >= 1 and entry.key <= length then
      entry.positional = true
      ordered[#ordered + 1] = entry
    end
  end
  for _, entry in ipairs(entries) do
    if not entry.positional then ordered[#ordered + 1] = entry end
  end
  return ordered
end

local function indent(text)
  return (text:gsub("\n", "\n  "))
end

local function render_table(t, ctx, depth, path)
  local open = ctx.open[t]
  if open then return "<cycle: " .. open .. ">" end
  if next(t) == nil and getmetatable(t) == nil then return "{}" end
  local max_depth = ctx.max_depth
  if max_depth >= 0 and depth >= max_depth then return "{ ... }" end

  ctx.open[t] = path
  local function value_text(entry)
    if entry.value_text == nil then
      entry.value_text = render(t[entry.key], ctx, depth + 1, path .. path_step(entry))
    end
    return entry.value_text
  end
  local entries = list_first(sorted_entries(t, ctx, depth, path, value_text))

  local parts = {}
  local max_items = ctx.max_items
  for i, entry in ipairs(entries) do
    if max_items >= 0 and i > max_items then
      parts[#parts + 1] = string.format("... (%d more)", #entries - max_items)
      break
    end
    local text = value_text(entry)
    if not entry.positional then
      local key_text = is_identifier(entry.key) and entry.key or ("[" .. entry.text .. "]")
      text = key_text .. " = " .. text
    end
    parts[#parts + 1] = text
  end
  ctx.open[t] = nil

  if #parts == 0 then return "{}" end   -- a proxy whose pairs yields nothing
  local inline = "{ " .. table.concat(parts, ", ") .. " }"
  if #inline <= INLINE_WIDTH and not inline:find("\n", 1, true) then
    return inline
  end
  for i, part in ipairs(parts) do parts[i] = indent(part) end
  return "{\n  " .. table.concat(parts, ",\n  ") .. "\n}"
end

function render(value, ctx, depth, path)
  local kind = type(value)
  if kind == "string" then return quote(value) end
  if kind == "number" then return format_number(value) end
  if kind == "boolean" or kind == "nil" then return tostring(value) end
  local text = custom_format(value)
  if text then return text end
  if is_failure(value) then
    return "<failure at " .. tostring(value.where) .. ": " .. quote(tostring(value.message)) .. ">"
  end
  text = (kind == "table" or kind == "userdata") and custom_tostring(value)
  if text then return text end
  if kind == "table" then return render_table(value, ctx, depth, path) end
  return "<" .. kind .. ">"   -- functions, threads, bare userdata: never an address
end

local function new_context()
  return {
    open = {},   -- tables being printed -> their path, to mark cycles
    max_depth = state.get_parameter("TableFormatLevel") or -1,
    max_items = state.get_parameter("TableFormatMaxItems") or -1,
  }
end

--- A value as a Lua-like literal, without a type tag: 3, 'abc', { 1, x = 2 }.
function M.inspect(value)
  return render(value, new_context(), 0, "root")
end

local format_value

local function format_arglist(list)
  local parts = {}
  for i = 1, list.n do parts[i] = format_value(list[i]) end
  return "(values list) (" .. table.concat(parts, ", ") .. ")"
end

--- Detent's own values, formatted before luassert's rules apply.
local function special_format(value)
  if is_arglist(value) then return format_arglist(value) end
  if is_failure(value) then
    return "(failure at " .. tostring(value.where) .. ")\n" .. tostring(value.message)
  end
  return nil
end

--- Formats any value for a message as luassert does (see format.lua).
function format_value(value, fmtargs)
  return format.value(value, fmtargs, special_format)
end

--- Formats any value for a message: "(number) 3", "(string) 'a'",
-- "(table) { 1, 2 }", "(nil)".  Also accepts luassert's method form,
-- assert:format(arguments), which formats arguments[1..n] in place.
function M.format(value, arguments)
  if rawequal(value, M) and type(arguments) == "table" then
    local nofmt, fmtargs = arguments.nofmt or {}, arguments.fmtargs or {}
    for i = 1, arguments.n or #arguments do
      if not nofmt[i] then arguments[i] = format_value(arguments[i], fmtargs[i]) end
    end
    return arguments
  end
  return format_value(value)
end

-- Both `assert.f(x)` and luassert's `assert:f(x)` are accepted.
local function without_self(first, ...)
  if rawequal(first, M) then return ... end
  return first, ...
end

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

------------------------------------------------------------------------
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

------------------------------------------------------------------------
-- Registry and chains

local registry = { assertion = {}, modifier = {}, matcher = {} }

local function is_callable(value)
  if type(value) == "function" then return true end
  local mt = getmetatable(value)
  return type(mt) == "table" and mt.__call ~= nil
end

local function add(namespace, name, callback, positive, negative, takes_arguments)
  registry[namespace][name] = {
    name = name,
    callback = callback,
    positive = positive,
    negative = negative,
    takes_arguments = takes_arguments,
  }
end

--- assert:register(namespace, name, callback, positive_message, negative_message)
-- `callback(state, arguments, level)` returns truthy when the assertion
-- holds (the modifiers decide whether that is wanted), optionally followed by
-- a table of values to return instead of the arguments.  `arguments.n`
-- counts trailing nils; luassert's `arguments.nofmt[i]` marks arguments
-- printed as-is.  `state.mod` is false when negated; set
-- `state.failure_message`, and optionally `state.expected`/`state.actual`
-- (formatted strings) for the failure object.  `level` is the level at which
-- `error(msg, level)` points at the spec line.  Modifiers are
-- `callback(state, arguments, level)` too; they receive arguments when called
-- as `assert.name(...)`, and nothing when used in a chain.
function M.register(...)
  local namespace, name, callback, positive, negative = without_self(...)
  if registry[namespace] == nil then
    usage("assert:register: namespace must be \"assertion\", \"modifier\" or \"matcher\", got " .. M.inspect(namespace), 2)
  end
  if type(name) ~= "string" or not name:find("^[%a_][%w_]*$") then
    usage("assert:register: name must be a word of letters, digits and underscores, got " .. M.inspect(name), 2)
  end
  if not is_callable(callback) then
    usage("assert:register: callback for \"" .. name .. "\" must be a function, got " .. type(callback), 2)
  end
  add(namespace, name:lower(), callback, positive, negative, namespace == "modifier")
end

function M.unregister(...)
  local namespace, name = without_self(...)
  if registry[namespace] and type(name) == "string" then
    registry[namespace][name:lower()] = nil
  end
end

-- A chain is the callable, indexable value behind `assert.is_not`:
-- immutable, so `local is = assert.is` can be reused.  Its data live in a
-- side table so that every field name is free to be a word of the chain.
local chains = setmetatable({}, { __mode = "k" })
local Chain = {}

local function new_chain(words, state, label)
  local chain = setmetatable({}, Chain)
  chains[chain] = { words = words, state = state, label = label }
  return chain
end

local function extend(words, key)
  local copy = table.move(words, 1, #words, 1, {})
  for word in key:lower():gmatch("[^_]+") do copy[#copy + 1] = word end
  return copy
end

Chain.__index = function(chain, key)
  local data = chains[chain]
  if type(key) ~= "string" then
    usage(data.label .. ": cannot index an assertion with a " .. type(key) .. " key", 2)
  end
  return new_chain(extend(data.words, key), data.state, data.label .. "." .. key)
end

Chain.__tostring = function(chain)
  return "assertion " .. chains[chain].label
end

--- The name luassert 1.9 reports for a chain it cannot read (util.extract_keys): it
-- reads the words from the end, joining each to the longest registered name it can,
-- and names what is left over, e.g. 'is_purple' for assert.is_purple or
-- 'has_no_property' for assert.has_no.property.
local function unknown_key(words, names, modifiers)
  local key
  local i = #words
  while i > 0 do
    key = key and (words[i] .. "_" .. key) or words[i]
    local longer = i > 1 and (words[i - 1] .. "_" .. key) or nil
    while i > 1 and longer and names[longer] do
      key, i = longer, i - 1
      longer = words[i - 1] and (words[i - 1] .. "_" .. key) or nil
    end
    if modifiers[key] or names[key] then key = nil end
    i = i - 1
  end
  return key
end

--- Splits a chain's words into registered names, longest match first, so
-- a name containing underscores ("error_matches") wins over its parts.
-- Returns the modifiers and the assertion (or nil), or nil and a complaint.
local function parse(words, label)
  local modifiers, assertion = {}, nil
  local i = 1
  while i <= #words do
    local found
    for j = #words, i, -1 do
      local name = table.concat(words, "_", i, j)
      local entry = registry.assertion[name] or registry.modifier[name]
      if entry then found = entry; i = j + 1; break end
    end
    if not found then
      return nil, string.format("luassert: unknown modifier/assertion: '%s'",
        unknown_key(words, registry.assertion, registry.modifier) or words[i])
    end
    if registry.assertion[found.name] == found then
      if assertion then
        return nil, string.format("%s: more than one assertion ('%s' and '%s')", label, assertion.name, found.name)
      end
      assertion = found
    else
      modifiers[#modifiers + 1] = found
    end
  end
  return modifiers, assertion
end

local function copy_state(state)
  local copy = { mod = true }
  for k, v in pairs(state or {}) do copy[k] = v end
  return copy
end

-- luassert's geterror: a string (or a value with __tostring) as its text, anything else
-- formatted, so a number reads "(number) 42".
local function describe_failure_message(message)
  if type(message) == "string" then return message end
  return custom_tostring(message) or format_value(message)
end

--- Builds the failure text for an assertion that did not hold.
local function failure_text(assertion, state, arguments)
  local formatted = {}
  local nofmt, fmtargs = arguments.nofmt or {}, arguments.fmtargs or {}
  for i = 1, arguments.n do
    local value = arguments[i]
    formatted[i] = nofmt[i] and tostring(value) or format_value(value, fmtargs[i])
  end
  local key = state.mod and assertion.positive or assertion.negative
  local text
  if key ~= nil then
    text = fill(key, formatted, arguments.n)
  else
    text = string.format("Assertion '%s%s' failed.\nPassed in:\n%s",
      state.mod and "" or "not ", assertion.name, table.concat(formatted, "\n", 1, arguments.n))
  end
  return text, formatted
end

--- Runs the assertion a chain names.  Stack, counted as `error` counts
-- from here: 1 = invoke, 2 = Chain.__call, 3 = the spec line.
local SPEC_LEVEL = 3
local CALLBACK_LEVEL = SPEC_LEVEL + 1   -- one frame deeper, in the callback

local function invoke(chain, ...)
  local data = chains[chain]
  local modifiers, assertion = parse(data.words, data.label)
  if modifiers == nil then usage(assertion, SPEC_LEVEL) end
  local state = copy_state(data.state)
  local arguments = table.pack(...)

  if assertion == nil then
    -- `assert.message("why")`: modifiers called with arguments, continued
    -- by a later `.equal(...)`.  Word-only modifiers cannot be called.
    local any_takes_arguments = false
    for _, modifier in ipairs(modifiers) do
      any_takes_arguments = any_takes_arguments or modifier.takes_arguments
    end
    if not any_takes_arguments then
      usage(data.label .. "(...) is not an assertion; name one, e.g. " .. data.label .. ".truthy(...)", SPEC_LEVEL)
    end
    for _, modifier in ipairs(modifiers) do
      modifier.callback(state, arguments, CALLBACK_LEVEL)
    end
    return new_chain({}, state, data.label .. "(...)")
  end

  for _, modifier in ipairs(modifiers) do modifier.callback(state) end
  local original = table.pack(...)
  local holds, returns = assertion.callback(state, arguments, CALLBACK_LEVEL)
  if (not holds) == state.mod then
    local text, formatted = failure_text(assertion, state, arguments)
    local user_message
    if state.failure_message ~= nil then
      user_message = describe_failure_message(state.failure_message)
      text = user_message .. "\n" .. text
    end
    throw({
      message = text,
      expected = state.expected,
      actual = state.actual or formatted[1],
      user_message = user_message,
    }, SPEC_LEVEL)
  end
  if returns then return table.unpack(returns, 1, returns.n or #returns) end
  return table.unpack(original, 1, original.n)
end

Chain.__call = function(chain, ...)
  -- Not a tail call: invoke counts this frame (see SPEC_LEVEL).
  local results = table.pack(invoke(chain, ...))
  return table.unpack(results, 1, results.n)
end

------------------------------------------------------------------------
-- Built-in modifiers

local function no_op(state) return state end
local function negate(state) state.mod = not state.mod; return state end

for _, word in ipairs({ "is", "are", "was", "has", "does" }) do add("modifier", word, no_op) end
add("modifier", "not", negate)
add("modifier", "no", negate)
add("modifier", "message", function(state, arguments)
  if arguments then state.failure_message = arguments[1] end
  return state
end, nil, nil, true)

------------------------------------------------------------------------
-- Built-in assertions

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

local function equals(state, arguments, level)
  require_arguments(arguments, 2, "equals", level)
  local expected, actual = arguments[1], arguments[2]
  swap_expected_actual(arguments)
  set_failure_message(state, arguments[3])
  state.expected = expecting(state, format_value(expected))
  state.actual = format_value(actual)
  return expected == actual
end

local function same(state, arguments, level)
  require_arguments(arguments, 2, "same", level)
  local expected, actual = arguments[1], arguments[2]
  swap_expected_actual(arguments)
  set_failure_message(state, arguments[3])
  local holds, path = deep_same(expected, actual, {}, nil)
  if not holds and type(expected) == "table" and type(actual) == "table" then
    -- luassert marks the differing keys in both tables.
    local crumbs, step = {}, path
    while step do crumbs[#crumbs + 1] = step.entry.key; step = step.up end
    arguments.fmtargs = { { crumbs = crumbs }, { crumbs = crumbs } }
  end
  state.expected = expecting(state, format_value(expected, arguments.fmtargs and arguments.fmtargs[2]))
  state.actual = format_value(actual, arguments.fmtargs and arguments.fmtargs[1])
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
  state.expected = expecting(state, format_value(arguments[2]) .. " +/- " .. tostring(tolerance))
  state.actual = format_value(arguments[1])
  return actual >= expected - tolerance and actual <= expected + tolerance
end

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
  local shown = expected_given and compared or raised
  arguments[1] = raised_any and shown or "(no error)"
  arguments[2] = expected_given and expected or "(error)"
  state.actual = raised_any and format_value(shown) or "(no error)"
  if state.mod then
    state.expected = expected_given and format_value(expected) or "(error)"
  else
    state.expected = expected_given and ("not " .. format_value(expected)) or "(no error)"
  end
end

local function has_error(state, arguments, level)
  local fn, expected, message = arguments[1], arguments[2], arguments[3]
  if not is_callable(fn) then bad_argument(1, "error", "function or callable object", fn, level) end
  local expected_given = expected ~= nil
  local raised_any, raised, compared = catch(fn)
  describe_error(state, arguments, raised_any, raised, compared, expected, expected_given)
  set_failure_message(state, message)
  if not raised_any then return false, { n = 0 } end
  local returns = { compared, n = 1 }
  if not expected_given then return true, returns end
  if type(expected) == "string" and has_tostring(compared) then
    return expected == tostring(compared), returns
  end
  if type(expected) == "number" and type(compared) == "string" then
    return tostring(expected) == tostring(tonumber(compared)), returns
  end
  return (deep_same(compared, expected, {}, nil)), returns
end

--- error_matches(fn, pattern, init?, plain?, message?)
local function error_matches(state, arguments, level)
  require_arguments(arguments, 2, "error_matches", level)
  local message = take_trailing_message(arguments)
  local fn, pattern, init, plain = arguments[1], arguments[2], arguments[3], arguments[4]
  if not is_callable(fn) then bad_argument(1, "error_matches", "function or callable object", fn, level) end
  if type(pattern) ~= "string" then bad_argument(2, "error_matches", "string", pattern, level) end
  local raised_any, raised, compared = catch(fn)
  describe_error(state, arguments, raised_any, raised, compared, pattern, true)
  set_failure_message(state, message)
  if not raised_any or not has_tostring(compared) then return false, { n = 0 } end
  local text = tostring(compared)
  if plain then
    return text:find(pattern, tonumber(init), true) ~= nil, { text, n = 1 }
  end
  local captures = table.pack(text:match(pattern, tonumber(init)))
  if captures[1] == nil then return false, { text, n = 1 } end
  return true, captures
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
  state.expected = state.mod and "unique values" or "a repeated value"
  state.actual = format_value(list)
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

-- returned_arguments(n, ...): holds when n values follow n (luassert's own assertion).
local function returned_arguments(state, arguments)
  arguments[1] = tostring(arguments[1])
  arguments[2] = tostring(arguments.n - 1)
  arguments.nofmt = { [1] = true, [2] = true }
  if arguments.n < 2 then arguments.n = 2 end
  return arguments[1] == arguments[2]
end

local builtins = {
  { { "equal", "equals" }, equals, "assertion.equals.positive", "assertion.equals.negative" },
  { { "same" }, same, "assertion.same.positive", "assertion.same.negative" },
  { { "near" }, near, "assertion.near.positive", "assertion.near.negative" },
  { { "matches", "match" }, matches, "assertion.matches.positive", "assertion.matches.negative" },
  { { "truthy" }, truthy, "assertion.truthy.positive", "assertion.truthy.negative" },
  { { "falsy" }, falsy, "assertion.falsy.positive", "assertion.falsy.negative" },
  { { "true" }, is_value(true), "assertion.same.positive", "assertion.same.negative" },
  { { "false" }, is_value(false), "assertion.same.positive", "assertion.same.negative" },
  { { "error", "errors" }, has_error, "assertion.error.positive", "assertion.error.negative" },
  { { "error_matches", "error_match", "matches_error", "match_error" }, error_matches,
    "assertion.error.positive", "assertion.error.negative" },
  { { "unique" }, unique, "assertion.unique.positive", "assertion.unique.negative" },
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

------------------------------------------------------------------------
-- Helpers for plugins and sibling modules (series.lua)

--- assert.fail(message, level?, fields?) raises a failure object.  `level`
-- counts like `error`'s: 1 (default) blames the line calling `fail`, 2 its
-- caller.  `fields.expected` / `fields.actual` are formatted strings.
function M.fail(message, level, fields)
  fields = fields or {}
  throw({
    message = tostring(message),
    expected = fields.expected,
    actual = fields.actual,
    user_message = fields.user_message,
  }, (level or 1) + 1)
end

--- assert.where(level?) returns "chunk:line" `level` frames up, counted like
-- `error`'s levels (1, the default: the line calling `where`).
function M.where(level)
  local where = location((level or 1) + 1)   -- not a tail call: it would drop this frame
  return where
end

------------------------------------------------------------------------
-- What sibling prelude files (match.lua, spy.lua, stub.lua) build on; kept
-- on the host table, out of the specs' sight.

host.luassert = {
  registry = registry,           -- assertion, modifier and matcher namespaces
  usage = usage,                 -- usage(message, level): a plain error at the spec's line
  unknown_key = unknown_key,     -- unknown_key(words, names, modifiers): luassert's name for an unreadable chain
  say = say,                     -- say(key, values): a message template filled
  format_value = format_value,   -- "(number) 1", "(values list) (...)"
  deep_same = M.deep_same,
  make_arglist = make_arglist,
  is_arglist = is_arglist,
  insert_argument = insert_argument,
  is_callable = is_callable,
  has_tostring = has_tostring,
}

------------------------------------------------------------------------
-- The module itself: callable like the builtin, indexable into chains.

return setmetatable(M, {
  --- assert(v, message?, level?): returns all its arguments when `v` is
  -- truthy.  Otherwise re-raises `message` if it is an error object (a
  -- table), else raises a failure with `message` (or "assertion failed!").
  -- Only a level made by assert:level moves the blame up; luassert ignores a plain number.
  __call = function(_, value, message, level, ...)
    if value then return value, message, level, ... end
    -- busted raises anything else as a failure holding { message = message }, printed as
    -- its __tostring, else through penlight's pretty.write.
    local text = message
    if message == nil then
      text = "assertion failed!"
    elseif type(message) ~= "string" then
      text = custom_tostring(message) or host.format.pretty_write({ message = message })
    end
    throw({
      message = text,
      expected = "truthy",
      actual = format_value(value),
    }, (M.get_level(level) or 1) + 1)
  end,

  __index = function(_, key)
    if type(key) ~= "string" then return nil end
    return new_chain(extend({}, key), nil, "assert." .. key)
  end,
})
