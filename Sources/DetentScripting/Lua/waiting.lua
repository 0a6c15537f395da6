-- Waiting by yielding (SPEC §9). Every wait yields a request table to the run loop, which
-- steps the world until the request holds (or its virtual-time timeout passes) and resumes
-- the test with (true, value) or (false, message).
local function await(request)
  local ok, value = coroutine.yield(request)
  if not ok then error(value, 3) end
  return value
end

-- Types are checked here; numbers are checked by the host's one argument layer when the
-- request arrives (finite, in range), and an error comes back to `await`, which raises it at
-- the caller's line.
local function options(opts, name)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(name .. " expects an options table like {timeout = 2}", 3) end
  if opts.timeout ~= nil and type(opts.timeout) ~= "number" then
    error("bad argument to '" .. name .. "' (field 'timeout': a number of virtual seconds expected, got " .. type(opts.timeout) .. ")", 3)
  end
  return opts
end

--- Waits `seconds` of virtual time.
function wait(seconds)
  if type(seconds) ~= "number" then
    error("bad argument #1 to 'wait' (a number of virtual seconds expected, got " .. type(seconds) .. ")", 2)
  end
  local value = await({ kind = "time", seconds = seconds })
  return value -- not a tail call: the error level in await counts this frame
end

--- Waits `n` display-link frames.
function wait_frames(n)
  if type(n) ~= "number" then
    error("bad argument #1 to 'wait_frames' (a whole number of frames expected, got " .. type(n) .. ")", 2)
  end
  local value = await({ kind = "frames", frames = n })
  return value -- not a tail call: the error level in await counts this frame
end

--- Waits until `condition()` returns a truthy value (checked after every frame).
function wait_until(condition, opts)
  if type(condition) ~= "function" then error("wait_until expects a function", 2) end
  opts = options(opts, "wait_until")
  local value = await({ kind = "until", condition = condition, timeout = opts.timeout, what = opts.what })
  return value -- not a tail call: the error level in await counts this frame
end

--- Waits until nothing animates, no gesture is in flight, nothing is queued and the
--- world's state is unchanged across two frames.
function wait_idle(opts)
  opts = options(opts, "wait_idle")
  local value = await({ kind = "idle", timeout = opts.timeout })
  return value -- not a tail call: the error level in await counts this frame
end

--- Waits for the next event called `name`; returns its payload table.
function wait_event(name, opts)
  if type(name) ~= "string" then error("wait_event expects an event name", 2) end
  opts = options(opts, "wait_event")
  local value = await({ kind = "event", name = name, timeout = opts.timeout })
  return value -- not a tail call: the error level in await counts this frame
end
