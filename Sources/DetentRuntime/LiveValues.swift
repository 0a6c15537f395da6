import DetentLua

/// Turns the values an `eval` returned into what a person and a program read: the text the
/// console prints (values separated by tabs, tables formatted as `print` formats them) and
/// one JSON text (a single value, or an array for several; tables become arrays or objects
/// with sorted keys, cycles and functions become strings, depth limited). Lua code, so the
/// formatting is the prelude's own and key order is deterministic.
enum LiveValues {
    static let source = #"""
    local format = assert.format
    local concat, sort, tostring, type, pairs, mtype = table.concat, table.sort, tostring, type, pairs, math.type
    local fmt, byte = string.format, string.byte
    local escapes = { ['"'] = '\\"', ['\\'] = '\\\\', ['\b'] = '\\b', ['\f'] = '\\f', ['\n'] = '\\n', ['\r'] = '\\r', ['\t'] = '\\t' }
    local function quote(s)
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
      if count == n and n > 0 then
        for i = 1, n do parts[i] = encode(t[i], depth + 1, seen) end
        seen[t] = nil
        return '[' .. concat(parts, ',') .. ']'
      end
      local keys = {}
      for k in pairs(t) do keys[#keys + 1] = tostring(k) end
      sort(keys)
      local byname = {}
      for k, v in pairs(t) do byname[tostring(k)] = v end
      for i, k in ipairs(keys) do parts[i] = quote(k) .. ':' .. encode(byname[k], depth + 1, seen) end
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
      if kind == 'table' and not (getmetatable(v) and getmetatable(v).__tostring) then return format(v) end
      if kind == 'function' then return 'function' end
      return tostring(v)
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
    end
    """#
}
