-- series.lua — checks over per-frame samples: assert.series(s).
--
-- Loaded after assert.lua with that module as `...`; adds `assert.series`
-- and returns the module, which the host installs as the global `assert`.
--
--   local s = { name = "drawer.origin",
--               times = { ... },    -- seconds of virtual time, increasing
--               frames = { ... },   -- frame numbers (optional)
--               values = { ... } }  -- one number per sample
--   assert.series(s):monotonic():max_step(5):settles_within(0.5)
--
-- Every check returns the checker, so checks chain; a failed check raises a
-- failure object (see assert.lua) blaming the spec line that called it, with
-- a message naming the series, the check, and the offending frame, time and
-- values:
--
--   series "drawer.origin": step of 12.5 pt at frame 37 (t=0.6167 s)
--   exceeds max_step 5 pt (from 300 to 312.5)
--
-- Decisions:
--  * Comparisons allow EPSILON (1e-9) of floating-point slack, in values and
--    in times (sample times are sums of 1/60 s).
--  * Every check fails on a series with no samples: an empty trace usually
--    means the property was never recorded, and passing would hide that.
--  * settles_within(seconds) measures from the first sample's time; use
--    :from(t) to measure from a later instant (say, a release).  It fails if
--    the series ends before that deadline: settlement was not observed.
--  * overshoot_at_most: with no net travel (first == final) there is no
--    direction to overshoot in, so the overshoot is 0.
--  * Numbers in messages show at most 4 decimals, trailing zeros dropped;
--    when that would make a measured quantity read the same as its limit,
--    both are shown in full.

local assert = ...

local EPSILON = 1e-9
local DEFAULT_SETTLE_TOLERANCE = 0.5   -- pt

local Checker = {}
Checker.__index = Checker

------------------------------------------------------------------------
-- Text

--- A number with at most 4 decimals and no trailing zeros: 0.6167, 312.5, 300.
local function short(x)
  if x ~= x or x == math.huge or x == -math.huge then return assert.inspect(x) end
  local text = string.format("%.4f", x):gsub("0+$", ""):gsub("%.$", "")
  if text == "-0" then text = "0" end
  return text
end

--- `quantity` and `limit` as text, in full when the short forms would tie.
local function versus(quantity, limit)
  local q, l = short(quantity), short(limit)
  if q == l and quantity ~= limit then
    return assert.inspect(quantity), assert.inspect(limit)
  end
  return q, l
end

local function where_text(checker, i)
  local sample = checker._frames and ("frame " .. tostring(checker._frames[i])) or ("sample " .. i)
  return string.format("%s (t=%s s)", sample, short(checker._times[i]))
end

-- Levels below count like `error`'s from the helper raising: 1 = the
-- helper, 2 = the check method, 3 = the spec line that called the check.

--- Raises a failure blaming the spec line that called the check.
local function report(checker, text, expected, actual)
  assert.fail(checker._label .. ": " .. text, 3, { expected = expected, actual = actual })
end

--- A usage error from a check method, blamed on the spec line.
local function misuse(checker, text)
  error(checker._label .. ": " .. text, 3)
end

local function require_samples(checker, check)
  if checker._n == 0 then
    assert.fail(checker._label .. ": no samples to check " .. check .. " against", 3,
      { expected = "at least one sample", actual = "no samples" })
  end
end

local function require_limit(checker, check, value, unit)
  if type(value) ~= "number" or value ~= value or value < 0 then
    error(string.format("%s: %s needs a non-negative number of %s, got %s",
      checker._label, check, unit, assert.format(value)), 3)
  end
end

------------------------------------------------------------------------
-- Construction

