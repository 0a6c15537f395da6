-- assert_selftest.lua — standalone tests for assert.lua (and the assert_*.lua chunks it is
-- built from) and series.lua.
--
--   cd /work/main && lua5.4 Tests/LuaUnit/assert_selftest.lua
--
-- Loads both library files into a sandbox like the host's (base library
-- without dofile/loadfile/require, plus coroutine, table, string, math, utf8;
-- reading any other global raises), then runs small spec snippets compiled
-- as chunk "=spec" so that failure locations are known exactly ("spec:N").
-- Each snippet runs inside a coroutine, as the host runs an `it` block.
-- Prints one line per failed case and ends with "N passed, N failed".

local ROOT = (arg and arg[0] or ""):match("^(.-)Tests/LuaUnit/[^/]*$") or ""
local LUA_DIR = ROOT .. "Sources/DetentScripting/Lua/"

------------------------------------------------------------------------
-- Sandbox

local SAFE_BASE = {
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "print",
  "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber",
  "tostring", "type", "xpcall", "_VERSION",
}

local env = {}
for _, name in ipairs(SAFE_BASE) do env[name] = _G[name] end
env.coroutine, env.table, env.string, env.math, env.utf8 = coroutine, table, string, math, utf8
env._G = env
setmetatable(env, {
  __index = function(_, key) error("sandbox: global '" .. tostring(key) .. "' is not available", 2) end,
})

local function load_library(file, ...)
  local chunk, problem = loadfile(LUA_DIR .. file, "t", env)
  if not chunk then
    print("cannot load " .. file .. ": " .. tostring(problem))
    os.exit(2)
  end
  return chunk(...)
end

-- As the host does: one host table shared by the prelude files, which leave their internals on
-- it; match/spy/stub/mock define globals. The files and their order are the prelude's manifest
-- (Lua/prelude.txt), up to the first of busted/ — what follows needs the host's Swift side.
local host = {}
local manifest = assert(io.open(LUA_DIR .. "prelude.txt"))
for line in manifest:lines() do
  local entry = line:match("^%s*(.-)%s*$")
  if entry ~= "" and entry:sub(1, 1) ~= "#" then
    if entry:match("^busted/") then break end
    local result = load_library(entry .. ".lua", host)
    if entry == "luassert/assert" then rawset(env, "assert", result) end
  end
end
manifest:close()
local A = rawget(env, "assert")

------------------------------------------------------------------------
-- Harness (deliberately independent of the library under test)

local passed, failed = 0, 0

local function record(name, ok, why)
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
    print("FAIL " .. name .. ": " .. tostring(why))
  end
end

local function show(value)
  if type(value) == "string" then return string.format("%q", value) end
  return tostring(value)
end

