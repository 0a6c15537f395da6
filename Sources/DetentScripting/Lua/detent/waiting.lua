-- Waiting by yielding (SPEC §9). Every wait yields a request table to the run loop, which
-- steps the world until the request holds (or its virtual-time timeout passes) and resumes
-- the test with (true, value) or (false, message).
local host = ...

local can_wait = host.can_wait
-- A wait that fails on its timeout is an assertion (SPEC §9); wait and wait_frames cannot fail.
local count_assertion = host.luassert.count_assertion
local refusals = {
  callback = "cannot wait here: this runs inside a callback the engine calls (an event handler, "
    .. "a wait_until condition, should_select, a policy, a metamethod), which must return at once; "
    .. "spawn(fn) a task to wait in",
  coroutine = "cannot wait inside a coroutine the script made itself (coroutine.create/wrap): its "
    .. "yield would go to that coroutine's resume, not the run loop; only the test and the tasks of "
    .. "spawn(fn) can wait",
}

-- A describe body is running (spec_run.lua's `enter` sets host.in_describe_body): a field
-- read, so that a wait in a test pays no host call for the check.
local function await(request)
  if host.in_describe_body then host.fail(host.collecting()) end
  local allowed = can_wait()
  if allowed ~= true then host.fail(refusals[allowed]) end
  local ok, value = coroutine.yield(request)
  if not ok then host.fail(value) end   -- at the script's line that waited
  return value
end

-- Every number is checked before the wait begins by the host's one argument layer (finite,
-- in range), so a bad value is an ordinary error at the caller's line, which has_error can
-- catch. The run loop checks again what arrives (a script may yield a request itself).
local argument = host.argument

-- The options of a wait given none: read, never written, so one table serves every wait.
local no_options = {}

local function options(opts, name, position)
  if opts == nil then return no_options end
  if type(opts) ~= "table" then host.fail(name .. " expects an options table like {timeout = 2}") end
  if opts.timeout ~= nil then argument(opts.timeout, "seconds", name, position, "timeout") end
  return opts
end

-- A good duration needs no host call (every `wait` passes here): the same range as
-- argument's "seconds" rule, which still words the error for a bad one. NaN fails both tests.
local seconds_min, seconds_max = host.seconds_range[1], host.seconds_range[2]

--- Waits `seconds` of virtual time.
function wait(seconds)
  if type(seconds) ~= "number" or not (seconds >= seconds_min and seconds <= seconds_max) then
    argument(seconds, "seconds", "wait", 1)
  end
  local value = await({ kind = "time", seconds = seconds })
  return value
end

--- Waits `n` display-link frames.
function wait_frames(n)
  argument(n, "frames", "wait_frames", 1)
  local value = await({ kind = "frames", frames = n })
  return value
end

--- Waits until `condition()` returns a truthy value (checked after every frame).
function wait_until(condition, opts)
  count_assertion()
  if type(condition) ~= "function" then host.fail("wait_until expects a function") end
  opts = options(opts, "wait_until", 2)
  local value = await({ kind = "until", condition = condition, timeout = opts.timeout, what = opts.what })
  return value
end

--- Waits until nothing animates, no gesture is in flight, nothing is queued and the
--- world's state is unchanged across two frames.
function wait_idle(opts)
  count_assertion()
  opts = options(opts, "wait_idle", 1)
  local value = await({ kind = "idle", timeout = opts.timeout })
  return value
end

--- Waits for the next event called `name`; returns its payload table.
function wait_event(name, opts)
  count_assertion()
  if type(name) ~= "string" then host.fail("wait_event expects an event name") end
  host.check_event(name, "wait_event")
  opts = options(opts, "wait_event", 2)
  local value = await({ kind = "event", name = name, timeout = opts.timeout })
  return value
end
