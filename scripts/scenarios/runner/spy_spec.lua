-- Spies, stubs and mocks as luassert 1.9 has them (issue 12): a spec written for busted
-- runs here unchanged. Failure texts are luassert's own (its en.lua and spy.lua), checked
-- exactly with has_error(fn, text).
describe("spies", function()
  local test

  before_each(function()
    test = { key = function() return "derp" end }
  end)

  it("spy.on runs the function it replaces and records the call", function()
    spy.on(test, "key")
    assert.are.equal("derp", test.key("a"))
    assert.spy(test.key).was.called(1)
    assert.spy(test.key).was.called_with("a")
    assert.spy(test.key).returned_with("derp")
    assert.spy(test.key).was_not.called_with("b")
  end)

  it("counts calls: called, called(n), called_at_least, called_at_most, was_not.called", function()
    local s = spy.new(function() end)
    assert.spy(s).was_not.called()
    s(1) s(2)
    assert.spy(s).was.called()
    assert.spy(s).was.called(2)
    assert.spy(s).was_not.called(3)
    assert.spy(s).was.called_at_least(2)
    assert.spy(s).was.called.at_most(2)
    assert.spy(s).was_not.called_at_most(1)
    assert.spy(s).was.called_more_than(1)
    assert.spy(s).was.called_less_than(3)
  end)

  it("compares arguments as they were at the call, and match.is_ref compares the table itself", function()
    local s = spy.new(function() end)
    local t = { foo = { bar = { "test" } } }
    s(t)
    t.foo.bar = "value"
    assert.spy(s).was.called_with({ foo = { bar = { "test" } } })
    assert.spy(s).was_not.called_with(t)
    assert.spy(s).was.called_with(match.is_ref(t))
  end)

  it("needs as many arguments as the call had, match._ standing for any one", function()
    local s = spy.new(function(...) return ... end)
    s(1, 2, 3)
    assert.spy(s).was.called_with(match._, 2, 3)
    assert.spy(s).was_not.called_with(match._, match._, match._, match._)
    assert.spy(s).was_not.called_with({ 1, 2, 3 })
    assert.spy(s).returned_with(1, 2, 3)
  end)

  it("revert puts the original back and the spy stops counting", function()
    local original = test.key
    local s = spy.on(test, "key")
    test.key()
    assert.are.equal(original, s:revert())
    assert.are.equal(original, test.key)
    test.key()
    assert.spy(s).was.called(1)
  end)

  it("clear forgets the calls", function()
    local s = spy.new(function() return "foobar" end)
    s() s("test")
    s:clear()
    assert.spy(s).was.called(0)
    assert.spy(s).was_not.returned_with("foobar")
  end)

  it("refuses to spy on what cannot be called", function()
    assert.has_error(function() spy.new("some string") end,
      "Cannot spy on type 'string', only on functions or callable elements")
    assert.has_no.errors(function() spy.new(setmetatable({}, { __call = function() end })) end)
  end)

  it("spies on a plugin's functions", function()
    local plugin = { snap = function(y) return y - y % 10 end }
    local s = spy.on(plugin, "snap")
    assert.are.equal(120, plugin.snap(123))
    assert.spy(s).was.called_with(123)
    assert.spy(s).returned_with(120)
  end)

  it("spies on an engine method through a function that calls it", function()
    local nav = world:navigation{ screens = { world:screen{ id = "home" } } }
    local push = spy.new(function(...) return nav:push(...) end)
    push(world:screen{ id = "detail" })
    assert.spy(push).was.called(1)
    assert.spy(push).was.called_with(match.is_userdata())
    -- spy.on works on the handle itself too (spy_engine_spec.lua); a field is not a method:
    assert.has_error(function() spy.on(nav, "depth") end)
  end)
end)

