-- Waiting by yielding (SPEC §9). Every wait yields a request table to the run loop, which
-- steps the world until the request holds (or its virtual-time timeout passes) and resumes
-- the test with (true, value) or (false, message).
local function await(request)
  local ok, value = coroutine.yield(request)
  if not ok then error(value, 3) end
  return value
end

local function options(opts, name)
  if opts == nil then return {} end
  if type(opts) ~= "table" then error(name .. " expects an options table like {timeout = 2}", 3) end
  if opts.timeout ~= nil and (type(opts.timeout) ~= "number" or opts.timeout < 0) then
    error(name .. ": timeout must be a number of virtual seconds >= 0", 3)
  end
  return opts
end

--- Waits `seconds` of virtual time.
function wait(seconds)
  if type(seconds) ~= "number" or seconds < 0 or seconds ~= seconds then
    error("wait expects a number of virtual seconds >= 0, got " .. tostring(seconds), 2)
  end
  local value = await({ kind = "time", seconds = seconds })
  return value -- not a tail call: the error level in await counts this frame
end

--- Waits `n` display-link frames.
function wait_frames(n)
  if math.type(n) ~= "integer" or n < 0 then
    error("wait_frames expects a whole number of frames >= 0, got " .. tostring(n), 2)
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
