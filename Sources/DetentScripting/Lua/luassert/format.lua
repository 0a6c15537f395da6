-- format.lua — how values print in failure messages: luassert's formatters
-- (formatters/init.lua), made deterministic.
--
--   (nil)   (boolean) true   (number) 0.10000000000000000555   (string) 'a'
--   (table: 0x00000001) {
--     [1] = 'x'
--    *[key] = {
--      *[1] = 3 } }
--   function: 0x00000002 @ line 3 in @spec/drawer_spec.lua
--
-- Tables print one key a line, sorted (the list part first), to the depth
-- `TableFormatLevel` (3; -1: no limit) with "{ ... more }" below it; the
-- key path where `same` found a difference is marked with
-- `TableErrorHighlightCharacter` ("*").  With `TableFormatShowRecursion` a
-- table inside itself prints "{ ... recursive }".
--
-- Where Lua's tostring shows an address, Detent's shows a number the state
-- gives each table, function, thread and userdata the first time it is
-- shown ("table: 0x00000001", in the order they are first shown), so the
-- same run prints the same bytes; scripts' tostring is the same
-- (sandbox.lua).  Also Detent's own: a cycle with no depth limit prints
-- "{ ... recursive }" instead of overflowing the stack, a table shows at most
-- `TableFormatMaxItems` (50) entries per level, a string at most 1,000
-- bytes.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; leaves the
-- module in `host.format` for assert.lua.

local host = ...
local state = host.assert_state

local M = {}

local QUOTE_LIMIT = 1000   -- bytes of a string shown in a message; the rest is counted

--- A string cut to QUOTE_LIMIT bytes, with the count of the rest.
local function clip(s)
  if #s <= QUOTE_LIMIT then return s end
  return s:sub(1, QUOTE_LIMIT), #s - QUOTE_LIMIT
end

--- luassert's tostr: numbers with 20 significant digits, floats that look
-- integral with ".0", NaN and infinities by name.
local function number_text(n)
  if n ~= n then return "NaN" end
  if n == math.huge then return "Inf" end
  if n == -math.huge then return "-Inf" end
  local text = string.format("%.20g", n)
  if math.type(n) == "float" and not text:find("[%.,]") then
    text = text:gsub("%d+", "%0.0", 1)
  end
  return text
end

local raw_tostring = tostring
local debug_lib = rawget(_G, "debug")   -- absent in the daemon's sandbox
-- The metatable itself, as Lua's tostring looks at it, past a __metatable field (without the
-- debug library, as in the daemon's sandbox, what getmetatable says).
local raw_getmetatable = debug_lib and debug_lib.getmetatable or getmetatable

-- The number each object is shown with, given the first time it is shown (weak keys: an
-- object that is collected takes its number with it; numbers are never reused).
local ids = setmetatable({}, { __mode = "k" })
local last_id = 0

--- "table: 0x00000001": Lua's tostring of a value without __tostring, the address replaced
-- by the value's number (__name, as Lua's, names the type, unless `without_name`: luassert
-- shows a table's type with its metatable taken off).
local function address_text(value, without_name)
  local id = ids[value]
  if id == nil then
    last_id = last_id + 1
    id = last_id
    ids[value] = id
  end
  local mt = not without_name and raw_getmetatable(value)
  local name = type(mt) == "table" and rawget(mt, "__name")
  return string.format("%s: 0x%08x", type(name) == "string" and name or type(value), id)
end


--- Lua's tostring with numbered addresses: __tostring when there is one, else as Lua
-- prints, the address being the value's number.
local function text_of(value)
  local kind = type(value)
  if kind == "table" or kind == "function" or kind == "thread" or kind == "userdata" then
    local mt = raw_getmetatable(value)
    if type(mt) == "table" and rawget(mt, "__tostring") ~= nil then return raw_tostring(value) end
    return address_text(value)
  end
  return raw_tostring(value)
end

--- Text of a userdata or table with a __tostring that works, else nil.
local function own_text(value)
  local mt = raw_getmetatable(value)
  if type(mt) == "table" and rawget(mt, "__tostring") ~= nil then
    local ok, text = pcall(raw_tostring, value)
    if ok and type(text) == "string" then return text end
  end
  return nil
end

--- A value's text where luassert uses tostring, never raising: numbers as
-- luassert's tostr, strings clipped (quoted as values, bare as keys).
local function inner_text(value, quoted)
  local kind = type(value)
  if kind == "number" then return number_text(value) end
  if kind == "string" then
    local shown, rest = clip(value)
    if quoted then shown = "'" .. shown .. "'" end
    if rest then shown = shown .. "…(" .. rest .. " more bytes)" end
    return shown
  end
  if kind == "boolean" or kind == "nil" then return raw_tostring(value) end
  return own_text(value) or address_text(value)
end

local TYPE_RANK = { number = 1, boolean = 2, string = 3, table = 4, ["function"] = 5, userdata = 6, thread = 7 }

