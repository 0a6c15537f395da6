-- busted_module.lua — `require "busted"`: busted's exported API as one read-only table, as
-- busted's init.lua exports it (writing to it is an error, as there). The structure
-- functions are Detent's (spec.lua); publish/subscribe/unsubscribe are a message bus of
-- the spec file's own (busted's own events — test start, file end — are not published on
-- it); gettime, monotime and sleep run on the test's virtual clock; fail raises an
-- assertion failure; bindfenv gives one function a global of its own.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; leaves the module in
-- `host.busted_module` for sandbox.lua's built-in modules.

local host = ...
local debug_lib = rawget(_G, "debug")   -- absent in the daemon's sandbox

-- Subscribers by channel (the channel's names joined by NUL), in subscription order.
local channels = {}
local last_id = 0

local function channel_key(channel)
  if type(channel) ~= "table" then error("a channel is a list of names, e.g. {'test', 'start'}", 3) end
  local names = {}
  for i, name in ipairs(channel) do names[i] = tostring(name) end
  return table.concat(names, "\0")
end

--- subscribe(channel, fn, options?): fn(...) runs for each publish on channel; returns the
--- subscriber ({ id = , fn = , channel = }).
local function subscribe(channel, fn, options)
  if not host.luassert.is_callable(fn) then
    error("subscribe expects a function as its second argument", 2)
  end
  local key = channel_key(channel)
  last_id = last_id + 1
  local subscriber = { id = last_id, fn = fn, channel = channel, options = options or {} }
  channels[key] = channels[key] or {}
  table.insert(channels[key], subscriber)
  return subscriber
end

--- unsubscribe(id, channel): removes the subscriber and returns it (nil if there is none).
local function unsubscribe(id, channel)
  local list = channels[channel_key(channel)]
  if not list then return nil end
  for i, subscriber in ipairs(list) do
    if subscriber.id == id then return table.remove(list, i) end
  end
end

--- publish(channel, ...): calls the channel's subscribers with the values, in order.
local function publish(channel, ...)
  local list = channels[channel_key(channel)]
  if not list then return end
  local copy = {}
  for i, subscriber in ipairs(list) do copy[i] = subscriber end
  for _, subscriber in ipairs(copy) do subscriber.fn(...) end
end

--- bindfenv(fn, name, value): fn (or a callable's __call) sees `name` as `value`, its other
--- globals as before (needs the debug library, which `detent run` has).
local function bindfenv(callable, name, value)
  local mt = getmetatable(callable)
  local fn = type(mt) == "table" and mt.__call or callable
  if not (debug_lib and debug_lib.getupvalue) then error("bindfenv needs the debug library", 2) end
  for i = 1, math.huge do
    local upvalue, env = debug_lib.getupvalue(fn, i)
    if upvalue == nil then break end
    if upvalue == "_ENV" then
      local bound = setmetatable({ [name] = value }, { __index = env, __newindex = env })
      debug_lib.upvaluejoin(fn, i, function() return bound end, 1)
      return
    end
  end
end

local api = {
  describe = describe, context = context, insulate = insulate, expose = expose,
  it = it, spec = spec, test = test, pending = pending, randomize = randomize,
  setup = setup, teardown = teardown, lazy_setup = lazy_setup, lazy_teardown = lazy_teardown,
  strict_setup = strict_setup, strict_teardown = strict_teardown,
  before_each = before_each, after_each = after_each,
  assert = assert, spy = spy, mock = mock, stub = stub, match = match,
  publish = publish, subscribe = subscribe, unsubscribe = unsubscribe, bindfenv = bindfenv,
  fail = function(message, level) assert.fail(message, (level or 1) + 1) end,
  gettime = function() return os.clock() end,
  monotime = function() return os.clock() end,
  sleep = function(seconds) wait(seconds) end,
  version = "2.1.1",   -- the busted whose behaviour Detent follows
}

host.busted_module = setmetatable({}, {
  __index = api,
  __newindex = function() error("Attempt to modify busted", 2) end,
  __metatable = false,
})
return host.busted_module
