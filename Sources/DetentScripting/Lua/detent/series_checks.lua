-- series_checks.lua — the checks of assert.series: monotonic, max_step,
-- settles_within, overshoot_at_most.
--
-- Loaded in the order of ../prelude.txt with the host table as `...`; adds the checks to the
-- checker (host.series.Checker).  Each returns the checker, so checks chain;
-- levels in the helpers count so that a failure blames the spec line that
-- called the check (see series.lua).

local host = ...
local s = host.series
local assert = host.luassert.module
local Checker, EPSILON, short, misuse = s.Checker, s.EPSILON, s.short, s.misuse
local count_assertion = host.luassert.count_assertion   -- each check is an assertion

local DEFAULT_SETTLE_TOLERANCE = 0.5   -- pt

------------------------------------------------------------------------
-- Text and failures (levels count as in series.lua's misuse: 3 = the spec line)

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

--- Raises a failure blaming the spec line that called the check.
local function report(checker, text, expected, actual)
  assert.fail(checker._label .. ": " .. text, 3, { expected = expected, actual = actual })
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
-- Checks

--- monotonic(direction?) — never moves against `direction` ("increasing" or
-- "decreasing") by more than EPSILON between consecutive samples.  Without a
-- direction, the first change of more than EPSILON decides it.
function Checker:monotonic(direction)
  count_assertion()
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
  count_assertion()
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
-- final value.  A series that ends before that instant is judged only if it
-- ends with the world at rest (a trace read after wait_idle(): the value stays
-- as it is from then on); otherwise the check fails, saying how long to wait.
function Checker:settles_within(seconds, tolerance)
  count_assertion()
  require_limit(self, "settles_within", seconds, "seconds")
  if tolerance ~= nil then require_limit(self, "settles_within", tolerance, "points of tolerance") end
  tolerance = tolerance or DEFAULT_SETTLE_TOLERANCE
  require_samples(self, "settles_within")
  local t, v, n = self._times, self._values, self._n
  local deadline = t[1] + seconds
  if t[n] < deadline - EPSILON and not self._rests then
    report(self, string.format("settles_within %s s cannot be observed: the series ends at t=%s s, before t=%s s, "
      .. "with the world still moving (wait_idle() or wait(%s) before reading the trace)",
      short(seconds), short(t[n]), short(deadline), short(deadline - t[n])),
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
  count_assertion()
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
