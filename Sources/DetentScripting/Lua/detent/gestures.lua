-- Gestures (SPEC §8). A finger is a sequence of samples at the device's touch rate (120 Hz
-- on 120 Hz devices, 60 Hz otherwise). These verbs schedule samples and then wait until the
-- world has delivered them, so a script reads like what a finger does. Release velocity is
-- always what the velocity tracker measured from the samples: to flick fast, move fast.
local host = ...

local Touch = {}
local TouchMeta = {
  __index = function(t, key)
    local method = Touch[key]
    if method ~= nil then return method end
    return t.handle[key]
  end,
  __tostring = function(t) return tostring(t.handle) end,
}

local function wrap(handle)
  return setmetatable({ handle = handle }, TouchMeta)
end

-- Waits until every sample scheduled so far has been delivered.
local function settle(t)
  local remaining = t.handle.scheduled_end - host.now()
  if remaining > 0 then wait(remaining) end
end

-- Numbers are checked by the host's argument layer (finite, in range); errors are raised
-- at the script's line that called the verb (host.fail skips these helpers' frames).
local argument, fail = host.argument, host.fail
local function number(value, rule, verb, field) return argument(value, rule, verb, nil, field) end

-- Every key of a verb's options table is one it reads: a misspelt one (`speed` for
-- `velocity`) is an error naming it, never an option silently left out.
local check_options = host.check_options
local option_keys = {
  move_to = { "duration", "curve" },
  drag = { "by", "to", "duration", "curve", "hold" },
  flick = { "velocity", "distance" },
  scroll = { "by", "duration", "curve" },
  edge_swipe = { "progress", "velocity", "y" },
  touch_path = { "up", "cancel" },
}

-- opts.curve, a curve name or nil.
local function curve_of(opts, verb)
  if opts.curve ~= nil and type(opts.curve) ~= "string" then
    fail("bad argument to '" .. verb .. "' (field 'curve': a curve name expected, got " .. type(opts.curve) .. ")")
  end
  return opts.curve
end

local function duration_and_curve(opts, default_duration, verb)
  if opts == nil then return default_duration, nil end
  if type(opts) == "number" then return number(opts, "stroke_seconds", verb, "duration"), nil end
  if type(opts) ~= "table" then fail(verb .. " expects a duration in seconds or {duration =, curve =}") end
  check_options(opts, option_keys.move_to, verb, 3)
  local duration = opts.duration
  if duration == nil then duration = default_duration end
  return number(duration, "stroke_seconds", verb, "duration"), curve_of(opts, verb)
end

