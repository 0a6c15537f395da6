-- Waiting by yielding (SPEC §9). Every wait yields a request table to the run loop, which
-- steps the world until the request holds (or its virtual-time timeout passes) and resumes
-- the test with (true, value) or (false, message).
local host = ...

local function await(request)
  local ok, value = coroutine.yield(request)
  if not ok then host.fail(value) end   -- at the script's line that waited
  return value
end

-- Types are checked here; numbers are checked by the host's one argument layer when the
-- request arrives (finite, in range), and an error comes back to `await`, which raises it at
-- the caller's line.
local function options(opts, name)
  if opts == nil then return {} end
  if type(opts) ~= "table" then host.fail(name .. " expects an options table like {timeout = 2}") end
  if opts.timeout ~= nil and type(opts.timeout) ~= "number" then
    host.fail("bad argument to '" .. name .. "' (field 'timeout': a number of virtual seconds expected, got " .. type(opts.timeout) .. ")")
  end
  return opts
end

--- Waits `seconds` of virtual time.
function wait(seconds)
  if type(seconds) ~= "number" then
    host.fail("bad argument #1 to 'wait' (a number of virtual seconds expected, got " .. type(seconds) .. ")")
  end
  local value = await({ kind = "time", seconds = seconds })
  return value
end

--- Waits `n` display-link frames.
function wait_frames(n)
  if type(n) ~= "number" then
    host.fail("bad argument #1 to 'wait_frames' (a whole number of frames expected, got " .. type(n) .. ")")
  end
  local value = await({ kind = "frames", frames = n })
  return value
end

--- Waits until `condition()` returns a truthy value (checked after every frame).
function wait_until(condition, opts)
  if type(condition) ~= "function" then host.fail("wait_until expects a function") end
  opts = options(opts, "wait_until")
  local value = await({ kind = "until", condition = condition, timeout = opts.timeout, what = opts.what })
  return value
end

--- Waits until nothing animates, no gesture is in flight, nothing is queued and the
--- world's state is unchanged across two frames.
function wait_idle(opts)
  opts = options(opts, "wait_idle")
  local value = await({ kind = "idle", timeout = opts.timeout })
  return value
end

--- Waits for the next event called `name`; returns its payload table.
function wait_event(name, opts)
  if type(name) ~= "string" then host.fail("wait_event expects an event name") end
  opts = options(opts, "wait_event")
  local value = await({ kind = "event", name = name, timeout = opts.timeout })
  return value
end
