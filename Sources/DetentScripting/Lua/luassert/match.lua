-- match.lua — luassert's matchers: `match._`, `match.is_string()`,
-- `match.is_not.nil()`, `match.is_same({ 1 })`, `match.matches("^a")`,
-- `match.is_ref(t)`, `match.all_of(m1, m2)`, ... and the global `match`.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`.  A matcher is a
-- callable table { name, mod, callback, arguments }: `m(value)` is true when
-- `callback(value) == mod`.  Spies compare recorded arguments with them
-- (spy.lua), and they print as luassert prints them:
-- "(matcher) is.match((string) 'er')", "(matcher) no.nil()".
--
-- More matchers: assert:register("matcher", name, function(state, arguments, level)
--   return function(value) return ... end end)

local host = ...
local L = host.luassert
local registry = L.registry

local M = {}

local Matcher = {}
Matcher.__call = function(matcher, value)
  return matcher.callback(value) == matcher.mod
end

local function is_matcher(value)
  return type(value) == "table" and getmetatable(value) == Matcher
end

--- match.is_matcher(v): whether `v` is a matcher.
function M.is_matcher(value) return is_matcher(value) end

--- match.is_ref_matcher(v): whether `v` is a match.is_ref(...) matcher,
-- which spies compare with the values passed rather than their copies.
function M.is_ref_matcher(value)
  return is_matcher(value) and value.name == "ref"
end

M._ = setmetatable({ name = "_", mod = true, callback = function() return true end,
  arguments = L.make_arglist() }, Matcher)

------------------------------------------------------------------------
-- Chains: match.is_not.string is a chain of words; calling it makes the
-- matcher.  Chains are immutable, like assert's.

local chains = setmetatable({}, { __mode = "k" })
local Chain = {}

local function new_chain(words, label)
  local chain = setmetatable({}, Chain)
  chains[chain] = { words = words, label = label }
  return chain
end

Chain.__index = function(chain, key)
  local data = chains[chain]
  if type(key) ~= "string" then
    L.usage(data.label .. ": cannot index a matcher with a " .. type(key) .. " key", 2)
  end
  local words = table.move(data.words, 1, #data.words, 1, {})
  for word in key:lower():gmatch("[^_]+") do words[#words + 1] = word end
  return new_chain(words, data.label .. "." .. key)
end

Chain.__tostring = function(chain) return "matcher " .. chains[chain].label end

--- The modifiers and the matcher a chain's words name, longest name first;
-- nil and a complaint when a word is unknown or no matcher is named.
local function parse(words, label)
  local modifiers, matcher = {}, nil
  local i = 1
  while i <= #words do
    local found, is_modifier
    for j = #words, i, -1 do
      local name = table.concat(words, "_", i, j)
      if registry.matcher[name] then found = registry.matcher[name]; i = j + 1; break end
      if registry.modifier[name] then found, is_modifier = registry.modifier[name], true; i = j + 1; break end
    end
    if not found then
      return nil, string.format("luassert: unknown modifier/matcher: '%s'",
        L.unknown_key(words, registry.matcher, registry.modifier) or words[i])
    end
    if is_modifier then
      modifiers[#modifiers + 1] = found
    elseif matcher then
      return nil, string.format("%s: more than one matcher ('%s' and '%s')", label, matcher.name, found.name)
    else
      matcher = found
    end
  end
  if not matcher then return nil, label .. "(...) names no matcher; name one, e.g. match.is_string()" end
  return modifiers, matcher
end

-- Stack when a matcher's callback runs: 1 = callback, 2 = Chain.__call,
-- 3 = the spec line.
local CALLBACK_LEVEL = 3

Chain.__call = function(chain, ...)
  local data = chains[chain]
  local modifiers, matcher = parse(data.words, data.label)
  if modifiers == nil then L.usage(matcher, 2) end
  local state = { mod = true }
  for _, modifier in ipairs(modifiers) do modifier.callback(state) end
  local arguments = L.make_arglist(...)
  local callback = matcher.callback(state, arguments, CALLBACK_LEVEL)
  local made = setmetatable({ name = matcher.name, mod = state.mod, callback = callback,
    arguments = arguments }, Matcher)
  return made
end

------------------------------------------------------------------------
-- Built-in matchers (luassert's matchers/core.lua and composite.lua)

local require_arguments = L.arguments.require_arguments

local function bad_argument(position, name, wanted, got, level)
  L.usage(L.say("assertion.internal.badargtype", { tostring(position), name, wanted, got }), level + 1)
end

local function register(names, callback)
  for _, name in ipairs(names) do
    registry.matcher[name] = { name = name, callback = callback }
  end
end

for _, type_name in ipairs({ "nil", "boolean", "number", "string", "table", "function", "userdata", "thread" }) do
  register({ type_name }, function()
    return function(value) return type(value) == type_name end
  end)
end

register({ "true" }, function() return function(value) return value == true end end)
register({ "false" }, function() return function(value) return value == false end end)
register({ "truthy" }, function() return function(value) return value ~= false and value ~= nil end end)
register({ "falsy" }, function() return function(value) return value == false or value == nil end end)

register({ "ref" }, function(_, arguments, level)
  require_arguments(arguments, 1, "ref", level)
  local wanted, kind = arguments[1], type(arguments[1])
  if kind ~= "table" and kind ~= "function" and kind ~= "thread" and kind ~= "userdata" then
    bad_argument(1, "ref", "object", kind, level)
  end
  return function(value) return value == wanted end
end)

register({ "equals", "equal" }, function(_, arguments, level)
  require_arguments(arguments, 1, "equals", level)
  local wanted = arguments[1]
  return function(value) return value == wanted end
end)

register({ "same" }, function(_, arguments, level)
  require_arguments(arguments, 1, "same", level)
  local wanted = arguments[1]
  return function(value)
    if type(value) == "table" and type(wanted) == "table" then return L.deep_same(value, wanted) end
    return value == wanted
  end
end)

register({ "matches", "match" }, function(_, arguments, level)
  require_arguments(arguments, 1, "matches", level)
  local pattern, init, plain = arguments[1], arguments[2], arguments[3]
  if type(pattern) ~= "string" then bad_argument(1, "matches", "string", type(pattern), level) end
  if init ~= nil and not tonumber(init) then bad_argument(2, "matches", "number", type(init), level) end
  return function(value)
    local kind = type(value)
    if kind ~= "string" and kind ~= "number" and not (kind == "table" and L.has_tostring(value)) then
      return false
    end
    return tostring(value):find(pattern, tonumber(init), plain) ~= nil
  end
end)

register({ "near" }, function(_, arguments, level)
  require_arguments(arguments, 2, "near", level)
  local wanted = "number or object convertible to a number"
  local expected, tolerance = tonumber(arguments[1]), tonumber(arguments[2])
  if not expected then bad_argument(1, "near", wanted, L.format_value(arguments[1]), level) end
  if not tolerance then bad_argument(2, "near", wanted, L.format_value(arguments[2]), level) end
  return function(value)
    local actual = tonumber(value)
    if not actual then return false end
    return actual >= expected - tolerance and actual <= expected + tolerance
  end
end)

register({ "unique" }, function(_, arguments)
  local deep = arguments[1]
  return function(list)
    if type(list) ~= "table" then return false end
    local values = {}
    for _, v in pairs(list) do values[#values + 1] = v end
    for i = 1, #values do
      for j = i + 1, #values do
        local a, b = values[i], values[j]
        if a == b or (deep and L.deep_same(a, b)) then return false end
      end
    end
    return true
  end
end)

--- all_of / any_of / none_of: matchers of matchers.
local function composite(name, short, verdict)
  register({ name }, function(_, arguments, level)
    require_arguments(arguments, 1, short, level)
    for i = 1, arguments.n do
      if not is_matcher(arguments[i]) then bad_argument(1, short, "matcher", type(arguments[i]), level) end
    end
    return function(value) return verdict(arguments, value) end
  end)
end

composite("all_of", "all", function(matchers, value)
  for i = 1, matchers.n do if not matchers[i](value) then return false end end
  return true
end)
composite("any_of", "any", function(matchers, value)
  for i = 1, matchers.n do if matchers[i](value) then return true end end
  return false
end)
composite("none_of", "none", function(matchers, value)
  for i = 1, matchers.n do if matchers[i](value) then return false end end
  return true
end)

------------------------------------------------------------------------
-- How a matcher prints in a failure message.

host.assert_state.add_formatter(function(value)
  if not is_matcher(value) then return nil end
  if value.name == "_" then return "(matcher) _ *anything*" end
  local parts = {}
  local arguments = value.arguments or { n = 0 }
  for i = 1, arguments.n or #arguments do parts[i] = L.format_value(arguments[i]) end
  return string.format("(matcher) %s%s(%s)", value.mod and "is." or "no.", tostring(value.name),
    table.concat(parts, ", "))
end)

L.is_matcher = is_matcher
L.is_ref_matcher = M.is_ref_matcher

match = setmetatable(M, {
  __index = function(_, key)
    if type(key) ~= "string" then return nil end
    return new_chain({}, "match")[key]
  end,
})
return M