describe("spy failure messages", function()
  it("called(n)", function()
    local s = spy.new(function() end)
    s()
    assert.has_error(function() assert.spy(s).was.called(2) end,
      "Expected to be called 2 time(s), but was called 1 time(s)")
    assert.has_error(function() assert.spy(s).was_not.called(1) end,
      "Expected not to be called exactly 1 time(s), but it was.")
    assert.has_error(function() assert.spy(s).was_not.called() end,
      "Expected to be called 0 time(s), but was called 1 time(s)")
  end)

  it("called() without a count", function()
    local s = spy.new(function() end)
    assert.has_error(function() assert.spy(s).was.called() end,
      "Expected to be called >0 time(s), but was called 0 time(s)")
  end)

  it("called_at_least and called_at_most, and their negations", function()
    local s = spy.new(function() end)
    s() s()
    assert.has_error(function() assert.spy(s).was.called_at_least(3) end,
      "Expected to be called at least 3 time(s), but was called 2 time(s)")
    assert.has_error(function() assert.spy(s).was_not.called_at_least(1) end,
      "Expected to be called less than 1 time(s), but was called 2 time(s)")
    assert.has_error(function() assert.spy(s).was.called_at_most(1) end,
      "Expected to be called at most 1 time(s), but was called 2 time(s)")
    assert.has_error(function() assert.spy(s).was_not.called_at_most(2) end,
      "Expected to be called more than 2 time(s), but was called 2 time(s)")
  end)

  it("called_with shows the last call when none matches", function()
    local s = spy.new(function() end)
    s("herp", nil, "bust", nil)
    assert.has_error(function() assert.spy(s).was.called_with() end,
      "Function was never called with matching arguments.\n"
      .. "Called with (last call if any):\n"
      .. "(values list) ((string) 'herp', (nil), (string) 'bust', (nil))\n"
      .. "Expected:\n"
      .. "(values list) ()")
  end)

  it("called_with on a spy never called shows (nil)", function()
    local s = spy.new(function() end)
    assert.has_error(function() assert.spy(s).was.called_with("derp", nil, "bust", nil) end,
      "Function was never called with matching arguments.\n"
      .. "Called with (last call if any):\n"
      .. "(nil)\n"
      .. "Expected:\n"
      .. "(values list) ((string) 'derp', (nil), (string) 'bust', (nil))")
  end)

  it("was_not.called_with shows the first matching call, and matchers print as matchers", function()
    local s = spy.new(function() end)
    s({}, nil, {}, nil)
    s("herp", nil, "bust", nil)
    assert.has_error(function()
      assert.spy(s).was_not.called_with(match.match("er"), nil, match.string(), nil)
    end,
      "Function was called with matching arguments at least once.\n"
      .. "Called with (last matching call):\n"
      .. "(values list) ((string) 'herp', (nil), (string) 'bust', (nil))\n"
      .. "Did not expect:\n"
      .. "(values list) ((matcher) is.match((string) 'er'), (nil), (matcher) is.string(), (nil))")
  end)

  it("returned_with", function()
    local s = spy.new(function(...) return ... end)
    s("herp", nil)
    assert.has_error(function() assert.spy(s).returned_with("derp") end,
      "Function never returned matching arguments.\n"
      .. "Returned (last call if any):\n"
      .. "(values list) ((string) 'herp', (nil))\n"
      .. "Expected:\n"
      .. "(values list) ((string) 'derp')")
    assert.has_error(function() assert.spy(s).has_not.returned_with(match.is_string(), match.is_nil()) end,
      "Function returned matching arguments at least once.\n"
      .. "Returned (last matching call):\n"
      .. "(values list) ((string) 'herp', (nil))\n"
      .. "Did not expect:\n"
      .. "(values list) ((matcher) is.string(), (matcher) is.nil())")
  end)

  it("a message given to spy() heads the failure", function()
    local s = spy.new(function() end)
    assert.has_error(function() assert.spy(s, "the tap handler").was.called(1) end,
      "the tap handler\nExpected to be called 1 time(s), but was called 0 time(s)")
  end)

  it("spy assertions need spy(aspy) first", function()
    assert.has_error(function() assert.was.called() end, "'called' must be chained after 'spy(aspy)'")
    assert.has_error(function() assert.spy(function() end).was.called_with() end,
      "When calling 'spy(aspy)', 'aspy' must not be the original function, but the spy function replacing the original")
  end)
end)

