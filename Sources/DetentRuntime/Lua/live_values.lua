-- How an eval's values are presented (LiveValues.swift loads it): the console's text and one
-- JSON text, each cut at a byte limit.
local format = assert.format
local concat, sort, tostring, type, pairs, mtype = table.concat, table.sort, tostring, type, pairs, math.type
local fmt, byte = string.format, string.byte
local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }
-- Bytes of a value's text and JSON (the daemon's max_eval_value_bytes): a longer string
-- is cut before it is formatted, with a count of the rest, as the console prints long
-- strings; a table stops adding entries once its JSON is that long.
local limit = 65536
local function cut(s)
  if #s <= limit then return s end
  return s:sub(1, limit) .. fmt('…(%d more bytes)', #s - limit)
end
local function quote(s)
  s = cut(s)
  return '"' .. s:gsub('[%c"\\]', function(c) return escapes[c] or fmt('\\u%04x', byte(c)) end) .. '"'
end
local encode
local function encode_table(t, depth, seen)
  if seen[t] then return '"<cycle>"' end
  if depth > 16 then return '"<table: too deep>"' end
  seen[t] = true
  local n, count = #t, 0
  for _ in pairs(t) do count = count + 1 end
  local parts = {}
  local size = 0
  local function add(part, left)
    size = size + #part
    parts[#parts + 1] = part
    if size > limit and left > 0 then
      parts[#parts + 1] = quote(fmt('…(%d more entries)', left))
      return false
    end
    return true
  end
  if count == n and n > 0 then
    for i = 1, n do if not add(encode(t[i], depth + 1, seen), n - i) then break end end
    seen[t] = nil
    return '[' .. concat(parts, ',') .. ']'
  end
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = tostring(k) end
  sort(keys)
  local byname = {}
  for k, v in pairs(t) do byname[tostring(k)] = v end
  for i, k in ipairs(keys) do
    if not add(quote(k) .. ':' .. encode(byname[k], depth + 1, seen), #keys - i) then break end
  end
  seen[t] = nil
  return '{' .. concat(parts, ',') .. '}'
end
function encode(v, depth, seen)
  local kind = type(v)
  if kind == 'nil' then return 'null'
  elseif kind == 'boolean' then return v and 'true' or 'false'
  elseif kind == 'number' then
    if mtype(v) == 'integer' then return fmt('%d', v) end
    if v ~= v or v == math.huge or v == -math.huge then return 'null' end
    local short = fmt('%.15g', v)
    if tonumber(short) == v then return short end
    return fmt('%.17g', v)
  elseif kind == 'string' then return quote(v)
  elseif kind == 'table' and not (getmetatable(v) and getmetatable(v).__tostring) then return encode_table(v, depth, seen)
  else return quote(tostring(v)) end
end
local function printable(v)
  local kind = type(v)
  if kind == 'table' and not (getmetatable(v) and getmetatable(v).__tostring) then return cut(format(v)) end
  if kind == 'function' then return 'function' end
  return cut(tostring(v))
end
return function(...)
  local n = select('#', ...)
  local texts, json = {}, {}
  for i = 1, n do
    local v = select(i, ...)
    texts[i] = printable(v)
    json[i] = encode(v, 1, {})
  end
  local all = n == 1 and json[1] or (n == 0 and 'null' or '[' .. concat(json, ',') .. ']')
  return concat(texts, '\t'), all, n
end, function(bytes) limit = bytes end
