-- spy.lua — luassert's spies and the assertions about them.
--
--   local s = spy.new(fn)          -- a callable that records, then calls fn
--   spy.on(t, "key")               -- replaces t.key by a spy on it
--   s:revert()  s:clear()  s.calls[1].vals  s.returnvals[1].vals
--   assert.spy(s).was.called()               .called(2)  .was_not.called()
--   assert.spy(s).was.called_at_least(1)     .called_at_most(3)
--   assert.spy(s).was.called_more_than(0)    .called_less_than(4)
--   assert.spy(s).was.called_with(1, match._, "x")
--   assert.spy(s).returned_with(true)        assert.stub(s) likewise
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; defines the global
-- `spy`.  Each call records deep copies of its arguments and of what it
-- returned ({ vals = copy, refs = originals }), so a table changed after the
-- call still compares as it was; `match.is_ref(t)` compares the original.
-- Spies belong to the current assert snapshot: reverting it reverts them.

local host = ...
local L = host.luassert
local state = host.assert_state

local M = {}

local Spy = {}

local function is_spy(value)
  return type(value) == "table" and getmetatable(value) == Spy
end

--- A deep copy of `value` (metatables shared, spies and matchers kept as
-- they are), as luassert's util.deepcopy.
local function deep_copy(value, cache)
  if type(value) ~= "table" or is_spy(value) or L.is_matcher(value) then return value end
  if cache[value] then return cache[value] end
  local copy = {}
  cache[value] = copy
  for k, v in next, value do copy[k] = deep_copy(v, cache) end
  local mt = getmetatable(value)
  if type(mt) == "table" then pcall(setmetatable, copy, mt) end
  return copy
end

--- { vals = a deep copy of an argument list, refs = the values themselves }.
local function copy_arguments(arguments)
  local vals, refs = L.make_arglist(), L.make_arglist()
  local cache = {}
  for i = 1, arguments.n do
    vals[i] = deep_copy(arguments[i], cache)
    refs[i] = arguments[i]
  end
  vals.n, refs.n = arguments.n, arguments.n
  return { vals = vals, refs = refs }
end

--- Whether two recorded values are the same: tables deeply (or with their
-- shared __eq), anything else with ==.
local function same_value(a, b)
  if type(a) == "table" and type(b) == "table" then
    local mt = getmetatable(a)
    if type(mt) == "table" and mt == getmetatable(b) and mt.__eq then return a == b end
    return L.deep_same(a, b)
  end
  return a == b
end