local function validate(s)
  if type(s) ~= "table" then
    return "assert.series: expected a series table { name, times, frames, values }, got " .. assert.format(s)
  end
  local label = s.name ~= nil and string.format("series %q", tostring(s.name)) or "series"
  if type(s.times) ~= "table" or type(s.values) ~= "table" then
    return label .. ": needs `times` and `values` arrays"
  end
  local n = #s.times
  if #s.values ~= n or (s.frames ~= nil and (type(s.frames) ~= "table" or #s.frames ~= n)) then
    return string.format("%s: times, frames and values must have the same length (%d times, %s frames, %d values)",
      label, n, type(s.frames) == "table" and tostring(#s.frames) or "no", #s.values)
  end
  for i = 1, n do
    local time, value = s.times[i], s.values[i]
    -- NaN compares false with everything, so it would pass every check
    if type(time) ~= "number" or type(value) ~= "number" or time ~= time or value ~= value then
      return string.format("%s: sample %d is not a number (time %s, value %s)",
        label, i, assert.inspect(time), assert.inspect(value))
    end
    if i > 1 and not (s.times[i] > s.times[i - 1]) then
      return string.format("%s: times must increase, but sample %d (t=%s s) follows t=%s s",
        label, i, short(s.times[i]), short(s.times[i - 1]))
    end
  end
  return nil, label, n
end

local function new_checker(label, times, frames, values)
  return setmetatable({
    _label = label,
    _n = #times,
    _times = times,
    _frames = frames,   -- may be nil: samples are then named by index
    _values = values,
  }, Checker)
end

--- assert.series(s) -> checker.  The arrays are copied, so later changes to
-- `s` do not affect the checks.
function assert.series(s)
  local complaint, label, n = validate(s)
  if complaint then error(complaint, 2) end
  local copy = function(array) return array and table.move(array, 1, n, 1, {}) end
  return new_checker(label, copy(s.times), copy(s.frames), copy(s.values))
end

------------------------------------------------------------------------
-- Helpers for authors

--- Number of samples (also `#checker`).
function Checker:len() return self._n end
Checker.__len = Checker.len

--- Copies of the sample values, times and frames (frames may be nil).
function Checker:values() return table.move(self._values, 1, self._n, 1, {}) end
function Checker:times() return table.move(self._times, 1, self._n, 1, {}) end
function Checker:frames() return self._frames and table.move(self._frames, 1, self._n, 1, {}) end

--- The value at `time`, or just before it, with its frame and time; nil if
-- `time` precedes the first sample.
function Checker:at(time)
  local lo, hi, found = 1, self._n, nil
  while lo <= hi do                      -- last sample with t <= time
    local mid = (lo + hi) // 2
    if self._times[mid] <= time + EPSILON then found = mid; lo = mid + 1 else hi = mid - 1 end
  end
  if not found then return nil end
  return self._values[found], self._frames and self._frames[found], self._times[found]
end

--- The last value.
function Checker:final() return self._values[self._n] end

--- A checker over the samples at or after `time`, labelled as such.
function Checker:from(time)
  if type(time) ~= "number" then misuse(self, "from needs a time in seconds, got " .. assert.format(time)) end
  local first = self._n + 1
  for i = 1, self._n do
    if self._times[i] >= time - EPSILON then first = i; break end
  end
  local slice = function(array) return array and table.move(array, first, self._n, 1, {}) end
  return new_checker(string.format("%s (from t=%s s)", self._label, short(time)),
    slice(self._times), slice(self._frames), slice(self._values))
end

Checker.__tostring = function(self)
  if self._n == 0 then return self._label .. " (no samples)" end
  return string.format("%s (%d samples, t=%s..%s s)", self._label, self._n,
    short(self._times[1]), short(self._times[self._n]))
end

------------------------------------------------------------------------
-- Checks

--- monotonic(direction?) — never moves against `direction` ("increasing" or
-- "decreasing") by more than EPSILON between consecutive samples.  Without a
-- direction, the first change of more than EPSILON decides it.
function Checker:monotonic(direction)
  if direction ~= nil and direction ~= "increasing" and direction ~= "decreasing" then
    misuse(self, "monotonic direction must be \"increasing\", \"decreasing\" or nil, got " .. assert.format(direction))
  end
  require_samples(self, "monotonic")
  local v = self._values
  local decided_at
  if direction == nil then
    for i = 2, self._n do
      if math.abs(v[i] - v[i - 1]) > EPSILON then
        direction = v[i] > v[i - 1] and "increasing" or "decreasing"
        decided_at = i
        break
      end
    end
    if direction == nil then return self end   -- constant: monotonic both ways
  end
  local sign = direction == "increasing" and 1 or -1
  for i = 2, self._n do
    local step = v[i] - v[i - 1]
    if step * sign < -EPSILON then
      local text = string.format("step of %s pt at %s breaks monotonic %s (from %s to %s)",
        short(step), where_text(self, i), direction, short(v[i - 1]), short(v[i]))
      if decided_at then
        text = text .. string.format("; the direction was set by the first change, at %s", where_text(self, decided_at))
      end
      report(self, text, "monotonic " .. direction, short(v[i - 1]) .. " -> " .. short(v[i]))
    end
  end
  return self
end

--- max_step(pt) — no change between consecutive samples exceeds `pt`.
function Checker:max_step(limit)
  require_limit(self, "max_step", limit, "points")
  require_samples(self, "max_step")
  local v = self._values
  for i = 2, self._n do
    local step = math.abs(v[i] - v[i - 1])
    if step > limit + EPSILON then
      local step_text, limit_text = versus(step, limit)
      report(self, string.format("step of %s pt at %s exceeds max_step %s pt (from %s to %s)",
        step_text, where_text(self, i), limit_text, short(v[i - 1]), short(v[i])),
        "steps of at most " .. limit_text .. " pt", step_text .. " pt at " .. where_text(self, i))
    end
  end
  return self
end

--- settles_within(seconds, tolerance?) — from the first sample's time plus
-- `seconds` on, every value is within `tolerance` (default 0.5 pt) of the
-- final value.  Fails if the series ends before that instant.
function Checker:settles_within(seconds, tolerance)
  require_limit(self, "settles_within", seconds, "seconds")
  if tolerance ~= nil then require_limit(self, "settles_within", tolerance, "points of tolerance") end
  tolerance = tolerance or DEFAULT_SETTLE_TOLERANCE
  require_samples(self, "settles_within")
  local t, v, n = self._times, self._values, self._n
  local deadline = t[1] + seconds
  if t[n] < deadline - EPSILON then
    report(self, string.format("settles_within %s s cannot be observed: the series ends at t=%s s, before t=%s s",
      short(seconds), short(t[n]), short(deadline)),
      "samples until t=" .. short(deadline) .. " s", "samples until t=" .. short(t[n]) .. " s")
  end
  local final = v[n]
  local first_outside, last_outside
  for i = 1, n do
    if t[i] >= deadline - EPSILON and math.abs(v[i] - final) > tolerance + EPSILON then
      first_outside = first_outside or i
      last_outside = i
    end
  end
  if first_outside then
    local i = first_outside
    local distance_text, tolerance_text = versus(math.abs(v[i] - final), tolerance)
    report(self, string.format(
      "not settled within %s s (by t=%s s): at %s the value %s is %s pt from the final value %s (tolerance %s pt); it stays within tolerance from %s",
      short(seconds), short(deadline), where_text(self, i), short(v[i]), distance_text, short(final),
      tolerance_text, where_text(self, last_outside + 1)),
      string.format("within %s pt of %s from t=%s s", tolerance_text, short(final), short(deadline)),
      short(v[i]) .. " at " .. where_text(self, i))
  end
  return self
end

--- overshoot_at_most(pt) — travelling from the first value towards the
-- final one, no sample goes beyond the final value by more than `pt`.
function Checker:overshoot_at_most(limit)
  require_limit(self, "overshoot_at_most", limit, "points")
  require_samples(self, "overshoot_at_most")
  local v, n = self._values, self._n
  local first, final = v[1], v[n]
  if math.abs(final - first) <= EPSILON then return self end   -- no direction of travel
  local sign = final > first and 1 or -1
  local worst, worst_at = 0, nil
  for i = 1, n do
    local beyond = (v[i] - final) * sign
    if beyond > worst then worst, worst_at = beyond, i end
  end
  if worst > limit + EPSILON then
    local worst_text, limit_text = versus(worst, limit)
    report(self, string.format(
      "overshoot of %s pt at %s exceeds overshoot_at_most %s pt (travel from %s to %s, reached %s)",
      worst_text, where_text(self, worst_at), limit_text, short(first), short(final), short(v[worst_at])),
      "overshoot of at most " .. limit_text .. " pt", worst_text .. " pt at " .. where_text(self, worst_at))
  end
  return self
end

return assert