describe("stubs", function()
  it("replace a function, return what they are told, and revert to the original", function()
    local t = { key = function() return "original" end }
    local original = t.key
    local s = stub(t, "key", "stubbed", 2)
    assert.are.same({ "stubbed", 2 }, { t.key("x") })
    assert.stub(t.key).was.called_with("x")
    s.returns("other")
    assert.are.equal("other", t.key())
    s.invokes(function(a) return a * 2 end)
    assert.are.equal(8, t.key(4))
    s:revert()
    assert.are.equal(original, t.key)
  end)

  it("answer particular arguments with on_call_with, others by_default", function()
    local t = {}
    stub(t, "size").by_default.returns(0)
    t.size.on_call_with("sheet").returns(480)
    t.size.on_call_with(match.is_number()).invokes(function(n) return n + 1 end)
    assert.are.equal(480, t.size("sheet"))
    assert.are.equal(4, t.size(3))
    assert.are.equal(0, t.size("drawer"))
    assert.stub(t.size).was.called(3)
  end)

  it("a stub on a missing key reverts to nil; a blank stub needs no table", function()
    local t = {}
    local s = stub(t, "missing")
    t.missing()
    assert.stub(s).was.called()
    s:revert()
    assert.is_nil(t.missing)
    local blank = stub()
    blank(1)
    assert.stub(blank).was.called_with(1)
  end)

  it("refuse a value that cannot be called", function()
    assert.has_error(function() stub({ key = 3 }, "key") end,
      "stub.new(): The element for which to create a stub must either be callable, or be nil")
    assert.has_error(function() stub("t", "key") end,
      "stub.new(): Can only create stub on a table key, call with 2 params; table, key")
  end)
end)

describe("mocks", function()
  it("spy on every function of a table, nested tables too", function()
    local t = { a = function() return 1 end, inner = { b = function() return 2 end }, n = 3 }
    local m = mock(t)
    assert.are.equal(1, t.a())
    assert.are.equal(2, t.inner.b())
    assert.spy(t.a).was.called(1)
    assert.spy(t.inner.b).was.called(1)
    mock.clear(m)
    assert.spy(t.a).was_not.called()
    mock.revert(m)
    assert.is_function(t.a)
    assert.are.equal(3, t.n)
  end)

  it("with stubbing on, the functions no longer run", function()
    local ran = false
    local t = { go = function() ran = true end }
    mock(t, true)
    t.go()
    assert.is_false(ran)
    assert.stub(t.go).was.called()
  end)
end)

describe("assert:snapshot", function()
  it("revert restores spies, parameters and formatters", function()
    local t = { f = function() return 1 end }
    local original = t.f
    local level = assert:get_parameter("TableFormatLevel")
    local snapshot = assert:snapshot()
    spy.on(t, "f")
    stub(t, "g")
    assert:set_parameter("TableFormatLevel", 1)
    local formatter = function(v) if v == "secret" then return "(redacted)" end end
    assert:add_formatter(formatter)
    assert.are.equal("(redacted)", assert:format({ "secret", n = 1 })[1])
    snapshot:revert()
    assert.are.equal(original, t.f)
    assert.is_nil(t.g)
    assert.are.equal(level, assert:get_parameter("TableFormatLevel"))
    assert.are.equal("(string) 'secret'", assert:format({ "secret", n = 1 })[1])
  end)

  it("reverting an outer snapshot reverts the inner ones", function()
    local t = { f = function() end }
    local original = t.f
    local outer = assert:snapshot()
    local _ = assert:snapshot()
    spy.on(t, "f")
    outer:revert()
    assert.are.equal(original, t.f)
  end)
end)
