-- The console's Lua half (ConsoleLua.swift loads it): how values print, which names complete
-- a word, and whether a chunk is incomplete (Lua 5.4's lua.c rules). Called with `members`
-- (a handle's class, fields and methods) and the engines' summary fields.
local members, engine_keys = ...
local type, tostring, pairs, ipairs, pcall, next = type, tostring, pairs, ipairs, pcall, next
local sort, concat, fmt, rep, mtype = table.sort, table.concat, string.format, string.rep, math.type
local getmetatable, rawget, load = getmetatable, rawget, load
local G = _ENV

-- Properties that summarise an object: <drawer anchor=middle origin=422.0>; the engines'
-- (and their screens') from their registrations.
local key = { touch = { "id", "phase" }, animator = { "name", "value", "state" }, world = { "device", "time", "frame" }, trace = {} }
for class, fields in pairs(engine_keys) do key[class] = fields end
local MAX_DEPTH, WIDTH, MAX_ITEMS = 4, 72, 100

local function scalar(v)
  local kind = type(v)
  if kind == "string" then return fmt("%q", v):gsub("\\\n", "\\n")
  elseif kind == "number" or kind == "boolean" or kind == "nil" then return tostring(v) end
end

local function handle(v)
  local kind, fields = members(v)
  if not kind then return nil end
  local chosen = key[kind]
  if not chosen then
    chosen = {}
    for _, name in ipairs(fields) do
      local ok, value = pcall(function() return v[name] end)
      if ok and (type(value) == "number" or type(value) == "string" or type(value) == "boolean") then chosen[#chosen + 1] = name end
      if #chosen == 3 then break end
    end
  end
  local parts = { kind }
  for _, name in ipairs(chosen) do
    local ok, value = pcall(function() return v[name] end)
    if ok and value ~= nil then
      local text = type(value) == "userdata" and (members(value) and "<" .. members(value) .. ">" or tostring(value)) or tostring(value)
      parts[#parts + 1] = name .. "=" .. text
    end
  end
  return "<" .. concat(parts, " ") .. ">"
end

local function keytext(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
  return "[" .. (scalar(k) or tostring(k)) .. "]"
end

local show
local function show_table(t, depth, path, indent)
  if path[t] then return "<cycle>" end
  local mt = getmetatable(t)
  if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(t) end
  if next(t) == nil then return "{}" end
  if depth > MAX_DEPTH then return "{…}" end
  path[t] = true
  local items, n = {}, #t
  for i = 1, n do
    if #items >= MAX_ITEMS then break end
    items[#items + 1] = show(t[i], depth + 1, path, indent .. "  ")
  end
  local keys = {}
  for k in pairs(t) do
    if not (mtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "number" or ta == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  for _, k in ipairs(keys) do
    if #items >= MAX_ITEMS then items[#items + 1] = "…"; break end
    items[#items + 1] = keytext(k) .. " = " .. show(t[k], depth + 1, path, indent .. "  ")
  end
  path[t] = nil
  local flat = "{ " .. concat(items, ", ") .. " }"
  if #flat + #indent <= WIDTH and not flat:find("\n") then return flat end
  local inner = indent .. "  "
  return "{\n" .. inner .. concat(items, ",\n" .. inner) .. ",\n" .. indent .. "}"
end

function show(v, depth, path, indent)
  local kind = type(v)
  if kind == "table" then return show_table(v, depth, path, indent)
  elseif kind == "userdata" then return handle(v) or tostring(v)
  elseif kind == "function" or kind == "thread" then return kind
  end
  return scalar(v) or tostring(v)
end

--- The text of values as the console prints them: tab-separated, a top-level string raw.
local function present(...)
  local n, out = select("#", ...), {}
  for i = 1, n do
    local v = select(i, ...)
    out[i] = type(v) == "string" and v or show(v, 1, {}, "")
  end
  return concat(out, "\t")
end

--- Whether `code` is an incomplete chunk: its error ends at <eof> (lua.c's rule).
local function incomplete(code)
  if load("return " .. code, "=stdin") then return false end
  local fn, err = load(code, "=stdin")
  return not fn and err:sub(-5) == "<eof>"
end

local keywords = { "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
                   "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while" }

-- One step of a path without running Lua code: raw fields, then __index tables;
-- a handle's getters are host code without side effects.
local function index(v, name)
  if type(v) == "table" then
    local seen = 0
    while type(v) == "table" and seen < 8 do
      local value = rawget(v, name)
      if value ~= nil then return value end
      local mt = getmetatable(v)
      v = type(mt) == "table" and rawget(mt, "__index") or nil
      seen = seen + 1
    end
    if type(v) == "userdata" then return index(v, name) end
    return nil
  elseif type(v) == "userdata" and members(v) then
    local ok, value = pcall(function() return v[name] end)
    if ok then return value end
  end
end

-- The member names of a value: (name, is_method) pairs.
local function names_of(v, out)
  if type(v) == "table" then
    local seen = 0
    while type(v) == "table" and seen < 8 do
      for k, value in next, v do
        if type(k) == "string" and k:match("^[%a_][%w_]*$") then out[k] = out[k] or type(value) == "function" end
      end
      local mt = getmetatable(v)
      v = type(mt) == "table" and rawget(mt, "__index") or nil
      seen = seen + 1
    end
    if type(v) == "userdata" then names_of(v, out) end
  elseif type(v) == "userdata" then
    local _, fields, methods = members(v)
    for _, name in ipairs(fields or {}) do out[name] = out[name] or false end
    for _, name in ipairs(methods or {}) do out[name] = true end
  end
  return out
end

--- The words that complete `word` (`detent.wo`, `d:mo`, `pri`), whole, sorted.
local function complete(word)
  local path, sep, partial = word:match("^(.-)([%.:])([%w_]*)$")
  local found = {}
  if not path then
    partial = word
    names_of(G, found)
    for _, k in ipairs(keywords) do found[k] = false end
  else
    local v = G
    for name in (path .. "."):gmatch("([^%.:]*)[%.:]") do
      if name == "" then return {} end
      v = index(v, name)
      if v == nil then return {} end
    end
    names_of(v, found)
  end
  local out = {}
  for name, is_method in pairs(found) do
    if name:sub(1, #partial) == partial and name:sub(1, 2) ~= "__" and (sep ~= ":" or is_method) then
      out[#out + 1] = (path and path .. sep or "") .. name
    end
  end
  sort(out)
  return out
end

--- The end of a recording (`:record` … `:stop`): the world's device, one "S"
--- (a statement, kept) or "E" (an expression only looked at) per chunk, then an assertion
--- of each engine's state — the `key` properties of every handle a global holds, named
--- after the global; numeric properties of engines no global holds through
--- world:property. Numbers to 6 decimals with a tolerance of 1e-6. One string of lines.
local function snapshot(chunks)
  local world = G.world
  local out = { world.device }
  local kinds = {}
  for i, code in ipairs(chunks) do
    local statement = not code:match("^%s*return[%s(]") and load(code, "=chunk") ~= nil
    kinds[i] = statement and "S" or "E"
  end
  out[#out + 1] = concat(kinds)
  local function number(v) return (fmt("%.6f", v):gsub("0+$", ""):gsub("%.$", ".0")) end
  local names, covered = {}, {}
  for name, v in pairs(G) do
    if type(name) == "string" and name ~= "world" and name:sub(1, 2) ~= "__" and members(v) and key[members(v)] then
      names[#names + 1] = name
    end
  end
  sort(names)
  for _, name in ipairs(names) do
    local handle = G[name]
    local ok, engine = pcall(function() return handle.name end)
    if ok and type(engine) == "string" then covered[engine] = true end
    for _, field in ipairs(key[members(handle)]) do
      local read, v = pcall(function() return handle[field] end)
      local path = name .. "." .. field
      if not read then
      elseif mtype(v) == "float" then
        out[#out + 1] = fmt("assert.near(%s, %s, 1e-6)", number(v), path)
      elseif type(v) == "number" or type(v) == "boolean" then
        out[#out + 1] = fmt("assert.are.equal(%s, %s)", tostring(v), path)
      elseif type(v) == "string" then
        out[#out + 1] = fmt("assert.are.equal(%q, %s)", v, path)
      elseif v == nil then
        out[#out + 1] = fmt("assert.is_nil(%s)", path)
      else
        local has_id, id = pcall(function() return v.id end)
        if has_id and type(id) == "string" then out[#out + 1] = fmt("assert.are.equal(%q, %s.id)", id, path) end
      end
    end
  end
  local properties = world:properties()
  sort(properties)
  for _, property in ipairs(properties) do
    local engine = property:match("^([^.]+)%.")
    local v = world:property(property)
    if engine and not covered[engine] and type(v) == "number" then
      out[#out + 1] = fmt("assert.near(%s, world:property(%q), 1e-6)", number(v), property)
    end
  end
  return concat(out, "\n")
end

return { present = present, incomplete = incomplete, complete = complete, snapshot = snapshot }
