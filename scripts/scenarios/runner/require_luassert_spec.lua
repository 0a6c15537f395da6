-- Spec files written for busted require luassert's modules by name; Detent answers with its
-- own implementations of the same API (require otherwise resolves inside scripts/ only).
local match = require("luassert.match")
local spy = require("luassert.spy")
local stub = require("luassert.stub")
local say = require("say")
local busted = require("busted")

describe("require of busted's and luassert's modules", function()
  it("gives the same spy, stub and match as the globals", function()
    assert.are.equal(_G.spy, spy)
    assert.are.equal(_G.stub, stub)
    assert.are.equal(_G.match, match)
    assert.are.equal(_G.describe, busted.describe)
    for _, name in ipairs({ "insulate", "expose", "finally", "randomize", "lazy_setup", "strict_teardown", "spec", "test" }) do
      assert.are.equal(_G[name], busted[name], name)
    end
    assert.are.equal(assert, require("luassert"))
  end)

  it("works with the spies it returns", function()
    local s = spy.new(function() end)
    s(1, "x")
    assert.spy(s).was.called_with(match.is_number(), match._)
  end)

  it("lets say set the messages of a registered assertion", function()
    say:set("assertion.is_blue.positive", "Expected %s to be blue")
    say:set("assertion.is_blue.negative", "Expected %s not to be blue")
    assert:register("assertion", "is_blue", function(_, arguments) return arguments[1] == "blue" end,
      "assertion.is_blue.positive", "assertion.is_blue.negative")
    assert.is_blue("blue")
    assert.has_error(function() assert.is_blue("red") end, "Expected (string) 'red' to be blue")
    assert.are.equal("Expected 1 to be blue", say("assertion.is_blue.positive", { 1 }))
  end)
end)