--- The keys of `t` in luassert's order: the list part 1..#t first, then by
-- type (numbers, booleans, strings, tables ...), numbers and strings by
-- value, true before false.  Keys luassert leaves unordered (tables,
-- functions) are ordered by their text so the output is deterministic.
local function sorted_keys(t)
  local keys, length = {}, #t
  for key in next, t do keys[#keys + 1] = key end
  local function rank(key)
    if math.type(key) and key >= 1 and key <= length and math.floor(key) == key then return 0 end
    return TYPE_RANK[type(key)] or 8
  end
  local texts = {}
  table.sort(keys, function(a, b)
    local ra, rb = rank(a), rank(b)
    if ra ~= rb then return ra < rb end
    local ta = type(a)
    if ta == "number" or ta == "string" then return a < b end
    if ta == "boolean" then return a and not b end
    texts[a] = texts[a] or inner_text(a)
    texts[b] = texts[b] or inner_text(b)
    return texts[a] < texts[b]
  end)
  return keys
end

-- The colours TableErrorHighlightColor may name, as lua-term's term.colors codes them
-- ("red", or dotted: "bright.red"); "none" (the default) leaves the mark plain.
local ANSI = {
  reset = 0, clear = 0, default = 0, bright = 1, dim = 2, underscore = 4, blink = 5, reverse = 7, hidden = 8,
  black = 30, red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, white = 37,
  onblack = 40, onred = 41, ongreen = 42, onyellow = 43, onblue = 44, onmagenta = 45, oncyan = 46, onwhite = 47,
}

local function colored(color, text)
  if color == "none" or type(color) ~= "string" then return text end
  for token in string.gmatch(color, "[^%.]+") do
    local code = ANSI[token]
    if code then text = "\27[" .. code .. "m" .. text .. "\27[0m" end
  end
  return text
end

--- "(table) { ... }" as luassert lays it out; `crumbs` (from `same`) lists
-- the differing key path, deepest key first.
local function table_text(root, crumbs)
  local max_depth = state.get_parameter("TableFormatLevel") or 3
  local max_items = state.get_parameter("TableFormatMaxItems") or -1
  local show_recursion = state.get_parameter("TableFormatShowRecursion")
  local mark = state.get_parameter("TableErrorHighlightCharacter") or ""
  local color = state.get_parameter("TableErrorHighlightColor") or "none"
  local function paint(text)
    if text == "" then return text end
    return colored(color, text)
  end
  crumbs = crumbs or {}
  local open = {}   -- tables being printed: a cycle ends at the depth limit, or here

  local function layout(t, level, on_path)
    if open[t] and (show_recursion or max_depth < 0) then return "{ ... recursive }" end
    if next(t) == nil then return "{ }" end
    if max_depth >= 0 and level > max_depth then return "{ ... more }" end
    open[t] = (open[t] or 0) + 1
    local parts = { "{" }
    local crumb = crumbs[#crumbs - level + 1]
    local keys = sorted_keys(t)
    for i, key in ipairs(keys) do
      if max_items >= 0 and i > max_items then
        parts[#parts + 1] = "\n" .. string.rep(" ", level * 2) .. "... (" .. (#keys - max_items) .. " more)"
        break
      end
      local value = t[key]
      local marked = on_path and crumb ~= nil and key == crumb
      local text
      if type(value) == "table" then text = layout(value, level + 1, marked)
      else text = inner_text(value, true) end
      local ch = marked and mark or ""
      parts[#parts + 1] = string.format("\n%s%s[%s] = %s",
        string.rep(" ", level * 2 - #ch), paint(ch), inner_text(key, false), text)
    end
    open[t] = open[t] - 1
    if open[t] == 0 then open[t] = nil end
    return table.concat(parts) .. " }"
  end

  -- luassert's type description: the table's address without its metatable; "(table)"
  -- when the metatable is protected.
  local mt = getmetatable(root)
  local described = "(" .. address_text(root, true) .. ") "
  if mt ~= nil and not pcall(setmetatable, root, mt) then described = "(table) " end
  return described .. layout(root, 1, true)
end

local debug_getinfo = debug_lib and debug_lib.getinfo   -- absent in the daemon's sandbox

--- Formats one value as luassert does; `fmtargs` may carry `crumbs`.
-- `special(value)` (assert.lua's) may format Detent's own values first.
function M.value(value, fmtargs, special)
  local custom = state.format_argument(value, fmtargs)
  if custom ~= nil then return tostring(custom) end
  if special then
    local text = special(value)
    if text then return text end
  end
  local kind = type(value)
  if kind == "nil" then return "(nil)" end
  if kind == "string" then
    local shown, rest = clip(value)
    return "(string) '" .. shown .. "'" .. (rest and ("…(" .. rest .. " more bytes)") or "")
  end
  if kind == "number" then return "(number) " .. number_text(value) end
  if kind == "boolean" then return "(boolean) " .. tostring(value) end
  if kind == "table" then return table_text(value, fmtargs and fmtargs.crumbs) end
  if kind == "function" then
    local info = debug_getinfo and debug_getinfo(value, "S")
    if info then return string.format("%s @ line %s in %s", address_text(value), raw_tostring(info.linedefined), raw_tostring(info.source)) end
    return address_text(value)
  end
  return "(" .. kind .. ") '" .. (own_text(value) or address_text(value)) .. "'"   -- userdata, thread
end

------------------------------------------------------------------------
-- Penlight's pretty.write, as busted prints an error value that is neither a string nor
-- has __tostring ("{\n  code = 7\n}"), for plain data: the list part, then the other
-- keys sorted by type and text, then number keys outside the list (sorted here; penlight
-- leaves them in `pairs` order). A function, thread or userdata prints as its type, where
-- penlight prints `tostring` with an address.

local PL_KEYWORDS = {}
for word in ([[and break do else elseif end false for function goto if in
  local nil not or repeat return then true until while]]):gmatch("%a+") do
  PL_KEYWORDS[word] = true
end

-- pl.stringx.quote_string: a long bracket for text with a newline, %q otherwise.
local function pl_quote(s)
  local level
  for eq in (s .. "]"):gmatch("[%[%]](=*)[%[%]]") do
    if not level or #eq > level then level = #eq end
  end
  if (s:find("\n") or level) and not s:find("\r") then
    local eq = ("="):rep((level or -1) + 1)
    if s:find("^\n") then s = "\n" .. s end
    return "[" .. eq .. "[" .. s .. "]" .. eq .. "]"
  end
  return (string.format("%q", s):gsub("\r", "\\r"))
end

-- pl.pretty's tostring: integral numbers without a fraction, others with 14 digits.
local function pl_text(value)
  local kind = type(value)
  if kind == "number" then
    if value ~= value then return "NaN" end
    if value == math.huge then return "Inf" end
    if value == -math.huge then return "-Inf" end
    if math.floor(value) == value then return string.format("%d", value) end
    return string.format("%.14g", value)
  end
  if kind == "table" or kind == "function" or kind == "thread" or kind == "userdata" then
    return own_text(value) or kind
  end
  return tostring(value)
end

local function pl_scalar(value)
  if type(value) == "string" then return pl_quote(value) end
  local text = pl_text(value)
  return text:find(" ") and pl_quote(text) or text
end

local function pl_key(key)
  if type(key) == "string" and key:find("^[%a_][%w_]*$") and not PL_KEYWORDS[key] then return key end
  if type(key) == "number" then return "[" .. pl_text(key) .. "]" end
  local quoted = pl_quote(type(key) == "string" and key or pl_text(key))
  return "[" .. (quoted:find("^%[") and (" " .. quoted .. " ") or quoted) .. "]"
end

function M.pretty_write(value)
  if type(value) ~= "table" or own_text(value) then return pl_scalar(value) end
  local lines, line, open = {}, "", {}
  local function put(s) line = line .. s end
  local function putln(s)
    lines[#lines + 1] = line .. s
    line = ""
  end
  local function eat_last_comma()
    lines[#lines] = lines[#lines]:gsub(",$", "")
  end
  local function write(v, old_indent, indent)
    if type(v) ~= "table" or own_text(v) then putln(pl_scalar(v) .. ","); return end
    if open[v] then putln("<cycle>,"); return end
    open[v] = true
    local new_indent = indent .. "  "
    putln("{")
    local n = 0
    while rawget(v, n + 1) ~= nil do
      n = n + 1
      put(indent)
      write(rawget(v, n), indent, new_indent)
    end
    local named, numbered = {}, {}
    for k in next, v do
      if type(k) ~= "number" then named[#named + 1] = k
      elseif not (math.type(k) == "integer" and k >= 1 and k <= n) then numbered[#numbered + 1] = k end
    end
    table.sort(named, function(a, b)
      if type(a) == type(b) then return pl_text(a) < pl_text(b) end
      return type(a) < type(b)
    end)
    table.sort(numbered)
    for _, keys in ipairs({ named, numbered }) do
      for _, k in ipairs(keys) do
        put(indent .. pl_key(k) .. " = ")
        write(rawget(v, k), indent, new_indent)
      end
    end
    open[v] = nil
    eat_last_comma()
    putln(old_indent .. "},")
  end
  write(value, "", "  ")
  eat_last_comma()
  return table.concat(lines, "\n")
end

M.own_text = own_text
M.tostring = text_of            -- tostring with numbered addresses (scripts' tostring)
M.address_text = address_text   -- "table: 0x00000001" whatever the metatable says

state.set_parameter("TableFormatLevel", 3)
state.set_parameter("TableFormatShowRecursion", false)
state.set_parameter("TableErrorHighlightCharacter", "*")
state.set_parameter("TableErrorHighlightColor", "none")
state.set_parameter("TableFormatMaxItems", 50)

host.format = M
return M