--- Whether a recorded call matches `wanted`: as many values, each the same
-- or accepted by a matcher on either side (matchers may be recorded by
-- stub's on_call_with).  A ref matcher sees the value passed, not its copy.
local function matches(recorded, wanted)
  local vals, refs = recorded.vals, recorded.refs
  if vals.n ~= wanted.n then return false end
  for i = 1, vals.n do
    local have, want = vals[i], wanted[i]
    if L.is_matcher(have) then
      if not have(want) then return false end
    elseif L.is_matcher(want) then
      if L.is_ref_matcher(want) then have = refs[i] end
      if not want(have) then return false end
    elseif have == nil or want == nil then
      if have ~= want then return false end
    elseif not same_value(have, want) then
      return false
    end
  end
  return true
end

--- The first recorded call in `list` that matches `wanted`, or nil.
local function find_match(list, wanted)
  for _, recorded in ipairs(list) do
    if matches(recorded, wanted) then return recorded end
  end
  return nil
end

Spy.__call = function(spy, ...)
  local calls = spy.calls
  calls[#calls + 1] = copy_arguments(L.make_arglist(...))
  local function record(...)
    local returned = spy.returnvals
    returned[#returned + 1] = copy_arguments(L.make_arglist(...))
    return ...
  end
  return record(spy.callback(...))
end

Spy.__tostring = function() return "spy" end

local methods = {}

--- s:revert(): puts the original back where spy.on found it; returns it.
function methods.revert(spy)
  if not spy.reverted then
    if spy.target_table ~= nil and spy.target_key ~= nil then
      spy.target_table[spy.target_key] = spy.callback
    end
    spy.reverted = true
  end
  return spy.callback
end

--- s:clear(): forgets the calls and returns recorded so far.
function methods.clear(spy)
  spy.calls, spy.returnvals = {}, {}
  return spy
end

--- s:called(times?, compare?): whether the call count satisfies
-- compare(count, times) (default: equal; without times: at least once), and the count.
function methods.called(spy, times, compare)
  if times or compare then
    compare = compare or function(count, expected) return count == expected end
    return compare(#spy.calls, times), #spy.calls
  end
  return #spy.calls > 0, #spy.calls
end

--- s:called_with(arglist): whether a call matched, and the first matching
-- call's values (or the last call's, or nil without calls).
function methods.called_with(spy, wanted)
  local found = find_match(spy.calls, wanted)
  if found then return true, found.vals end
  local last = spy.calls[#spy.calls]
  return false, last and last.vals
end

--- s:returned_with(arglist): as called_with, for the values returned.
function methods.returned_with(spy, wanted)
  local found = find_match(spy.returnvals, wanted)
  if found then return true, found.vals end
  local last = spy.returnvals[#spy.returnvals]
  return false, last and last.vals
end

--- spy.new(fn?): a spy calling `fn` (or nothing).
function M.new(callback)
  if callback == nil then callback = function() end end
  if not L.is_callable(callback) then
    error("Cannot spy on type '" .. type(callback) .. "', only on functions or callable elements", 2)
  end
  local spy = setmetatable({ calls = {}, returnvals = {}, callback = callback }, Spy)
  for name, method in pairs(methods) do spy[name] = method end
  state.add_spy(spy)
  return spy
end

--- spy.on(t, key): replaces t[key] by a spy on it and returns the spy.
function M.on(target, key)
  -- Engine handles (userdata) accept a replacement for one of their methods, for that
  -- object only; assigning the class's own method back (revert) removes it.
  if type(target) == "userdata" and type(target[key]) ~= "function" then
    error("spy.on: '" .. tostring(key) .. "' is not a method of " .. tostring(target)
      .. " (a handle's fields cannot be replaced; spy on its methods)", 2)
  end
  local spy = M.new(target[key])
  target[key] = spy
  spy.target_table, spy.target_key = target, key
  return spy
end

function M.is_spy(value) return is_spy(value) end

L.is_spy = is_spy
L.spy_methods = methods

------------------------------------------------------------------------
-- Assertions

local messages = {
  ["assertion.called.positive"] = "Expected to be called %s time(s), but was called %s time(s)",
  ["assertion.called.negative"] = "Expected not to be called exactly %s time(s), but it was.",
  ["assertion.called_at_least.positive"] = "Expected to be called at least %s time(s), but was called %s time(s)",
  ["assertion.called_at_most.positive"] = "Expected to be called at most %s time(s), but was called %s time(s)",
  ["assertion.called_more_than.positive"] = "Expected to be called more than %s time(s), but was called %s time(s)",
  ["assertion.called_less_than.positive"] = "Expected to be called less than %s time(s), but was called %s time(s)",
  ["assertion.called_with.positive"] =
    "Function was never called with matching arguments.\nCalled with (last call if any):\n%s\nExpected:\n%s",
  ["assertion.called_with.negative"] =
    "Function was called with matching arguments at least once.\nCalled with (last matching call):\n%s\nDid not expect:\n%s",
  ["assertion.returned_with.positive"] =
    "Function never returned matching arguments.\nReturned (last call if any):\n%s\nExpected:\n%s",
  ["assertion.returned_with.negative"] =
    "Function returned matching arguments at least once.\nReturned (last matching call):\n%s\nDid not expect:\n%s",
}
for key, text in pairs(messages) do assert:set_message(key, text) end

--- The spy an assertion is about, or a usage error naming `verb`.
local function payload_of(assertion_state, verb, level)
  local payload = assertion_state.payload
  if type(payload) == "table" and payload.called then return payload end
  if type(payload) == "function" then
    L.usage("When calling 'spy(aspy)', 'aspy' must not be the original function, but the spy function replacing the original", level + 1)
  end
  L.usage("'" .. verb .. "' must be chained after 'spy(aspy)'", level + 1)
end

local function counted(verb, compare)
  return function(assertion_state, arguments, level)
    local times = arguments[1]
    if not times and not assertion_state.mod then   -- was_not.called(): called 0 times
      assertion_state.mod = true
      times = 0
    end
    local spy = payload_of(assertion_state, verb, level)
    local holds, count = spy:called(times, compare)
    arguments[1] = tostring(times or ">0")
    L.insert_argument(arguments, 2, tostring(count))
    arguments.nofmt = { true, true }
    return holds
  end
end

local function with(verb, method)
  return function(assertion_state, arguments, level)
    local spy = payload_of(assertion_state, verb, level)
    local wanted = L.make_arglist(table.unpack(arguments, 1, arguments.n))
    local holds, shown = method(spy, wanted)
    for i = 1, arguments.n do arguments[i] = nil end
    arguments[1], arguments[2], arguments.n = shown, wanted, 2
    return holds
  end
end

local function set_payload(assertion_state, arguments)
  if arguments == nil then return end   -- used as a word in a chain
  assertion_state.payload = arguments[1]
  if arguments[2] ~= nil then assertion_state.failure_message = arguments[2] end
end

assert:register("modifier", "spy", set_payload)
assert:register("modifier", "stub", set_payload)
assert:register("assertion", "called", counted("called"),
  "assertion.called.positive", "assertion.called.negative")
assert:register("assertion", "called_at_least", counted("called_at_least", function(n, e) return n >= e end),
  "assertion.called_at_least.positive", "assertion.called_less_than.positive")
assert:register("assertion", "called_at_most", counted("called_at_most", function(n, e) return n <= e end),
  "assertion.called_at_most.positive", "assertion.called_more_than.positive")
assert:register("assertion", "called_more_than", counted("called_more_than", function(n, e) return n > e end),
  "assertion.called_more_than.positive", "assertion.called_at_most.positive")
assert:register("assertion", "called_less_than", counted("called_less_than", function(n, e) return n < e end),
  "assertion.called_less_than.positive", "assertion.called_at_least.positive")
assert:register("assertion", "called_with", with("called_with", methods.called_with),
  "assertion.called_with.positive", "assertion.called_with.negative")
assert:register("assertion", "returned_with", with("returned_with", methods.returned_with),
  "assertion.returned_with.positive", "assertion.returned_with.negative")

L.find_match = find_match
L.copy_arguments = copy_arguments

spy = setmetatable(M, {
  __call = function(_, ...) return M.new(...) end,
})
return M
