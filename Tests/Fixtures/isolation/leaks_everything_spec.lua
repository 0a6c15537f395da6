-- A spec file that first checks that nothing another file did is visible, then changes
-- everything a file can reach: globals, library tables, the string metatable, the prelude's
-- tables (assert, spy, match, busted's verbs), registered assertions, matchers, messages,
-- formatters and parameters, package (its path and loaded modules), require's cache and the modules it returned, the collector, a
-- method of a handle.
-- FileIsolationTests runs copies of it one after another in one process (--jobs 1 and
-- --jobs 2), where the runner reuses a Lua state between files: every copy must pass.

local counter = require("scenarios.runner.support.counter")

describe("a spec file", function()
  it("sees none of another file's changes", function()
    assert.is_nil(rawget(_G, "leaked_global"))
    assert.is_nil(getmetatable(_G))
    assert.equal("function", type(rawget(_G, "package").searchpath))
    assert.is_nil(package.path:find("leaked", 1, true))
    assert.is_nil(package.loaded.leaked_module)
    assert.is_nil(getmetatable("").leaked)
    assert.equal(string, getmetatable("").__index)
    assert.is_nil(string.leaked)
    assert.equal("x", ("%s"):format("x"))
    assert.equal(3, math.floor(3.5))
    assert.equal(2, #table.pack(1, 2))
    assert.equal(0, os.clock())
    assert.is_nil(rawget(assert, "leaked"))
    assert.is_nil(rawget(spy, "leaked"))
    assert.is_nil(rawget(match, "leaked"))
    assert.equal(0, counter.count)
    assert.is_nil(counter.leaked)
    assert.equal("Expected objects to be equal.\nPassed in:\n%s\nExpected:\n%s", assert.messages["assertion.equals.positive"])
    assert.equal("(number) 1", assert.format(1))
    assert.equal("{ { { 1 } } }", assert.inspect({ { { 1 } } }))
    assert.equal(3, assert:get_parameter("TableFormatLevel"))
    assert.error_matches(function() assert.is_leaky(1) end, "unknown modifier/assertion")
    assert.error_matches(function() return match.is_leaky() end, "leaky")
    assert.is_true(collectgarbage("isrunning"))
    assert.equal("table", type(world:properties()))
    assert.equal("function", type(it))
    assert.equal("function", type(describe))
  end)

  it("then changes all of it", function()
    _G.leaked_global = true
    setmetatable(_G, { __index = function(_, key) return "leaked " .. tostring(key) end })
    package.path = "leaked/?.lua;" .. package.path
    package.loaded.leaked_module = true
    rawset(_G, "package", { loaded = {} })
    getmetatable("").leaked = true
    getmetatable("").__index = function() return function() return "leaked" end end
    rawset(string, "leaked", true)
    string.format = function() return "leaked" end
    math.floor = function() return -1 end
    table.pack = function() return { n = 0 } end
    os.clock = function() return 42 end
    assert.leaked = true
    spy.leaked = true
    match.leaked = true
    counter.bump()
    counter.leaked = true
    assert:set_message("assertion.equals.positive", "leaked")
    assert:add_formatter(function(value) if value == 1 then return "leaked one" end end)
    assert:set_parameter("TableFormatLevel", 1)
    assert:register("assertion", "leaky", function() return true end)
    assert:register("matcher", "leaky", function() return function() return true end end)
    collectgarbage("stop")
    world.properties = function() return "leaked" end
    _G.it = nil
    _G.describe = nil
  end)
end)
