-- assert.lua — Detent's assertion library, in luassert's vocabulary.
--
-- The host loads this chunk into every spec's sandboxed Lua state (base
-- library without dofile/loadfile, plus coroutine, table, string, math and
-- utf8 — no io, os or debug), after the chunks that build it (assert_failure,
-- assert_inspect, assert_settings, assert_chain, assert_arguments,
-- assert_compare, assert_values, assert_errors), then series.lua, and installs
-- the result as the global `assert`.
--
-- Surface (busted users should feel at home):
--
--   assert(v, message)                      like the builtin; returns its arguments
--   assert.are.equal(expected, actual)      also equals, is_equal, are_not.equal ...
--   assert.are.same(expected, actual)       deep comparison, cycle safe
--   assert.near(expected, actual, tolerance)
--   assert.truthy / falsy / is_true / is_false / is_nil
--   assert.is_number / is_string / is_table / is_function / is_boolean
--   assert.is_userdata / is_thread
--   assert.has_error(fn, expected?)         also error, errors, has_no.errors
--   assert.error_matches(fn, pattern, init?, plain?)
--   assert.matches(pattern, str, init?, plain?)   also match, does_not.match
--   assert.unique(list, deep?)
--   assert.message("why").equal(a, b)      a message given up front
--   assert:register("assertion" | "modifier", name, fn, positive, negative)
--   assert:set_message(key, text), assert.messages
--   assert.format(v), assert.inspect(v), assert.fail(msg, level, fields),
--   assert.where(level), assert.deep_same(a, b), assert:add_formatter(fn),
--   assert:set_parameter(k, v), assert:unregister(namespace, name)
--
-- Modifiers (is, are, was, has, does, not, no) chain in any order and in
-- underscore form: assert.is_not.equal, assert.has_no.errors,
-- assert.Not.same, assert.not_.truthy, assert.is_not_nil.  Every assertion
-- takes an optional last argument, a message that heads the failure text.
--
-- A failing assertion raises a *failure object*, not a string:
--
--   { detent_failure = true, message = "...", expected = "...",
--     actual = "...", where = "chunk:line", user_message = "..." | nil }
--
-- with a __tostring that returns `message`.  `where` is the line of the spec
-- that called the assertion (nil only if no Lua function is on the stack).  Without the debug library we find it the way
-- `error` itself does: `pcall(error, "", level)` yields "chunk:line: " for
-- the Lua function at that level (see `location` in assert_failure.lua).  Virtual time and frame
-- are the host's to add; this library knows nothing about worlds.

local host = ...
local luassert = host.luassert
local M, location, throw = luassert.module, luassert.location, luassert.throw
local custom_tostring, format_value, new_chain, extend, count_assertion =
  luassert.custom_tostring, luassert.format_value, luassert.new_chain, luassert.extend, luassert.count_assertion

------------------------------------------------------------------------
-- Helpers for plugins and sibling modules (series.lua)

--- assert.fail(message, level?, fields?) raises a failure object.  `level`
-- counts like `error`'s: 1 (default) blames the line calling `fail`, 2 its
-- caller.  `fields.expected` / `fields.actual` are formatted strings.
function M.fail(message, level, fields)
  fields = fields or {}
  throw({
    message = tostring(message),
    expected = fields.expected,
    actual = fields.actual,
    user_message = fields.user_message,
  }, (level or 1) + 1)
end

--- assert.where(level?) returns "chunk:line" `level` frames up, counted like
-- `error`'s levels (1, the default: the line calling `where`).
function M.where(level)
  local where = location((level or 1) + 1)   -- not a tail call: it would drop this frame
  return where
end

------------------------------------------------------------------------
-- The module itself: callable like the builtin, indexable into chains.

return setmetatable(M, {
  --- assert(v, message?, level?): returns all its arguments when `v` is
  -- truthy.  Otherwise re-raises `message` if it is an error object (a
  -- table), else raises a failure with `message` (or "assertion failed!").
  -- Only a level made by assert:level moves the blame up; luassert ignores a plain number.
  __call = function(_, value, message, level, ...)
    count_assertion()
    if value then return value, message, level, ... end
    -- busted raises anything else as a failure holding { message = message }, printed as
    -- its __tostring, else through penlight's pretty.write.
    local text = message
    if message == nil then
      text = "assertion failed!"
    elseif type(message) ~= "string" then
      text = custom_tostring(message) or host.format.pretty_write({ message = message })
    end
    throw({
      message = text,
      expected = "truthy",
      actual = format_value(value),
    }, (M.get_level(level) or 1) + 1)
  end,

  __index = function(_, key)
    if type(key) ~= "string" then return nil end
    return new_chain(extend({}, key), nil, "assert." .. key)
  end,
})
