-- assert_failure.lua — where an assertion was called, and the failure objects it raises.
--
-- The first of the chunks that make up `assert` (assert_failure, assert_inspect,
-- assert_settings, assert_chain, assert_arguments, assert_compare, assert_values,
-- assert_errors, then assert.lua, which returns the module).  Loaded with the host
-- table as `...`; it creates the module table they all fill (`host.luassert.module`)
-- and leaves its helpers on `host.luassert`, out of the specs' sight.

local host = ...

local M = {}

local WALK_UP_LIMIT = 4      -- C frames skipped when looking for a Lua caller

------------------------------------------------------------------------
-- Call sites

--- Returns "chunk:line" for the Lua function `level` frames up, counted as
-- `error` counts them: 1 is the line in the function that called `location`,
-- 2 that function's caller, and so on.  If that frame is a C function (for
-- example `pcall(assert.equal, 1, 2)`), the nearest Lua frame above it is
-- used.  Returns nil when there is none (top of a coroutine).
local function location(level)
  -- pcall(error, "", n) reports frame n counted from `error`'s caller, which
  -- is pcall (a C function, so level 1 is blank) — hence the + 2 here: + 1
  -- for pcall, + 1 for `location` itself.
  for n = level + 2, level + 2 + WALK_UP_LIMIT do
    local _, message = pcall(error, "", n)
    if type(message) == "string" and message ~= "" then
      return (message:gsub(": $", ""))
    end
  end
  return nil
end

------------------------------------------------------------------------
-- Failure objects

local Failure = {}
Failure.__tostring = function(failure) return failure.message end

-- A failure as `throw` makes it: anything else that says detent_failure (a table a script
-- forged, with fields of the wrong types) is an ordinary value — the runner reports it as an
-- error, inspect prints it as a table.
local function is_failure(value)
  if type(value) ~= "table" or rawget(value, "detent_failure") ~= true then return false end
  for _, field in ipairs({ "message", "where", "expected", "actual" }) do
    local v = rawget(value, field)
    if v ~= nil and type(v) ~= "string" then return false end
  end
  return type(rawget(value, "message")) == "string"
end

--- Raises a failure built from `fields`.  `level` counts like `error`'s,
-- relative to the function that called `throw`.
local function throw(fields, level)
  local failure = setmetatable({
    detent_failure = true,
    message = fields.message,
    expected = fields.expected,
    actual = fields.actual,
    user_message = fields.user_message,
    where = location(level + 1),
  }, Failure)
  error(failure, level + 1)
end

--- Raises a usage error (a bug in the spec, not a failed expectation) as a
-- plain string with the spec's position, like a bad argument to a builtin.
local function usage(message, level)
  error(message, level + 1)
end

------------------------------------------------------------------------
-- Counting

-- How many assertions this state has evaluated, passed or failed (SPEC §9: the summary
-- counts the tests that made none). spec_run reads it around each test. What adds to it:
-- every assertion a chain names (assert.is_true, assert.has_error, assert.spy(s).was.called,
-- plugins' assert:register), assert(v), each check of assert.series, and the waits that can
-- fail (wait_until, wait_idle, wait_event). assert.fail does not: it is the primitive the
-- assertions raise with, and a test that calls it fails.
local evaluated = { count = 0 }

--- Counts one assertion evaluated.
local function count_assertion()
  evaluated.count = evaluated.count + 1
end

-- Both `assert.f(x)` and luassert's `assert:f(x)` are accepted.
local function without_self(first, ...)
  if rawequal(first, M) then return ... end
  return first, ...
end

host.luassert = {
  module = M,                    -- the table assert.lua returns as `assert`
  location = location,           -- location(level): "chunk:line" of a Lua frame
  is_failure = is_failure,
  throw = throw,                 -- throw(fields, level): raises a failure object
  usage = usage,                 -- usage(message, level): a plain error at the spec's line
  without_self = without_self,
  evaluated = evaluated,         -- { count = N }: assertions evaluated in this state
  count_assertion = count_assertion,
}
