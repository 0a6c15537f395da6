-- assert_chain.lua — the registry of assertions and modifiers, and the chains
-- (`assert.is_not.equal`) that name them.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; adds
-- register/unregister to the module, the built-in modifiers to the registry, and
-- leaves `add`, `registry` and `new_chain` on `host.luassert`.

local host = ...
local luassert = host.luassert
local M, without_self, usage, throw = luassert.module, luassert.without_self, luassert.usage, luassert.throw
local fill, format_value, custom_tostring = luassert.fill, luassert.format_value, luassert.custom_tostring
local count_assertion = luassert.count_assertion

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
-- `state.failure_message`, and optionally `state.expected`/`state.actual` for the
-- failure object (formatted text, or a function giving it, called only if the
-- assertion fails).  `level` is the level at which
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

  count_assertion()
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
    -- Assertions leave expected/actual as functions: values are formatted only on failure
    -- (as luassert formats), so a formatter runs for the failures it describes alone.
    local expected, actual = state.expected, state.actual
    if type(expected) == "function" then expected = expected() end
    if type(actual) == "function" then actual = actual() end
    throw({
      message = text,
      expected = expected,
      actual = actual or formatted[1],
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

for _, word in ipairs({ "is", "are", "was", "has", "does", "a", "an", "the" }) do add("modifier", word, no_op) end
add("modifier", "not", negate)
add("modifier", "no", negate)
add("modifier", "message", function(state, arguments)
  if arguments then state.failure_message = arguments[1] end
  return state
end, nil, nil, true)

luassert.registry = registry       -- assertion, modifier and matcher namespaces
luassert.add = add                 -- add(namespace, name, callback, positive, negative, takes_arguments)
luassert.is_callable = is_callable
luassert.unknown_key = unknown_key -- unknown_key(words, names, modifiers): luassert's name for an unreadable chain
luassert.new_chain = new_chain     -- new_chain(words, state, label)
luassert.extend = extend           -- extend(words, key): words with key's added