-- Schedules a stroke from where the finger is scheduled to be to (x, y), over `duration`
-- seconds eased by `curve`: samples every 1/rate s, the last one exactly at the end, so the
-- finger's speed is the speed asked for even when the duration is not a whole number of
-- samples; computed in one host call (TouchBinding's _stroke). It does not wait. The point
-- and the duration are checked as move_to checks them (a tiny flick velocity, a target past
-- the screen's range are refused at the script's line, not sampled).
local function stroke(t, x, y, duration, curve)
  x, y = number(x, "points", "move_to", "x"), number(y, "points", "move_to", "y")
  duration = number(duration, "stroke_seconds", "move_to", "duration")
  local start = math.max(host.now(), t.handle.scheduled_end)
  -- An unknown curve fails here, at the script's line, as it always did.
  if curve then detent.motion.curve(curve, 0) end
  t.handle:_stroke(t.handle.scheduled_x, t.handle.scheduled_y, x, y, start, duration, host.touch_rate(), curve)
end

-- Lifts the finger one sample after its last scheduled sample (after now, if the script
-- waited past it), `rest` seconds later still; waits until it is delivered and returns the
-- measured release velocity. The gesture macros schedule a whole gesture, lift included,
-- before this one wait: a frame that comes late (a live world on a loaded machine) delivers
-- the samples late but cannot stretch a flick into a finger resting before it lifts.
local function lift(t, rest)
  t.handle:_up(math.max(host.now(), t.handle.scheduled_end) + rest + 1 / host.touch_rate())
  settle(t)
  return t.handle.velocity
end

--- Moves the finger to (x, y) over `duration` seconds (default 0.3), eased by `curve`
--- (default linear), sampling at the touch rate; returns when the last sample is delivered.
function Touch:move_to(x, y, opts)
  local duration, curve = duration_and_curve(opts, 0.3, "move_to")
  stroke(self, x, y, duration, curve)
  settle(self)
  return self
end

--- Moves the finger by (dx, dy); see move_to.
function Touch:move_by(dx, dy, opts)
  dx, dy = number(dx, "points", "move_by", "dx"), number(dy, "points", "move_by", "dy")
  return self:move_to(self.handle.scheduled_x + dx, self.handle.scheduled_y + dy, opts)
end

--- Keeps the finger still for `seconds` (no samples: a rest over 40 ms zeroes the velocity).
function Touch:hold(seconds)
  settle(self)
  wait(seconds)
  return self
end

--- Lifts the finger one sample after its last one; returns the measured release velocity.
function Touch:up()
  return lift(self, 0)
end

-- A target's point, and the axis a single number aimed at it moves along: a named part's
-- own ("horizontal" for a pager's page), "vertical" for a point.
local function target_point(target, verb)
  if type(target) == "string" then return host.locate(target) end
  if type(target) == "table" then
    local x, y = target.x, target.y
    if type(x) ~= "number" or type(y) ~= "number" then x, y = target[1], target[2] end
    if type(x) == "number" and type(y) == "number" then
      return number(x, "points", verb, "target x"), number(y, "points", verb, "target y"), "vertical"
    end
  end
  fail(verb .. ": a target is a part name like \"navigation.back_button\" or a point {x =, y =}")
end

--- touch(x, y) or touch(target): puts a finger down now and returns a touch with move_to,
--- move_by, hold and up. It does not wait: the touch-down is delivered (and hit-tested) on
--- the next frame, and a move that follows at once continues the stroke without a pause,
--- as a real flick does.
function touch(x, y)
  if type(x) ~= "number" then x, y = target_point(x, "touch") end
  if type(y) ~= "number" then fail("touch expects x and y in points, or a target") end
  x, y = number(x, "points", "touch", "x"), number(y, "points", "touch", "y")
  return wrap(host.touch_down(x, y))
end

-- A velocity or a displacement: {x =, y =}, {dx, dy}, or a single number along `axis`.
local function vector(value, verb, name, rule, axis)
  if type(value) == "number" then
    if axis == "horizontal" then return number(value, rule, verb, name), 0 end
    return 0, number(value, rule, verb, name)
  end
  if type(value) == "table" then
    local x, y = value.x or value[1], value.y or value[2]
    if type(x) == "number" and type(y) == "number" then
      return number(x, rule, verb, name .. ".x"), number(y, rule, verb, name .. ".y")
    end
  end
  fail(verb .. ": " .. name .. " must be a number (along the target's axis) or {x =, y =}")
end

--- drag(target, {by = {dx, dy} | to = {x, y}, duration = 0.3, curve = "linear"}): touch,
--- move, lift. Returns the release velocity the tracker measured ({x =, y =}, pt/s).
function drag(target, opts)
  if type(opts) ~= "table" then fail("drag expects options like {by = {0, -200}, duration = 0.3}") end
  check_options(opts, option_keys.drag, "drag", 2)
  if opts.to ~= nil and opts.by ~= nil then fail("drag: give by = {dx, dy} or to = {x, y}, not both") end
  local x, y, axis = target_point(target, "drag")
  local tx, ty
  if opts.to ~= nil then tx, ty = target_point(opts.to, "drag")
  elseif opts.by ~= nil then
    local dx, dy = vector(opts.by, "drag", "by", "points", axis)
    tx, ty = x + dx, y + dy
  else
    fail("drag needs by = {dx, dy} or to = {x, y}")
  end
  local duration = opts.duration
  if duration == nil then duration = 0.3 end
  duration = number(duration, "stroke_seconds", "drag", "duration")
  if opts.hold ~= nil then number(opts.hold, "seconds", "drag", "hold") end
  local curve = curve_of(opts, "move_to")
  local t = touch(x, y)
  stroke(t, tx, ty, duration, curve)
  return lift(t, opts.hold or 0)
end

--- flick(target, {velocity = v, distance = 100}): a quick stroke at constant speed, lifted at
--- once, so the tracker measures v. `velocity` is pt/s: {x =, y =}, or a number along the
--- target's axis (horizontal for a pager's page, vertical otherwise). Returns the measured
--- release velocity.
function flick(target, opts)
  if type(opts) ~= "table" then fail("flick expects {velocity = pt/s, distance = points}") end
  check_options(opts, option_keys.flick, "flick", 2)
  if opts.velocity == nil then fail("flick expects {velocity = pt/s, distance = points}: velocity is missing") end
  local x, y, axis = target_point(target, "flick")
  local vx, vy = vector(opts.velocity, "flick", "velocity", "velocity", axis)
  local speed = math.sqrt(vx * vx + vy * vy)
  if speed <= 0 then fail("flick: velocity must not be zero") end
  local distance = opts.distance
  if distance == nil then distance = 100 end
  distance = number(distance, "positive_length", "flick", "distance")
  local t = touch(x, y)
  stroke(t, x + vx / speed * distance, y + vy / speed * distance, distance / speed)
  return lift(t, 0)
end

--- touch_path{ {0, x0, y0}, {dt, x, y}, ..., up = dt }: a finger following recorded
--- samples — what Detent Studio records of a mouse or a finger. Each sample is
--- {seconds after the touch-down, x, y}, in time order, the first one the touch-down at 0;
--- `up` (or `cancel`) is when the finger lifts (or the system takes it), in seconds after the
--- touch-down; with neither it stays down. Every sample is due exactly at its time, so the
--- velocity tracker measures what it measured live. Waits until the last sample is delivered;
--- returns the release velocity ({x =, y =}, pt/s) when the finger lifted, else the touch.
function touch_path(path)
  if type(path) ~= "table" or type(path[1]) ~= "table" then
    fail("touch_path expects samples { {0, x, y}, {seconds, x, y}, ..., up = seconds }")
  end
  check_options(path, option_keys.touch_path, "touch_path", 1)
  local function sample(i)
    local s = path[i]
    if type(s) ~= "table" then fail("touch_path: sample " .. i .. " must be {seconds, x, y}") end
    local at = number(s[1], "seconds", "touch_path", "[" .. i .. "][1]")
    return at, number(s[2], "points", "touch_path", "[" .. i .. "][2]"), number(s[3], "points", "touch_path", "[" .. i .. "][3]")
  end
  local first, x0, y0 = sample(1)
  if first ~= 0 then fail("touch_path: the first sample is the touch-down, at 0 seconds (got " .. first .. ")") end
  local t = touch(x0, y0)
  local start, last = host.now(), 0
  for i = 2, #path do
    local at, x, y = sample(i)
    if at < last then fail("touch_path: sample " .. i .. " is earlier than the one before it (" .. at .. " < " .. last .. ")") end
    t.handle:_sample(x, y, start + at)
    last = at
  end
  if path.up ~= nil and path.cancel ~= nil then fail("touch_path: give up or cancel, not both") end
  local ends = path.up or path.cancel
  if ends ~= nil then
    ends = number(ends, "seconds", "touch_path", path.up ~= nil and "up" or "cancel")
    if ends < last then fail("touch_path: the finger lifts before its last sample (" .. ends .. " < " .. last .. ")") end
    if path.up ~= nil then t.handle:_up(start + ends) else t.handle:_cancel(start + ends) end
  end
  settle(t)
  if path.up ~= nil then return t.handle.velocity end
  return t
end

--- tap(target): down and up 50 ms later.
function tap(target)
  local t = touch(target_point(target, "tap"))
  t:hold(0.05)
  return t:up()
end

--- scroll(target, {by = points, duration = 0.3}): drags the content so it scrolls by `by`
--- (positive scrolls down the content: the finger moves up).
function scroll(target, opts)
  if type(opts) ~= "table" then fail("scroll expects {by = points, duration = seconds}") end
  check_options(opts, option_keys.scroll, "scroll", 2)
  if type(opts.by) ~= "number" then fail("scroll expects {by = points, duration = seconds}") end
  number(opts.by, "points", "scroll", "by")
  return drag(target, { by = { 0, -opts.by }, duration = opts.duration or 0.3, curve = opts.curve })
end

--- edge_swipe{progress = 0.5, velocity = nil, y = nil}: a finger from the left screen edge to
--- progress × width. With a velocity (pt/s) the stroke moves at that speed and lifts at once;
--- without, it moves over 0.35 s and rests 0.1 s before lifting (release velocity 0).
--- Returns the measured release velocity.
function edge_swipe(opts)
  opts = opts or {}
  if type(opts) ~= "table" then fail("edge_swipe expects options like {progress = 0.5, velocity = 800}") end
  check_options(opts, option_keys.edge_swipe, "edge_swipe", 1)
  local width, height, left_inset = host.screen()
  local progress = opts.progress or 0.5
  if type(progress) ~= "number" or not (progress >= 0 and progress <= 1.5) then
    fail("edge_swipe: progress must be a number in [0, 1.5] (fraction of the screen width), got " .. tostring(progress))
  end
  local x0 = math.max(2, left_inset + 2)
  local y = opts.y or height / 2
  y = number(y, "points", "edge_swipe", "y")
  if opts.velocity ~= nil then number(opts.velocity, "velocity", "edge_swipe", "velocity") end
  if opts.velocity == 0 then fail("edge_swipe: velocity must not be zero (leave it out to lift the finger at rest)") end
  local x1 = progress * width
  local t = touch(x0, y)
  local velocity = opts.velocity
  if velocity == nil then
    stroke(t, x1, y, 0.35)
    return lift(t, 0.1)
  elseif velocity > 0 then
    stroke(t, x1, y, math.max(x1 - x0, 1) / velocity)
    return lift(t, 0)
  else
    -- Pull out slowly, then snap back towards the edge at |velocity|.
    local back = math.min(x1 - x0, 0.1 * width)
    stroke(t, x1 + back, y, 0.35)
    stroke(t, x1, y, back / -velocity)
    return lift(t, 0)
  end
end
