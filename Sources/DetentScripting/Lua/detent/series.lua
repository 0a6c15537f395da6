-- series.lua — checks over per-frame samples: assert.series(s).
--
-- Loaded in the order of ../prelude.txt with the host table as `...`, as every chunk of the
-- prelude; adds `assert.series` to the assert module (`host.luassert.module`).
-- The checks themselves are in series_checks.lua, later in ../prelude.txt.
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

local host = ...
local assert = host.luassert.module

local EPSILON = 1e-9

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

-- Levels below count like `error`'s from the helper raising: 1 = the
-- helper, 2 = the check method, 3 = the spec line that called the check.

--- A usage error from a check method, blamed on the spec line.
local function misuse(checker, text)
  error(checker._label .. ": " .. text, 3)
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

local function new_checker(label, times, frames, values, rests)
  return setmetatable({
    _label = label,
    _n = #times,
    _times = times,
    _frames = frames,   -- may be nil: samples are then named by index
    _values = values,
    _rests = rests,     -- the world was at rest at the last sample: the value stays there
  }, Checker)
end

--- assert.series(s) -> checker.  The arrays are copied, so later changes to
-- `s` do not affect the checks.
function assert.series(s)
  local complaint, label, n = validate(s)
  if complaint then error(complaint, 2) end
  local copy = function(array) return array and table.move(array, 1, n, 1, {}) end
  return new_checker(label, copy(s.times), copy(s.frames), copy(s.values), s.rests == true)
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
    slice(self._times), slice(self._frames), slice(self._values), self._rests)
end

Checker.__tostring = function(self)
  if self._n == 0 then return self._label .. " (no samples)" end
  return string.format("%s (%d samples, t=%s..%s s)", self._label, self._n,
    short(self._times[1]), short(self._times[self._n]))
end

-- What series_checks.lua builds the checks from, kept on the host table.
host.series = {
  Checker = Checker,
  EPSILON = EPSILON,
  short = short,                       -- short(x): at most 4 decimals
  misuse = misuse,                     -- misuse(checker, text): a usage error at the spec line
}
