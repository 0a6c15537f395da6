-- Matchers as luassert 1.9 has them (issue 12): in called_with and returned_with, and
-- made with assert:register("matcher", ...). Failure texts are luassert's own.
describe("matchers", function()
  local s

  before_each(function()
    s = spy.new(function(...) return ... end)
  end)

  it("match._ accepts anything, nil included", function()
    s(nil, 2)
    assert.spy(s).was.called_with(match._, match._)
  end)

  it("every type matcher, and is_not to negate one", function()
    s(1, "a", {}, print, true, nil, coroutine.create(function() end))
    assert.spy(s).was.called_with(match.is_number(), match.is_string(), match.is_table(),
      match.is_function(), match.is_boolean(), match.is_nil(), match.is_thread())
    assert.spy(s).was.called_with(match.is_not.string(), match.is_not_number(), match._,
      match.no.table(), match.is_true(), match.is_falsy(), match.is_truthy())
    assert.spy(s).was_not.called_with(match.is_string(), match._, match._, match._, match._, match._, match._)
  end)

  it("is_same compares tables deeply, is_equal with ==", function()
    local t = { 1, { 2 } }
    s(t, 3)
    assert.spy(s).was.called_with(match.is_same({ 1, { 2 } }), match.is_equal(3))
    assert.spy(s).was_not.called_with(match.is_equal({ 1, { 2 } }), 3)
  end)

  it("matches takes a Lua pattern, near a tolerance", function()
    s("sheet.height", 480.2)
    assert.spy(s).was.called_with(match.matches("^sheet%."), match.is_near(480, 0.5))
    assert.spy(s).was_not.called_with(match.matches("^drawer"), match._)
  end)

  it("is_ref wants the very table, not a copy of it", function()
    local t, copy = { 1 }, { 1 }
    s(t)
    assert.spy(s).was.called_with(match.is_ref(t))
    assert.spy(s).was_not.called_with(match.is_ref(copy))
    assert.spy(s).was.called_with(copy)
  end)

  it("all_of, any_of and none_of combine matchers", function()
    s(42)
    assert.spy(s).was.called_with(match.all_of(match.is_number(), match.is_near(40, 5)))
    assert.spy(s).was.called_with(match.any_of(match.is_string(), match.is_number()))
    assert.spy(s).was.called_with(match.none_of(match.is_string(), match.is_nil()))
    assert.spy(s).was_not.called_with(match.all_of(match.is_number(), match.is_string()))
  end)

  it("work in returned_with", function()
    s("x", 1)
    assert.spy(s).returned_with(match.is_string(), match.is_number())
  end)

  it("a matcher is callable on its own", function()
    assert.is_true(match.is_number()(3))
    assert.is_false(match.is_not.number()(3))
    assert.is_true(match.is_matcher(match._))
    assert.is_false(match.is_matcher({}))
  end)

  it("assert:register adds a matcher, usable with is_ and is_not", function()
    assert:register("matcher", "even", function(state, arguments)
      return function(value) return type(value) == "number" and value % 2 == 0 end
    end)
    s(4, 3)
    assert.spy(s).was.called_with(match.is_even(), match.is_not_even())
  end)

  it("print in failure messages as luassert prints them", function()
    s(1)
    local empty = {}
    assert.has_error(function() assert.spy(s).was.called_with(match.is_not_nil(), match.is_same(empty)) end,
      "Function was never called with matching arguments.\n"
      .. "Called with (last call if any):\n"
      .. "(values list) ((number) 1)\n"
      .. "Expected:\n"
      .. "(values list) ((matcher) no.nil(), (matcher) is.same((" .. tostring(empty) .. ") { }))")
  end)

  it("check their arguments as luassert does", function()
    assert.has_error(function() match.is_ref(3) end, "bad argument #1 to 'ref' (object expected, got number)")
    assert.has_error(function() match.is_ref() end, "the 'ref' function requires a minimum of 1 arguments, got: 0")
    assert.has_error(function() match.all_of(1) end, "bad argument #1 to 'all' (matcher expected, got number)")
    assert.has_error(function() match.matches(1) end, "bad argument #1 to 'matches' (string expected, got number)")
  end)
end)