local function same_value(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same_value(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

--- Runs `source` (chunk "=spec") in a coroutine; returns ok, results|error.
local function run(source)
  local chunk, problem = load(source, "=spec", "t", env)
  if not chunk then return false, "does not compile: " .. problem end
  local results = table.pack(coroutine.resume(coroutine.create(chunk)))
  if results[1] then return true, table.pack(table.unpack(results, 2, results.n)) end
  return false, results[2]
end

local function check_passes(source, returns)
  local ok, results = run(source)
  if not ok then return false, "raised " .. show(type(results) == "table" and results.message or results) end
  if returns ~= nil and not same_value(returns, { table.unpack(results, 1, results.n) }) then
    local got = {}
    for i = 1, results.n do got[i] = show(results[i]) end
    return false, "returned " .. table.concat(got, ", ")
  end
  return true
end

--- Text with the numbers Detent shows for tables' addresses taken out: "(table: 0x00000007) {"
-- reads "(table) {". The cases here check layout; the numbering has cases of its own.
local function unnumbered(text)
  if type(text) ~= "string" then return text end
  text = text:gsub("%(table: 0x%x%x%x%x%x%x%x%x%)", "(table)")
  return (text:gsub("function: 0x%x%x%x%x%x%x%x%x", "function: 0x…"))
end

--- A failure object raised at spec:`line` with exactly `message` (addresses unnumbered);
-- `fields` optionally pins expected/actual/user_message.
local function check_failure(err, line, message, fields)
  if type(err) ~= "table" or err.detent_failure ~= true then
    return false, "raised a " .. type(err) .. " instead of a failure: " .. show(err)
  end
  if unnumbered(err.message) ~= message then
    return false, "message was\n" .. show(err.message) .. "\nexpected\n" .. show(message)
  end
  if tostring(err) ~= err.message then return false, "tostring(failure) is not its message" end
  local where = "spec:" .. line
  if err.where ~= where then return false, "where was " .. show(err.where) .. ", expected " .. show(where) end
  for key, want in pairs(fields or {}) do
    if unnumbered(err[key]) ~= want then return false, key .. " was " .. show(err[key]) .. ", expected " .. show(want) end
  end
  return true
end

local function check_fails(source, line, message, fields)
  local ok, err = run(source)
  if ok then return false, "did not fail" end
  return check_failure(err, line, message, fields)
end

--- A usage error: a plain string, exactly `message` (position included).
local function check_errors(source, message)
  local ok, err = run(source)
  if ok then return false, "did not raise" end
  if err ~= message then return false, "raised " .. show(err) .. ", expected " .. show(message) end
  return true
end

local function passes(name, source, returns) record(name, check_passes(source, returns)) end
local function fails(name, source, line, message, fields) record(name, check_fails(source, line, message, fields)) end
local function errors(name, source, message) record(name, check_errors(source, message)) end
local function expect(name, got, want)
  record(name, unnumbered(got) == unnumbered(want), "got\n" .. show(got) .. "\nexpected\n" .. show(want))
end

------------------------------------------------------------------------
-- The harness must be able to fail

record("harness: passes rejects a failing snippet", not check_passes("assert.equal(1, 2)"), "accepted")
record("harness: passes rejects wrong returns", not check_passes("return 1", { 2 }), "accepted")
record("harness: fails rejects a passing snippet", not check_fails("assert.equal(1, 1)", 1, "x"), "accepted")
record("harness: fails rejects a wrong message",
  not check_fails("assert.equal(1, 2)", 1, "Expected objects to be equal."), "accepted")
record("harness: fails rejects a wrong line", not check_fails("\nassert.equal(1, 2)", 1,
  "Expected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1"), "accepted")
record("harness: fails rejects a plain error", not check_fails("error('x')", 1, "x"), "accepted")
record("harness: errors rejects a different error", not check_errors("error('x')", "spec:1: y"), "accepted")
record("harness: the sandbox hides io, os and debug",
  check_errors("return io", "spec:1: sandbox: global 'io' is not available")
  and check_errors("return os.time()", "spec:1: sandbox: global 'os' is not available")
  and check_errors("return debug", "spec:1: sandbox: global 'debug' is not available")
  and check_errors("return loadfile", "spec:1: sandbox: global 'loadfile' is not available"), "io/os/debug visible")

------------------------------------------------------------------------
-- assert(v, message)

passes("assert(v) returns all its arguments", "return assert(1, 'm', 3, nil, 5)", { 1, "m", 3, nil, 5 })
fails("assert(false) fails with the builtin's text", "\nassert(false)", 2, "assertion failed!",
  { expected = "truthy", actual = "(boolean) false" })
fails("assert(nil, message) uses the message", "assert(nil, 'the drawer is gone')", 1, "the drawer is gone",
  { actual = "(nil)" })
fails("assert(false, 42) prints busted's failure object", "assert(false, 42)", 1, "{\n  message = 42\n}")
fails("assert(false, object) prints busted's failure object", "assert(false, { code = 7 })", 1,
  "{\n  message = {\n    code = 7\n  }\n}")
fails("assert(false, m, 2): a plain number level is ignored, as luassert does", [[
local function check(v) assert(v, "checked", 2) end
check(true)
check(false)]], 1, "checked")
fails("assert(false, m, assert:level(2)) blames the caller", [[
local function check(v) assert(v, "checked", assert:level(2)) end
check(true)
check(false)]], 3, "checked")

------------------------------------------------------------------------
-- equal

local EQUAL_3_4 = "Expected objects to be equal.\nPassed in:\n(number) 3\nExpected:\n(number) 4"
local NOT_EQUAL_3 = "Expected objects to not be equal.\nPassed in:\n(number) 3\nDid not expect:\n(number) 3"

passes("equal: numbers", "assert.are.equal(4, 4)")
passes("equal: returns its arguments", "return assert.equal('a', 'a')", { "a", "a" })
passes("equals: alias", "assert.equals(true, true)")
passes("are_equal: underscore form", "assert.are_equal(2.0, 2)")
passes("is_equal: underscore form", "assert.is_equal('x', 'x')")
fails("equal: mismatch", "local x = 3\nassert.are.equal(4, x)", 2, EQUAL_3_4,
  { expected = "(number) 4", actual = "(number) 3" })
fails("equal: distinct tables are not equal", "assert.equal({}, {})", 1,
  "Expected objects to be equal.\nPassed in:\n(table) { }\nExpected:\n(table) { }")
fails("equal: integer and string", "assert.equal(1, '1')", 1,
  "Expected objects to be equal.\nPassed in:\n(string) '1'\nExpected:\n(number) 1")
passes("are_not.equal: different", "assert.are_not.equal(1, 2)")
passes("is_not.equal: different", "assert.is_not.equal('a', 'b')")
passes("not_equal: underscore form", "assert.not_equal(1, 2)")
passes("Not.equal: capitalised", "assert.Not.equal(1, 2)")
passes("not_.equal: trailing underscore", "assert.not_.equal(1, 2)")
passes("no.equal", "assert.no.equal(1, 2)")
fails("are_not.equal: same value", "assert.are_not.equal(3, 3)", 1, NOT_EQUAL_3,
  { expected = "not (number) 3", actual = "(number) 3" })
fails("is_not.equal: same value", "assert.is_not.equal(3, 3)", 1, NOT_EQUAL_3)
fails("Not.equal: same value", "assert.Not.equal(3, 3)", 1, NOT_EQUAL_3)
errors("equal: one argument is a usage error", "assert.equal(1)",
  "spec:1: the 'equals' function requires a minimum of 2 arguments, got: 1")

------------------------------------------------------------------------
-- same

passes("same: nested tables", "assert.are.same({ 1, { a = 'x', [true] = 2 } }, { 1, { a = 'x', [true] = 2 } })")
passes("same: primitives", "assert.same('a', 'a')")
passes("same: ignores metatables", "assert.same({ 1 }, setmetatable({ 1 }, { __index = {} }))")
passes("same: isomorphic cycles", [[
local a = { name = 'a' }; a.self = a
local b = { name = 'a' }; b.self = b
assert.same(a, b)]])
passes("same: mutual cycles", [[
local a, b = {}, {}
a.next = b; b.next = a
local c, d = {}, {}
c.next = d; d.next = c
assert.same(a, c)]])
fails("same: differing leaf", "assert.same({ 1, { a = 2 } }, { 1, { a = 3 } })", 1,
  "Expected objects to be the same.\nPassed in:\n(table) {\n  [1] = 1\n *[2] = {\n   *[a] = 3 } }\nExpected:\n(table) {\n  [1] = 1\n *[2] = {\n   *[a] = 2 } }", { expected = "(table) {\n  [1] = 1\n *[2] = {\n   *[a] = 2 } }", actual = "(table) {\n  [1] = 1\n *[2] = {\n   *[a] = 3 } }" })
fails("same: missing key", "assert.same({ a = 1, b = 2 }, { a = 1 })", 1,
  "Expected objects to be the same.\nPassed in:\n(table) {\n  [a] = 1 }\nExpected:\n(table) {\n  [a] = 1\n *[b] = 2 }")
fails("same: extra key", "assert.same({ a = 1 }, { a = 1, ['x y'] = 2 })", 1,
  "Expected objects to be the same.\nPassed in:\n(table) {\n  [a] = 1\n *[x y] = 2 }\nExpected:\n(table) {\n  [a] = 1 }")
fails("same: first difference in sorted key order", "assert.same({ b = 1, a = 1, c = 1 }, { b = 2, a = 2, c = 2 })", 1,
  "Expected objects to be the same.\nPassed in:\n(table) {\n *[a] = 2\n  [b] = 2\n  [c] = 2 }\nExpected:\n(table) {\n *[a] = 1\n  [b] = 1\n  [c] = 1 }")
fails("same: table against number", "assert.same({}, 1)", 1,
  "Expected objects to be the same.\nPassed in:\n(number) 1\nExpected:\n(table) { }")
fails("same: a deep difference is cut at TableFormatLevel, as luassert's", [[
local a, b = { x = 1 }, { x = 2 }
for _ = 1, 100 do a = { a }; b = { b } end
assert.same(a, b)]], 3,
  "Expected objects to be the same.\nPassed in:\n(table) {\n *[1] = {\n   *[1] = {\n     *[1] = { ... more } } } }\nExpected:\n(table) {\n *[1] = {\n   *[1] = {\n     *[1] = { ... more } } } }")
passes("same: 10,000 levels deep, alike", [[
local a, b = {}, {}
for _ = 1, 10000 do a = { a }; b = { b } end
assert.same(a, b)]])
fails("equal: long strings are cut short", [[
assert.equal(string.rep("a", 1500), string.rep("a", 1200) .. "b")]], 1,
  "Expected objects to be equal.\nPassed in:\n(string) '" .. string.rep("a", 1000) .. "'…(201 more bytes)\nExpected:\n(string) '"
  .. string.rep("a", 1000) .. "'…(500 more bytes)")
passes("are_not.same: different", "assert.are_not.same({ 1 }, { 2 })")
fails("are_not.same: same tables", "assert.are_not.same({ 1 }, { 1 })", 1,
  "Expected objects to not be the same.\nPassed in:\n(table) {\n  [1] = 1 }\nDid not expect:\n(table) {\n  [1] = 1 }", { expected = "not (table) {\n  [1] = 1 }" })

------------------------------------------------------------------------
-- near

passes("near: within tolerance", "assert.near(300, 300.4, 0.5)")
passes("near: tolerance is inclusive", "assert.near(1, 1.5, 0.5)")
passes("near: numeric strings convert", "assert.near('1', 1.25, '0.5')")
fails("near: outside tolerance", "assert.near(3, 3.5, 0.1)", 1,
  "Expected values to be near.\nPassed in:\n(number) 3.5\nExpected:\n(number) 3 +/- 0.1",
  { expected = "(number) 3 +/- 0.1", actual = "(number) 3.5" })
fails("near: negative difference", "assert.is.near(10, 7.75, 2)", 1,
  "Expected values to be near.\nPassed in:\n(number) 7.75\nExpected:\n(number) 10 +/- 2")
fails("near: nan is never near", "assert.near(0, 0/0, 1)", 1,
  "Expected values to be near.\nPassed in:\n(number) NaN\nExpected:\n(number) 0 +/- 1")
passes("is_not.near: far apart", "assert.is_not.near(1, 2, 0.5)")
fails("is_not.near: close", "assert.is_not.near(1, 1.25, 0.5)", 1,
  "Expected values to not be near.\nPassed in:\n(number) 1.25\nDid not expect:\n(number) 1 +/- 0.5",
  { expected = "not (number) 1 +/- 0.5" })
errors("near: a non-number is a usage error", "assert.near(1, 'x', 1)",
  "spec:1: bad argument #2 to 'near' (number or object convertible to a number expected, got (string) 'x')")
errors("near: two arguments is a usage error", "assert.near(1, 1)",
  "spec:1: the 'near' function requires a minimum of 3 arguments, got: 2")

------------------------------------------------------------------------
-- truthy, falsy, true, false, nil

passes("truthy: 0 and '' are truthy", "assert.truthy(0); assert.is_truthy('')")
fails("truthy: nil", "assert.truthy(nil)", 1, "Expected to be truthy, but value was:\n(nil)",
  { expected = "truthy", actual = "(nil)" })
passes("is_not.truthy: false", "assert.is_not.truthy(false)")
fails("is_not.truthy: a table", "assert.is_not.truthy({ 1 })", 1,
  "Expected to not be truthy, but value was:\n(table) {\n  [1] = 1 }", { expected = "not truthy" })
passes("falsy: nil and false", "assert.falsy(nil); assert.is_falsy(false)")
fails("falsy: 0", "assert.falsy(0)", 1, "Expected to be falsy, but value was:\n(number) 0")
passes("is_not.falsy: 'x'", "assert.is_not.falsy('x')")
fails("is_not.falsy: false", "assert.is_not.falsy(false)", 1,
  "Expected to not be falsy, but value was:\n(boolean) false")
passes("is_true: true", "assert.is_true(true)")
fails("is_true: 1 is not true", "assert.is_true(1)", 1,
  "Expected objects to be the same.\nPassed in:\n(number) 1\nExpected:\n(boolean) true",
  { expected = "(boolean) true", actual = "(number) 1" })
passes("is_not_true: false", "assert.is_not_true(false)")
fails("is_not.True: true", "assert.is_not.True(true)", 1,
  "Expected objects to not be the same.\nPassed in:\n(boolean) true\nDid not expect:\n(boolean) true")
passes("is_false: false", "assert.is_false(false)")
fails("is_false: nil is not false", "assert.is_false(nil)", 1,
  "Expected objects to be the same.\nPassed in:\n(nil)\nExpected:\n(boolean) false")
fails("is_false: no argument at all", "assert.is_false()", 1,
  "Expected objects to be the same.\nPassed in:\n(nil)\nExpected:\n(boolean) false")
passes("is_not.False: nil", "assert.is_not.False(nil)")
passes("is_nil: nil", "assert.is_nil(nil)")
fails("is_nil: a number", "assert.is_nil(3)", 1,
  "Expected objects to be the same.\nPassed in:\n(number) 3\nExpected:\ntype nil",
  { expected = "type nil", actual = "(number) 3" })
passes("is_not_nil: a value", "assert.is_not_nil(false)")
fails("is_not_nil: nil", "assert.is_not_nil(nil)", 1,
  "Expected objects to not be the same.\nPassed in:\n(nil)\nDid not expect:\ntype nil",
  { expected = "not type nil" })

------------------------------------------------------------------------
-- type checks

passes("is_number", "assert.is_number(1.5)")
fails("is_number: a numeric string", "assert.is_number('1')", 1,
  "Expected objects to be the same.\nPassed in:\n(string) '1'\nExpected:\ntype number")
passes("is_not_number", "assert.is_not_number('1')")
fails("is_not.number: a number", "assert.is_not.number(2)", 1,
  "Expected objects to not be the same.\nPassed in:\n(number) 2\nDid not expect:\ntype number")
passes("is_string", "assert.is_string('')")
fails("is_string: nil", "assert.is_string(nil)", 1,
  "Expected objects to be the same.\nPassed in:\n(nil)\nExpected:\ntype string")
passes("is_not.string", "assert.is_not.string(1)")
passes("is_table", "assert.is_table({})")
fails("is_table: a string", "assert.is_table('t')", 1,
  "Expected objects to be the same.\nPassed in:\n(string) 't'\nExpected:\ntype table")
fails("is_not_table: a table", "assert.is_not_table({ x = 1 })", 1,
  "Expected objects to not be the same.\nPassed in:\n(table) {\n  [x] = 1 }\nDid not expect:\ntype table")
passes("is_function", "assert.is_function(print)")
fails("is_function: a table", "assert.is_function({})", 1,
  "Expected objects to be the same.\nPassed in:\n(table) { }\nExpected:\ntype function")
fails("is_not.Function: a function", "assert.is_not.Function(print)", 1,
  "Expected objects to not be the same.\nPassed in:\nfunction: 0x…\nDid not expect:\ntype function")
passes("is_boolean", "assert.is_boolean(false)")
fails("is_boolean: nil", "assert.is_boolean(nil)", 1,
  "Expected objects to be the same.\nPassed in:\n(nil)\nExpected:\ntype boolean")
passes("is_not_boolean", "assert.is_not_boolean(0)")
passes("is_thread", "assert.is_thread(coroutine.create(print))")

------------------------------------------------------------------------
-- has_error, has_no.errors, error_matches

passes("has_error: any error", "assert.has_error(function() error('boom') end)")
passes("error / errors: aliases", "assert.error(function() error('x') end); assert.errors(function() error('x') end)")
passes("has_error: returns the error without its position",
  "return assert.has_error(function() error('boom') end)", { "boom" })
fails("has_error: no error", "assert.has_error(function() end)", 1,
  "Expected a different error.\nCaught:\n(no error)\nExpected:\n(error)",
  { expected = "(error)", actual = "(no error)" })
passes("has_error: message compared without 'file:line: '", "assert.has_error(function() error('boom') end, 'boom')")
passes("has_error: level 0 message", "assert.has_error(function() error('boom', 0) end, 'boom')")
fails("has_error: different message", "assert.has_error(function()\n  error('boom')\nend, 'bam')", 1,
  "Expected a different error.\nCaught:\n(string) 'boom'\nExpected:\n(string) 'bam'",
  { expected = "(string) 'bam'", actual = "(string) 'boom'" })
fails("has_error: a pattern is not a message", "assert.has_error(function() error('boom 12') end, 'boom %d+')", 1,
  "Expected a different error.\nCaught:\n(string) 'boom 12'\nExpected:\n(string) 'boom %d+'")
passes("has_error: error objects compare with same",
  "assert.has_error(function() error({ code = 1, path = { 'a' } }) end, { code = 1, path = { 'a' } })")
fails("has_error: different error object",
  "assert.has_error(function() error({ code = 2 }) end, { code = 1 })", 1,
  "Expected a different error.\nCaught:\n(table) {\n  [code] = 2 }\nExpected:\n(table) {\n  [code] = 1 }")
passes("has_error: a failed assertion, by its message",
  "assert.has_error(function() assert(false, 'inner') end, 'inner')")
passes("has_error: numbers", "assert.has_error(function() error(42) end, 42)")
passes("has_no.errors: quiet function", "assert.has_no.errors(function() end)")
passes("has_no_errors: underscore form", "assert.has_no_errors(function() return 1 end)")
passes("does_not.error: chain", "assert.does_not.error(function() end)")
fails("has_no.errors: shows the error as raised", "assert.has_no.errors(function()\n  error('boom')\nend)", 1,
  "Expected no error, but caught:\n(string) 'spec:2: boom'",
  { expected = "(no error)", actual = "(string) 'spec:2: boom'" })
fails("has_no.errors: a failure inside", "assert.has_no.errors(function()\n  assert.equal(1, 2)\nend)", 1,
  "Expected no error, but caught:\n(failure at spec:2)\nExpected objects to be equal.\nPassed in:\n(number) 2\n"
  .. "Expected:\n(number) 1")
passes("has_no.error with a message: other errors are fine",
  "assert.has_no.error(function() error('x') end, 'y')")
fails("has_no.error with a message: that error", "assert.has_no.error(function() error('x') end, 'x')", 1,
  "Expected no error, but caught:\n(string) 'x'", { expected = "not (string) 'x'" })
errors("has_error: needs a function", "assert.has_error(1)",
  "spec:1: bad argument #1 to 'error' (function or callable object expected, got (number) 1)")
passes("error_matches: pattern and captures",
  "return assert.error_matches(function() error('handle 12 is gone') end, 'handle (%d+)')", { "12" })
passes("error_matches: plain", "assert.matches_error(function() error('a.b') end, 'a.b', 1, true)")
fails("error_matches: no match", "assert.error_matches(function() error('boom') end, '^bam')", 1,
  "Expected a different error.\nCaught:\n(string) 'boom'\nExpected:\n(string) '^bam'")
fails("error_matches: no error", "assert.error_matches(function() end, 'x')", 1,
  "Expected a different error.\nCaught:\n(no error)\nExpected:\n(string) 'x'")
passes("is_not.error_matches: other error", "assert.is_not.error_matches(function() error('boom') end, 'bam')")

------------------------------------------------------------------------
-- matches

passes("matches: returns captures", "return assert.matches('(%d+)%.(%d+)', 'v1.25')", { "1", "25" })
passes("match: alias", "assert.match('^drawer', 'drawer.origin')")
passes("matches: init", "assert.matches('^b', 'ab', 2)")
passes("matches: plain", "assert.matches('a.b', 'xa.by', 1, true)")
passes("matches: numbers convert", "assert.matches('^12', 123)")
fails("matches: no match", "assert.matches('^%d+$', 'abc')", 1,
  "Expected strings to match.\nPassed in:\n(string) 'abc'\nExpected:\n(string) '^%d+$'",
  { expected = "(string) '^%d+$'", actual = "(string) 'abc'" })
fails("matches: plain means plain", "assert.matches('a.b', 'axb', 1, true)", 1,
  "Expected strings to match.\nPassed in:\n(string) 'axb'\nExpected:\n(string) 'a.b'")
passes("does_not.match", "assert.does_not.match('^x', 'abc')")
fails("does_not.match: it does", "assert.does_not.match('b', 'abc')", 1,
  "Expected strings not to match.\nPassed in:\n(string) 'abc'\nDid not expect:\n(string) 'b'")
errors("matches: pattern must be a string", "assert.matches(1, 'x')",
  "spec:1: bad argument #1 to 'matches' (string expected, got (number) 1)")

------------------------------------------------------------------------
-- unique

passes("unique: distinct values", "assert.unique({ 1, 2, 3 })")
passes("unique: distinct tables by identity", "assert.unique({ {}, {} })")
fails("unique: repeated value", "assert.unique({ 1, 2, 1 })", 1,
  "Expected object to be unique:\n(table) {\n  [1] = 1\n  [2] = 2\n  [3] = 1 }")
fails("unique deep: same tables", "assert.unique({ a = { 1 }, b = { 1 } }, true)", 1,
  "Expected object to be unique:\n(table) {\n  [a] = {\n    [1] = 1 }\n  [b] = {\n    [1] = 1 } }")
passes("is_not.unique: a repeat", "assert.is_not.unique({ 'a', 'a' })")
fails("is_not.unique: all distinct", "assert.is_not.unique({ 'a', 'b' })", 1,
  "Expected object to not be unique:\n(table) {\n  [1] = 'a'\n  [2] = 'b' }")

------------------------------------------------------------------------
-- Modifier chains

passes("is / are / was / has / does are no-ops",
  "assert.is.truthy(1); assert.are.truthy(1); assert.was.truthy(1); assert.has.truthy(1); assert.does.truthy(1)")
passes("modifiers in any order and case", "assert.Is_Not.Equal(1, 2); assert.equal.Not(1, 2); assert.are_Not.same(1, 2)")
passes("double negation is positive", "assert.is_not.Not.equal(1, 1); assert.no.no.truthy(1)")
fails("double negation fails as positive", "assert.is_not.no.equal(1, 2)", 1,
  "Expected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1")
passes("chains are reusable and immutable", [[
local is_not = assert.is_not
is_not.equal(1, 2)
is_not.truthy(nil)
local eq = is_not.equal
eq(3, 4)]])
fails("a stored chain reports the calling line", "local is_not = assert.is_not\n\nis_not.equal(1, 1)", 3,
  "Expected objects to not be equal.\nPassed in:\n(number) 1\nDid not expect:\n(number) 1")
passes("assert.message(...) modifier", "assert.message('ignored when passing').equal(1, 1)")
fails("assert.message(...) heads the failure", "assert.message('the drawer moved').equal(1, 2)", 1,
  "the drawer moved\nExpected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1",
  { user_message = "the drawer moved" })
fails("assert.is_not.message(...).equal keeps the negation", "assert.is_not.message('m').equal(1, 1)", 1,
  "m\nExpected objects to not be equal.\nPassed in:\n(number) 1\nDid not expect:\n(number) 1")
errors("unknown words are usage errors", "local x = 1\nassert.is.equl(1, x)",
  "spec:2: luassert: unknown modifier/assertion: 'is_equl'")
errors("two assertions are a usage error", "assert.equal.same(1, 1)",
  "spec:1: assert.equal.same: more than one assertion ('equal' and 'same')")
errors("a bare modifier is not an assertion", "assert.is(true)",
  "spec:1: assert.is(...) is not an assertion; name one, e.g. assert.is.truthy(...)")
errors("chains index with strings only", "return assert.is[1]",
  "spec:1: assert.is: cannot index an assertion with a number key")

------------------------------------------------------------------------
-- Message overrides (the last argument after an assertion's own)

local OVERRIDES = {
  { "equal", "assert.equal(1, 2, 'why')", "why\nExpected objects to be equal." },
  { "same", "assert.same({ 1 }, { 2 }, 'why')", "why\nExpected objects to be the same." },
  { "near", "assert.near(1, 2, 0.5, 'why')", "why\nExpected values to be near." },
  { "truthy", "assert.truthy(nil, 'why')", "why\nExpected to be truthy" },
  { "falsy", "assert.falsy(1, 'why')", "why\nExpected to be falsy" },
  { "is_true", "assert.is_true(false, 'why')", "why\nExpected objects to be the same." },
  { "is_nil", "assert.is_nil(1, 'why')", "why\nExpected objects to be the same." },
  { "is_number", "assert.is_number('1', 'why')", "why\nExpected objects to be the same." },
  { "has_error", "assert.has_error(function() end, nil, 'why')", "why\nExpected a different error." },
  { "has_no.errors", "assert.has_no.errors(function() error('x') end, nil, 'why')", "why\nExpected no error" },
  { "matches", "assert.matches('x', 'y', 'why')", "why\nExpected strings to match." },
  { "matches after init", "assert.matches('x', 'y', 1, 'why')", "why\nExpected strings to match." },
  { "unique", "assert.unique({ 1, 1 }, 'why')", "why\nExpected object to be unique:" },
  { "is_not.equal", "assert.is_not.equal(1, 1, 'why')", "why\nExpected objects to not be equal." },
}
for _, case in ipairs(OVERRIDES) do
  local ok, err = run(case[2])
  local message = type(err) == "table" and err.message or tostring(err)
  record("message override: " .. case[1],
    not ok and message:sub(1, #case[3]) == case[3] and err.user_message == "why",
    "raised " .. show(message))
end
fails("message override: a table message is formatted", "assert.truthy(false, { step = 3 })", 1,
  "(table) {\n  [step] = 3 }\nExpected to be truthy, but value was:\n(boolean) false")

------------------------------------------------------------------------
-- register

passes("register: a plugin assertion with templates", [[
assert:register("assertion", "even", function(state, arguments)
  return arguments[1] % 2 == 0
end, "Expected %s to be even", "Expected %s to not be even")
assert.is_even(2)
assert.is.even(4)
assert.is_not.even(3)
assert.is_not_even(5)]])
fails("register: positive template", "assert.is_even(3)", 1, "Expected (number) 3 to be even",
  { actual = "(number) 3" })
fails("register: negative template", "assert.is_not.even(2)", 1, "Expected (number) 2 to not be even")
passes("register: message keys resolved through assert:set_message", [[
assert:set_message("assertion.positive_pt.positive", "Expected %s to be positive (%%)")
assert.messages["assertion.positive_pt.negative"] = "Expected %s to not be positive"
assert:register("assertion", "positive_pt", function(state, arguments)
  state.failure_message = arguments[2]
  return arguments[1] > 0
end, "assertion.positive_pt.positive", "assertion.positive_pt.negative")
assert.is_positive_pt(1)]])
fails("register: keyed positive message", "assert.is.positive_pt(-1)", 1, "Expected (number) -1 to be positive (%)")
fails("register: keyed negative message, underscore name", "assert.is_not_positive_pt(2)", 1,
  "Expected (number) 2 to not be positive")
fails("register: the plugin's failure_message heads the text", "assert.positive_pt(0, 'frames count')", 1,
  "frames count\nExpected (number) 0 to be positive (%)")
passes("register: nofmt and reordered arguments, luassert style", [[
assert:register("assertion", "has_length", function(state, arguments)
  local list, length = arguments[1], arguments[2]
  arguments[1], arguments[2] = #list, length
  arguments.nofmt = { true, true }
  return #list == length
end, "Expected length %s, got... no: expected %s", "Expected length not %s")
assert.has_length({ 1, 2 }, 2)]])
fails("register: nofmt arguments print raw", "assert.has_length({ 1 }, 2)", 1,
  "Expected length 1, got... no: expected 2")
passes("register: without messages", [[
assert:register("assertion", "odd", function(state, arguments) return arguments[1] % 2 == 1 end)]])
fails("register: default message", "assert.is_odd(2)", 1, "Assertion 'odd' failed.\nPassed in:\n(number) 2")
fails("register: default negative message", "assert.is_not.odd(3, 'x')", 1,
  "Assertion 'not odd' failed.\nPassed in:\n(number) 3\n(string) 'x'")
passes("register: a callback's level points at the spec", [[
assert:register("assertion", "strict_positive", function(state, arguments, level)
  if type(arguments[1]) ~= "number" then error("strict_positive needs a number", level) end
  return arguments[1] > 0
end)]])
errors("register: error(msg, level) in a callback blames the spec line", "\nassert.is.strict_positive('x')",
  "spec:2: strict_positive needs a number")
passes("register: plugin returns replace the arguments", [[
assert:register("assertion", "parsed", function(state, arguments)
  local n = tonumber(arguments[1])
  return n ~= nil, { n, n = 1 }
end)
local n = assert.parsed("12")
return n]], { 12 })
passes("register: dot form and word modifiers", [[
assert.register("modifier", "strictly", function(state) return state end)
assert.is.strictly.equal(1, 1)
assert.is_not_strictly_equal(1, 2)]])
passes("register: modifier with arguments", [[
assert:register("modifier", "because", function(state, arguments)
  if arguments then state.failure_message = "because " .. arguments[1] end
end)]])
fails("register: modifier arguments reach the failure", "assert.because('the sheet is open').is_true(false)", 1,
  "because the sheet is open\nExpected objects to be the same.\nPassed in:\n(boolean) false\nExpected:\n(boolean) true")
passes("register: a longer name wins over its words", [[
assert:register("assertion", "close_to", function(state, arguments)
  return math.abs(arguments[1] - arguments[2]) < 1
end, "Expected %s close to %s")
assert.is_close_to(1, 1.5)
assert.close_to(2, 2.5)
assert.is_not.close_to(1, 5)]])
passes("unregister: the name is gone", [[
assert:unregister("assertion", "close_to")
local ok, err = pcall(function() assert.close_to(1, 1) end)
return ok, err]], { false, "spec:2: luassert: unknown modifier/assertion: 'close_to'" })
errors("register: bad namespace", "assert:register('matchers', 'x', print)",
  "spec:1: assert:register: namespace must be \"assertion\", \"modifier\" or \"matcher\", got 'matchers'")
errors("register: callback must be callable", "assert:register('assertion', 'x', 1)",
  "spec:1: assert:register: callback for \"x\" must be a function, got number")

------------------------------------------------------------------------
-- Failure objects and their locations

passes("failure: a table with the documented fields and __tostring", [[
local ok, failure = pcall(function()
  assert.are.equal(4, 3)
end)
return ok, failure.detent_failure, failure.where, failure.expected, failure.actual,
  tostring(failure) == failure.message, failure.user_message]],
  { false, true, "spec:2", "(number) 4", "(number) 3", true, nil })
fails("where: inside a nested function", [[
local function inner()
  assert.truthy(false)
end
inner()]], 2, "Expected to be truthy, but value was:\n(boolean) false")
fails("where: a helper blames its own line", [[
local function expect_open(v)
  assert.is_true(v)
end
expect_open(false)]], 2, "Expected objects to be the same.\nPassed in:\n(boolean) false\nExpected:\n(boolean) true")
fails("where: pcall(assert.equal, ...) blames the pcall line", [[
local ok, err = pcall(assert.equal, 1, 2)
error(err)]], 1, "Expected objects to be equal.\nPassed in:\n(number) 2\nExpected:\n(number) 1")
fails("where: multi-line call blames its first line", [[
assert.are.same(
  { 1 },
  { 2 })]], 1, "Expected objects to be the same.\nPassed in:\n(table) {\n *[1] = 2 }\nExpected:\n(table) {\n *[1] = 1 }")
fails("assert.fail: level 1 is the calling line", "\nassert.fail('custom failure', 1, { expected = 'e', actual = 'a' })",
  2, "custom failure", { expected = "e", actual = "a" })
fails("assert.fail: level 2 is the caller", [[
local function helper() assert.fail('from helper', 2) end

helper()]], 3, "from helper")
passes("assert.where: levels like error's", [[
local function here() local where = assert.where(2); return where end
local a = assert.where()
local b = here()
return a, b]], { "spec:2", "spec:3" })

do -- locations in this very file, under its real chunk name
  local info = debug.getinfo(1, "S")
  local ok, err = pcall(function() A.equal(1, 2) end); local line = debug.getinfo(1, "l").currentline
  expect("where: real chunk names", not ok and err.where, info.short_src .. ":" .. line)
end

------------------------------------------------------------------------
-- Formatting

expect("format: nil", A.format(nil), "(nil)")
expect("format: boolean", A.format(false), "(boolean) false")
expect("format: integer", A.format(-12), "(number) -12")
expect("format: float keeps .0", A.format(3.0), "(number) 3.0")
expect("format: negative zero", A.format(-0.0), "(number) -0.0")
expect("format: 0.1", A.format(0.1), "(number) 0.10000000000000000555")
expect("format: numbers show 20 significant digits, as luassert's", A.format(1 / 3), "(number) 0.33333333333333331483")
expect("format: 0.1 + 0.2", A.format(0.1 + 0.2), "(number) 0.30000000000000004441")
expect("format: large", A.format(1e300), "(number) 1.0000000000000000525e+300")
expect("format: infinities and nan", A.inspect(math.huge) .. " " .. A.inspect(-math.huge) .. " " .. A.inspect(0 / 0),
  "inf -inf nan")
expect("format: strings print raw, as luassert's", A.format("a'b\\c\n\t\0"), "(string) 'a'b\\c\n\t\000'")
-- Addresses are numbered in the order values are first shown, the same number each time.
do
  local t, f, co = {}, function() end, coroutine.create(print)
  local table_text = A.format(t)
  local n = tonumber(table_text:match("^%(table: 0x(%x+)%) { }$"), 16)
  record("format: a table's address is a number given when it is first shown", n ~= nil, "got " .. show(table_text))
  record("format: the same table shows the same number", A.format(t) == table_text, "got " .. show(A.format(t)))
  -- (This sandbox has no debug library: luassert's " @ line N in SOURCE" needs it.)
  record("format: a function shows its numbered address", A.format(f) == string.format("function: 0x%08x", n + 1),
    "got " .. show(A.format(f)))
  record("format: a thread shows its numbered address", A.format(co) == string.format("(thread) 'thread: 0x%08x'", n + 2),
    "got " .. show(A.format(co)))
end
expect("format: empty table", A.format({}), "(table) { }")
expect("format: list", A.format({ 1, "two", 3.5 }), "(table) {\n  [1] = 1\n  [2] = 'two'\n  [3] = 3.5 }")
expect("format: mixed keys sorted by type then value",
  A.format({ [true] = 1, [false] = 2, [2] = "b", [1] = "a", [10] = "j", [-1] = "m", [1.5] = "h",
    z = 1, a = 2, ["with space"] = 3, ["end"] = 4, _x = 5 }), "(table) {\n  [1] = 'a'\n  [2] = 'b'\n  [-1] = 'm'\n  [1.5] = 'h'\n  [10] = 'j'\n  [true] = 1\n  [false] = 2\n  [_x] = 5\n  [a] = 2\n  [end] = 4\n  [with space] = 3\n  [z] = 1 }")
expect("format: nested", A.inspect({ pos = { x = 1, y = 2 }, tags = { "a" } }), "{ pos = { x = 1, y = 2 }, tags = { 'a' } }")
expect("format: a hole ends the list part", A.inspect({ 1, nil, 3 }), "{ 1, [3] = 3 }")
expect("format: table keys print as literals", A.inspect({ [{ 1 }] = "k" }), "{ [{ 1 }] = 'k' }")
expect("format: functions inside tables", A.inspect({ f = print }), "{ f = <function> }")

do -- the same content built in different orders prints the same
  local forward, backward = {}, {}
  for i = 1, 40 do forward["key" .. i] = i; forward[i * 1.5] = -i end
  for i = 40, 1, -1 do backward[i * 1.5] = -i; backward["key" .. i] = i end
  A.set_parameter("TableFormatMaxItems", -1)
  local a, b = A.format(forward), A.format(backward)
  A.set_parameter("TableFormatMaxItems", 50)
  expect("format: insertion order does not matter", a, b)
  expect("format: numbers sort numerically", unnumbered(a):match("^%(table%) {\n  %[1%.5%] = %-1\n  %[3%] = %-2\n  %[4%.5%] = %-3\n") ~= nil, true)
end

do -- tables as keys that print alike are ordered by their values
  local k1, k2 = {}, {}
  local a, b = A.inspect({ [k1] = "one", [k2] = "two" }), A.inspect({ [k2] = "one", [k1] = "two" })
  expect("format: ties between equal-looking keys break on values", a, "{ [{}] = 'one', [{}] = 'two' }")
  expect("format: ... deterministically", b, a)
end

do
  local t = { name = "root" }
  t.self = t
  expect("format: a cycle repeats down to the depth limit, as luassert's", A.format(t), "(table) {\n  [name] = 'root'\n  [self] = {\n    [name] = 'root'\n    [self] = {\n      [name] = 'root'\n      [self] = { ... more } } } }")
  local parent = { child = { items = {} } }
  parent.child.items[1] = parent.child
  expect("format: a cycle names the ancestor's path", A.inspect(parent),
    "{ child = { items = { <cycle: root.child> } } }")
  local shared = { 1 }
  expect("format: shared tables are not cycles", A.inspect({ shared, shared }), "{ { 1 }, { 1 } }")
end

do
  local deep = { { { { { { { { "bottom" } } } } } } } }
  expect("format: depth limit", A.inspect(deep), "{ { { { ... } } } }")
  A:set_parameter("TableFormatLevel", 2)
  expect("format: TableFormatLevel", A.inspect(deep), "{ { { ... } } }")
  expect("format: get_parameter", A:get_parameter("TableFormatLevel"), 2)
  A:set_parameter("TableFormatLevel", 6)
  local long = {}
  for i = 1, 53 do long[i] = i end
  local text = A.inspect(long)
  local tail = "  49,\n  50,\n  ... (3 more)\n}"
  expect("format: item limit", text:sub(-#tail), tail)
end

expect("format: long tables break onto indented lines",
  A.inspect({ title = string.rep("t", 30), frame = { x = 0, y = 100, width = 390, height = 844 }, list = { 1, 2 } }),
  "{\n  frame = { height = 844, width = 390, x = 0, y = 100 },\n  list = { 1, 2 },\n"
  .. "  title = 'tttttttttttttttttttttttttttttt'\n}")
expect("format: nested breaks indent", A.inspect({ outer = { a = string.rep("a", 40), b = string.rep("b", 40) } }),
  "{\n  outer = {\n    a = '" .. string.rep("a", 40) .. "',\n    b = '" .. string.rep("b", 40) .. "'\n  }\n}")
expect("format: a table's __tostring is not used, as luassert's", A.format(setmetatable({}, { __tostring = function() return "Anchor(top)" end })), "(table) { }")

do
  local ok, failure = pcall(A.equal, 1, 2)
  expect("format: failures show where and message", not ok and A.format(failure),
    "(failure at " .. failure.where .. ")\n" .. failure.message)
end

do
  local t = { 1, 2 }
  t[3] = t
  A:set_parameter("TableFormatShowRecursion", true)
  expect("format: TableFormatShowRecursion", A.format(t), "(table) {\n  [1] = 1\n  [2] = 2\n  [3] = { ... recursive } }")
  A:set_parameter("TableFormatShowRecursion", false)
  A:set_parameter("TableFormatLevel", -1)
  expect("format: a cycle with no depth limit stops", A.format(t), "(table) {\n  [1] = 1\n  [2] = 2\n  [3] = { ... recursive } }")
  A:set_parameter("TableFormatLevel", 3)
  A:set_parameter("TableErrorHighlightCharacter", "**")
  local args = A:format({ { 1, 2, 3 }, n = 1, fmtargs = { { crumbs = { 2 } } } })
  expect("format: TableErrorHighlightCharacter marks the crumbs", args[1], "(table) {\n  [1] = 1\n**[2] = 2\n  [3] = 3 }")
  A:set_parameter("TableErrorHighlightCharacter", "*")
end

do
  local handle = setmetatable({}, { __name = "Handle" })
  local formatter = function(v) if v == handle then return "<handle #1>" end end
  A:add_formatter(formatter)
  expect("format: add_formatter", A.format(handle), "<handle #1>")
  expect("format: formatters see top-level values only, as luassert's", A.format({ h = handle }), "(table) {\n  [h] = { } }")
  A:remove_formatter(formatter)
  expect("format: remove_formatter", A.format(handle), "(table) { }")
end

do
  local arguments = { 1, "x", nil, n = 3, nofmt = { [2] = true } }
  A:format(arguments)
  expect("format: luassert's assert:format(arguments)", table.concat({ arguments[1], arguments[2], arguments[3] }, "|"),
    "(number) 1|x|(nil)")
end

------------------------------------------------------------------------
-- Series

-- Frames 1..60 at 60 Hz: frame i is at t = i / 60 s.
local SERIES_HEADER = [[
local function series(name, values, frames)
  local s = { name = name, times = {}, frames = frames ~= false and {} or nil, values = values }
  for i = 1, #values do
    s.times[i] = i / 60
    if s.frames then s.frames[i] = i end
  end
  return s
end
local function ramp(from, to, count)
  local v = {}
  for i = 1, count do v[i] = from + (to - from) * (i - 1) / (count - 1) end
  return v
end
]]
local HEADER_LINES = select(2, SERIES_HEADER:gsub("\n", ""))

local function series_passes(name, body, returns) passes(name, SERIES_HEADER .. body, returns) end
local function series_fails(name, body, line, message, fields)
  fails(name, SERIES_HEADER .. body, HEADER_LINES + line, message, fields)
end
local function series_errors(name, body, line, message)
  errors(name, SERIES_HEADER .. body, "spec:" .. (HEADER_LINES + line) .. ": " .. message)
end

series_passes("series: checks chain and return the checker", [[
local v = ramp(300, 100, 30)
for i = 31, 60 do v[i] = 100 end
local checker = assert.series(series("drawer.origin", v))
return rawequal(checker:monotonic():max_step(7):settles_within(0.6):overshoot_at_most(0), checker)]], { true })
series_passes("series: helpers", [[
local c = assert.series(series("sheet.height", { 10, 20, 30, 40 }))
local v, f, t = c:at(2.5 / 60)
return c:len(), #c, v, f, t, c:at(0), c:final(), c:values()[4], c:times()[1], c:frames()[3], tostring(c)]],
  { 4, 4, 20, 2, 2 / 60, nil, 40, 40, 1 / 60, 3, 'series "sheet.height" (4 samples, t=0.0167..0.0667 s)' })
series_passes("series: at(t) on a sample's own time, despite rounding", [[
local c = assert.series(series("x", { 10, 20, 30, 40 }))
return c:at(3 / 60), c:at(0.15 - 0.1), (c:at(1))]], { 30, 30, 40 })
series_passes("series: the arrays are copied", [[
local s = series("x", { 1, 2, 3 })
local c = assert.series(s)
s.values[2] = 100
c:max_step(1)]])

series_passes("monotonic: increasing, non-strict", "assert.series(series('a', { 1, 1, 2, 2, 5 })):monotonic('increasing')")
series_passes("monotonic: decreasing inferred", "assert.series(series('a', { 5, 5, 4, 1 })):monotonic()")
series_passes("monotonic: constant", "assert.series(series('a', { 3, 3, 3 })):monotonic()")
series_passes("monotonic: dips within 1e-9 are allowed", "assert.series(series('a', { 1, 2, 2 - 1e-10, 3 })):monotonic('increasing')")
series_fails("monotonic: explicit direction", "\nassert.series(series('drawer.origin', { 300, 310, 305, 320 })):monotonic('increasing')", 2,
  'series "drawer.origin": step of -5 pt at frame 3 (t=0.05 s) breaks monotonic increasing (from 310 to 305)',
  { expected = "monotonic increasing", actual = "310 -> 305" })
series_fails("monotonic: inferred direction is explained",
  "assert.series(series('sheet.height', { 500, 500, 480, 470, 471.25 })):monotonic()", 1,
  'series "sheet.height": step of 1.25 pt at frame 5 (t=0.0833 s) breaks monotonic decreasing (from 470 to 471.25); '
  .. "the direction was set by the first change, at frame 3 (t=0.05 s)")
series_fails("monotonic: samples without frames are numbered",
  "assert.series(series('x', { 3, 2, 1, 2 }, false)):monotonic('decreasing')", 1,
  'series "x": step of 1 pt at sample 4 (t=0.0667 s) breaks monotonic decreasing (from 1 to 2)')
series_errors("monotonic: bad direction", "assert.series(series('x', { 1 })):monotonic('up')", 1,
  'series "x": monotonic direction must be "increasing", "decreasing" or nil, got (string) \'up\'')

series_passes("max_step: a step equal to the limit passes", "assert.series(series('a', { 0, 5, 10, 5 })):max_step(5)")
series_fails("max_step: the brief's example", [[
local values = {}
for i = 1, 40 do values[i] = i < 37 and 300 - (36 - i) * 0.5 or 312.5 end
local s = assert.series(series("drawer.origin", values))

s:monotonic():max_step(5)]], 5,
  'series "drawer.origin": step of 12.5 pt at frame 37 (t=0.6167 s) exceeds max_step 5 pt (from 300 to 312.5)',
  { expected = "steps of at most 5 pt", actual = "12.5 pt at frame 37 (t=0.6167 s)" })
series_fails("max_step: downward steps count", "assert.series(series('a', { 100, 90, 70 })):max_step(15)", 1,
  'series "a": step of 20 pt at frame 3 (t=0.05 s) exceeds max_step 15 pt (from 90 to 70)')
series_fails("max_step: a near tie is shown in full", "assert.series(series('a', { 0, 5.00001 })):max_step(5)", 1,
  'series "a": step of 5.00001 pt at frame 2 (t=0.0333 s) exceeds max_step 5 pt (from 0 to 5)')
series_errors("max_step: negative limit", "assert.series(series('a', { 1 })):max_step(-1)", 1,
  'series "a": max_step needs a non-negative number of points, got (number) -1')

series_passes("settles_within: settled in time", [[
local v = ramp(400, 300, 20)
for i = 21, 60 do v[i] = 300 + (i % 2 == 0 and 0.25 or -0.25) end
v[60] = 300
assert.series(series("drawer.origin", v)):settles_within(20 / 60)]])
series_passes("settles_within: a series ending exactly at the deadline", "assert.series(series('a', { 5, 1, 1 })):settles_within(2 / 60)")
series_passes("settles_within: custom tolerance", "assert.series(series('a', { 9, 1.9, 2.1, 2 })):settles_within(1 / 60, 0.1)")
series_fails("settles_within: still moving", [[
local v = ramp(400, 300, 40)
for i = 41, 60 do v[i] = 300 end
assert.series(series("drawer.origin", v)):settles_within(0.5)]], 3,
  'series "drawer.origin": not settled within 0.5 s (by t=0.5167 s): at frame 31 (t=0.5167 s) the value '
  .. "323.0769 is 23.0769 pt from the final value 300 (tolerance 0.5 pt); it stays within tolerance from frame 40 (t=0.6667 s)",
  { expected = "within 0.5 pt of 300 from t=0.5167 s", actual = "323.0769 at frame 31 (t=0.5167 s)" })
series_fails("settles_within: too short to observe", "assert.series(series('sheet.height', { 1, 2, 3 })):settles_within(0.5)", 1,
  'series "sheet.height": settles_within 0.5 s cannot be observed: the series ends at t=0.05 s, before t=0.5167 s, '
  .. 'with the world still moving (wait_idle() or wait(0.4667) before reading the trace)')
series_passes("settles_within: a series that ends with the world at rest stays at its final value",
  "local s = series('sheet.height', { 1, 2, 2 }); s.rests = true; assert.series(s):settles_within(0.5)")
series_fails("settles_within: at rest, a value outside the tolerance after the deadline still fails",
  "local s = series('a', { 0, 0, 0, 10, 10 }); s.rests = true; assert.series(s):settles_within(1 / 60)", 1,
  'series "a": not settled within 0.0167 s (by t=0.0333 s): at frame 2 (t=0.0333 s) the value '
  .. "0 is 10 pt from the final value 10 (tolerance 0.5 pt); it stays within tolerance from frame 4 (t=0.0667 s)")
series_fails("settles_within: from(t) measures from a later instant",
  "assert.series(series('a', { 0, 0, 10, 20, 20.75, 20 })):from(3 / 60):settles_within(1 / 60)", 1,
  'series "a" (from t=0.05 s): not settled within 0.0167 s (by t=0.0667 s): at frame 5 (t=0.0833 s) the value '
  .. "20.75 is 0.75 pt from the final value 20 (tolerance 0.5 pt); it stays within tolerance from frame 6 (t=0.1 s)")
series_passes("settles_within: the tolerance is inclusive",
  "assert.series(series('a', { 0, 0, 10, 20, 20.5, 20 })):from(3 / 60):settles_within(1 / 60)")
series_errors("settles_within: seconds must be a number", "assert.series(series('a', { 1 })):settles_within('soon')", 1,
  "series \"a\": settles_within needs a non-negative number of seconds, got (string) 'soon'")

series_passes("overshoot_at_most: none", "assert.series(series('a', ramp(0, 100, 10))):overshoot_at_most(0)")
series_passes("overshoot_at_most: within", "assert.series(series('a', { 0, 80, 104, 99, 100 })):overshoot_at_most(4)")
series_passes("overshoot_at_most: no net travel means no overshoot", "assert.series(series('a', { 5, 50, 5 })):overshoot_at_most(0)")
series_fails("overshoot_at_most: downward travel", "assert.series(series('drawer.origin', { 400, 320, 292.5, 296, 300 })):overshoot_at_most(5)", 1,
  'series "drawer.origin": overshoot of 7.5 pt at frame 3 (t=0.05 s) exceeds overshoot_at_most 5 pt (travel from 400 to 300, reached 292.5)',
  { expected = "overshoot of at most 5 pt", actual = "7.5 pt at frame 3 (t=0.05 s)" })
series_fails("overshoot_at_most: upward travel reports the worst sample", "assert.series(series('a', { 0, 103, 106, 101, 100 })):overshoot_at_most(2)", 1,
  'series "a": overshoot of 6 pt at frame 3 (t=0.05 s) exceeds overshoot_at_most 2 pt (travel from 0 to 100, reached 106)')

series_fails("series: an empty series fails every check", "assert.series({ name = 'ghost', times = {}, values = {} }):max_step(1)", 1,
  'series "ghost": no samples to check max_step against', { expected = "at least one sample", actual = "no samples" })
series_fails("series: empty from(t)", "assert.series(series('a', { 1, 2 })):from(1):monotonic()", 1,
  'series "a" (from t=1 s): no samples to check monotonic against')
series_errors("series: not a table", "assert.series(nil)", 1,
  "assert.series: expected a series table { name, times, frames, values }, got (nil)")
series_errors("series: lengths must agree", "assert.series({ name = 'a', times = { 0, 1 }, values = { 1 } })", 1,
  'series "a": times, frames and values must have the same length (2 times, no frames, 1 values)')
series_errors("series: NaN values are refused", "assert.series({ name = 'a', times = { 0, 1 }, values = { 1, 0/0 } })", 1,
  'series "a": sample 2 is not a number (time 1, value nan)')
series_errors("series: times must increase", "assert.series({ name = 'a', times = { 0, 1, 1 }, values = { 1, 2, 3 } })", 1,
  'series "a": times must increase, but sample 3 (t=1 s) follows t=1 s')

------------------------------------------------------------------------

print(string.format("%d passed, %d failed", passed, failed))
if failed > 0 then os.exit(1) end
