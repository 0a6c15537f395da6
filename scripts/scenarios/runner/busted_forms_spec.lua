-- The other ways busted lets a spec be written: `spec` and `test` as names for `it`, and the
-- call form without parentheses around the name — describe "name" (function() … end) — for
-- blocks and tests; hooks may take a name before their function.
local log = {}

describe "the call form without parentheses" (function()
  randomize(false)   -- the last test reads what the hooks and tests before it logged (also under --shuffle)
  before_each("marks each test", function() log[#log + 1] = "before" end)

  it "declares a test" (function()
    log[#log + 1] = "it"
  end)

  context "works for context" (function()
    it "and inside it" (function()
      assert.are.same({ "before", "it", "before" }, log)
    end)
  end)
end)

describe("spec and test", function()
  randomize(false)   -- the last test checks the three before it ran
  local ran = {}
  spec("declare a test, as it does", function() ran[#ran + 1] = "spec" end)
  test("declare a test too", function() ran[#ran + 1] = "test" end)
  test "take the call form too" (function() ran[#ran + 1] = "curried" end)

  it("ran the three tests", function()
    assert.are.same({ "spec", "test", "curried" }, ran)
  end)
end)

describe("inside a running test", function()
  it("describe, it and the hooks are refused with a sentence", function()
    for _, name in ipairs({ "describe", "insulate", "expose", "it", "spec", "test", "setup",
                            "lazy_setup", "strict_teardown", "before_each", "randomize" }) do
      local ok, message = pcall(_G[name], "name", function() end)
      assert.is_false(ok)
      assert.matches("'" .. name .. "' not supported inside current context block", message, 1, true)
    end
  end)
end)
