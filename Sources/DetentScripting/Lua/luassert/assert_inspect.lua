-- assert_inspect.lua — values as text: Lua-like literals (assert.inspect) and
-- luassert's typed form (assert.format, "(number) 3").
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; adds its helpers
-- to `host.luassert` and `inspect`/`format` to the module.  Formatting is
-- deterministic: tables print as literals with sorted keys, never as addresses,
-- to a depth limit, with cycles marked.

local host = ...
local state = host.assert_state   -- formatters, parameters, spies (assert_state.lua)
local format = host.format        -- luassert's value formatting (format.lua)
local luassert = host.luassert
local M, is_failure = luassert.module, luassert.is_failure

local INLINE_WIDTH = 72      -- longer table literals break onto lines

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
  for key in next, t do   -- raw: a __pairs metamethod is not the table (luassert ignores it)
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

luassert.custom_tostring = custom_tostring   -- text of a value's __tostring, else nil
luassert.format_value = format_value         -- "(number) 1", "(values list) (...)"
luassert.make_arglist = make_arglist
luassert.is_arglist = is_arglist
luassert.sorted_entries = sorted_entries     -- sorted_entries(t, ctx, depth, path)
luassert.new_context = new_context
